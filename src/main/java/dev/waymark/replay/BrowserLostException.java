package dev.waymark.replay;

/**
 * The browser behind a replay went away (its session or connection is gone). {@code sent} says whether the step
 * being performed had been sent to the page: when it had not, the run may start again on a new session; when it
 * had, the step's effect is unknown and it must never be repeated.
 */
public final class BrowserLostException extends RuntimeException {
  private final boolean sent;

  public BrowserLostException(String message, boolean sent) {
    super(message);
    this.sent = sent;
  }

  /** Whether the step had been sent to the page before the browser was lost. */
  public boolean sent() {
    return sent;
  }
}

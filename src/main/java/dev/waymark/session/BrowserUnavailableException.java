package dev.waymark.session;

/** No browser could answer: none is connected, or it stopped answering. The message says what to do. */
public final class BrowserUnavailableException extends Exception {
  public BrowserUnavailableException(String message) {
    super(message);
  }

  public BrowserUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}

package dev.waymark.webdriver;

/** A WebDriver session could not be had (no driver, an unreachable Grid, a refused session); the message says what to do. */
public final class SessionStartException extends Exception {
  public SessionStartException(String message) {
    super(message);
  }

  public SessionStartException(String message, Throwable cause) {
    super(message, cause);
  }
}

package dev.waymark.session;

/** A session operation the person must hear about; the message says what happened and what to do. */
public final class SessionException extends RuntimeException {
  public SessionException(String message) {
    super(message);
  }

  public SessionException(String message, Throwable cause) {
    super(message, cause);
  }
}

package dev.waymark.decide;

/** A decision source that could not answer: unreachable, refused, timed out. The message says what to do. */
public class DecisionSourceException extends Exception {
  public DecisionSourceException(String message) {
    super(message);
  }

  public DecisionSourceException(String message, Throwable cause) {
    super(message, cause);
  }
}

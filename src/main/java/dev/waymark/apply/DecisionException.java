package dev.waymark.apply;

/** A decision that cannot be used; the message is the error text the next prompt shows. */
public final class DecisionException extends Exception {
  public DecisionException(String message) {
    super(message);
  }
}

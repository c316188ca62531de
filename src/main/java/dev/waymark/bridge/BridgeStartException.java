package dev.waymark.bridge;

/** The bridge server could not start (usually: the port is taken). */
public final class BridgeStartException extends Exception {
  public BridgeStartException(String message) {
    super(message);
  }
}

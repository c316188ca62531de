package dev.waymark.bridge;

/** A request to the browser that did not get an answer: not connected, timed out, connection lost, or refused. */
public class BridgeException extends RuntimeException {
  /** Why, as a person can read it. */
  public BridgeException(String message) {
    super(message);
  }

  /** No paired browser to send to; nothing was sent. */
  public static final class NotConnected extends BridgeException {
    public NotConnected(String message) {
      super(message);
    }
  }

  /** No reply within the request's timeout. */
  public static final class Timeout extends BridgeException {
    public Timeout(String message) {
      super(message);
    }
  }

  /** The connection ended before the reply came. */
  public static final class ConnectionLost extends BridgeException {
    public ConnectionLost(String message) {
      super(message);
    }
  }

  /** The extension answered with an error message instead of a reply. */
  public static final class Refused extends BridgeException {
    public Refused(String message) {
      super(message);
    }
  }
}

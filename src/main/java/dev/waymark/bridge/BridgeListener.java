package dev.waymark.bridge;

/** Hooks for connection changes and browser events; called on the bridge's dispatch thread, one at a time. */
public interface BridgeListener {
  /** A client paired. */
  default void connected(ClientInfo client) {
  }

  /**
   * A paired client's connection ended.
   *
   * @param code     the close code ({@link CloseCodes})
   * @param reason   the close reason
   * @param replaced true when a newer connection of the same client took its place
   */
  default void disconnected(ClientInfo client, int code, String reason, boolean replaced) {
  }

  /** The extension reported an event. */
  default void event(ClientInfo client, BrowserEvent event) {
  }
}

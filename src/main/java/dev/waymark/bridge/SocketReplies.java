package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.java_websocket.WebSocket;
import org.java_websocket.exceptions.WebsocketNotConnectedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the studio sends a connection outside a request: a message that may find the connection already closed
 * (heartbeats, the challenge, the welcome), and a refusal — an error the peer can read, then the close. Apart from
 * {@link BridgeServer} because admission, routing and the heartbeat timer all refuse and send the same way.
 */
final class SocketReplies {
  private static final Logger LOG = LoggerFactory.getLogger(SocketReplies.class);

  private final WireCodec codec;

  SocketReplies(WireCodec codec) {
    this.codec = codec;
  }

  /** Sends a message; a connection that closed meanwhile is no error (its close is handled on its own). */
  void sendQuietly(WebSocket conn, ObjectNode message) {
    try {
      conn.send(codec.encode(message));
    } catch (WebsocketNotConnectedException e) {
      LOG.debug("not sent: connection already closed");
    }
  }

  /** Sends an error (echoing the request id, when there is one) and closes the connection with the code. */
  void refuse(WebSocket conn, String id, int code, String error) {
    ObjectNode e = codec.message(MessageType.ERROR);
    if (id != null) {
      e.put("id", id);
    }
    e.put("error", error);
    sendQuietly(conn, e);
    conn.close(code, error);
  }
}

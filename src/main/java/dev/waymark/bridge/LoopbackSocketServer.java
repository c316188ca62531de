package dev.waymark.bridge;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import org.java_websocket.WebSocket;
import org.java_websocket.drafts.Draft;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.handshake.ServerHandshakeBuilder;
import org.java_websocket.server.WebSocketServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Java-WebSocket server of the bridge: one selector thread; every callback goes to {@link Events}. */
final class LoopbackSocketServer extends WebSocketServer {
  private static final Logger LOG = LoggerFactory.getLogger(LoopbackSocketServer.class);

  /** What the bridge does with what the socket hears. */
  interface Events {
    /** Refuses an upgrade by throwing; called before the connection opens. */
    void handshake(ClientHandshake request) throws InvalidDataException;

    void opened(WebSocket conn);

    void closed(WebSocket conn, int code, String reason);

    void text(WebSocket conn, String message);

    void binary(WebSocket conn);

    /** The server listens (failure null) or could not start. */
    void started(Exception failure);
  }

  private final Events events;

  LoopbackSocketServer(InetSocketAddress address, List<Draft> drafts, Events events) {
    super(address, 1, drafts);
    this.events = events;
  }

  @Override
  public ServerHandshakeBuilder onWebsocketHandshakeReceivedAsServer(WebSocket conn, Draft draft, ClientHandshake request)
      throws InvalidDataException {
    ServerHandshakeBuilder builder = super.onWebsocketHandshakeReceivedAsServer(conn, draft, request);
    events.handshake(request);
    return builder;
  }

  @Override
  public void onOpen(WebSocket conn, ClientHandshake handshake) {
    events.opened(conn);
  }

  @Override
  public void onClose(WebSocket conn, int code, String reason, boolean remote) {
    events.closed(conn, code, reason);
  }

  @Override
  public void onMessage(WebSocket conn, String message) {
    events.text(conn, message);
  }

  @Override
  public void onMessage(WebSocket conn, ByteBuffer message) {
    events.binary(conn);
  }

  @Override
  public void onError(WebSocket conn, Exception ex) {
    if (conn == null) {
      LOG.debug("bridge server error", ex);
      events.started(ex);
    } else {
      LOG.debug("connection error: {}", ex.toString());
    }
  }

  @Override
  public void onStart() {
    events.started(null);
  }
}

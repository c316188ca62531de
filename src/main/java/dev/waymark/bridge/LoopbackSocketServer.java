package dev.waymark.bridge;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.java_websocket.WebSocket;
import org.java_websocket.WebSocketAdapter;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.WebSocketServerFactory;
import org.java_websocket.drafts.Draft;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.framing.CloseFrame;
import org.java_websocket.framing.Framedata;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.handshake.ServerHandshakeBuilder;
import org.java_websocket.server.WebSocketServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Java-WebSocket server of the bridge: one selector thread; every callback goes to {@link Events}. Each
 * accepted socket is a {@link GuardedSocket}: its upgrade is checked by {@link UpgradeGate}, bounded in time and
 * in how many may wait to pair at once, and a refused one is closed once its answer is written.
 */
final class LoopbackSocketServer extends WebSocketServer {
  private static final Logger LOG = LoggerFactory.getLogger(LoopbackSocketServer.class);
  /** A refused socket whose peer does not read its answer is closed after this anyway. */
  private static final long REFUSAL_LINGER_NANOS = 1_000_000_000L;

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
  private final UpgradeGate gate;
  private final IntSupplier openUnpaired;
  private final Set<GuardedSocket> upgrading = ConcurrentHashMap.newKeySet();
  private final AtomicInteger pendingUpgrades = new AtomicInteger();
  final AtomicLong unansweredPings = new AtomicLong();
  /** The most connections ever waiting to pair at once, counted when one is let in. */
  final AtomicInteger unpairedPeak = new AtomicInteger();

  LoopbackSocketServer(InetSocketAddress address, List<Draft> drafts, Events events, UpgradeGate gate,
      IntSupplier openUnpaired) {
    super(address, 1, drafts);
    this.events = events;
    this.gate = gate;
    this.openUnpaired = openUnpaired;
    setWebSocketFactory(new Factory());
  }

  /** Connections accepted whose upgrade is not through yet (refused ones until closed). */
  int upgrading() {
    return upgrading.size();
  }

  /** Closes upgrades past their time and refused sockets once answered; the bridge's timer calls it. */
  void sweep() {
    long now = System.nanoTime();
    long timeout = gate.limits().upgradeTimeout().toNanos();
    for (GuardedSocket s : upgrading) {
      if (s.isClosed()) {
        leave(s);
      } else if (s.refused() && !s.answered()) {
        continue; // its answer is being written: closing now would lose it
      } else if (s.refused() || s.isFlushAndClose()) {
        long since = s.refused() ? s.refusedAt : s.acceptedAt;
        if (s.outQueue.isEmpty() || now - since > REFUSAL_LINGER_NANOS) {
          s.closeConnection(CloseFrame.NEVER_CONNECTED, "upgrade refused");
          leave(s);
        }
      } else if (s.overCap) {
        s.refuse(UpgradeGate.busy());
      } else if (s.passed() || s.isOpen()) {
        leave(s);
      } else if (now - s.acceptedAt > timeout) {
        gate.timeouts.incrementAndGet();
        LOG.info("Closing a connection whose upgrade did not arrive within {} ms", gate.limits().upgradeTimeout().toMillis());
        s.refuse(UpgradeGate.timeout());
      }
    }
  }

  private void leave(GuardedSocket s) {
    s.leavePending();
    if (s.isClosed() || s.isOpen()) {
      upgrading.remove(s);
    }
  }

  @Override
  public ServerHandshakeBuilder onWebsocketHandshakeReceivedAsServer(WebSocket conn, Draft draft, ClientHandshake request)
      throws InvalidDataException {
    ServerHandshakeBuilder builder = super.onWebsocketHandshakeReceivedAsServer(conn, draft, request);
    events.handshake(request);
    return builder;
  }

  @Override
  public void onWebsocketPing(WebSocket conn, Framedata f) {
    // a peer that pings and never reads would pile pongs up in our memory
    if (conn instanceof WebSocketImpl impl && impl.outQueue.size() >= gate.limits().maxQueuedPongs()) {
      unansweredPings.incrementAndGet();
      return;
    }
    super.onWebsocketPing(conn, f);
  }

  @Override
  public void onOpen(WebSocket conn, ClientHandshake handshake) {
    if (conn instanceof GuardedSocket s) {
      leave(s);
    }
    events.opened(conn);
  }

  @Override
  public void onClose(WebSocket conn, int code, String reason, boolean remote) {
    if (conn instanceof GuardedSocket s) {
      leave(s);
    }
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

  /** Makes every accepted socket a guarded one, over the bound of unpaired connections or not. */
  private final class Factory implements WebSocketServerFactory {
    @Override
    public WebSocketImpl createWebSocket(WebSocketAdapter a, Draft d) {
      return createWebSocket(a, List.of(d));
    }

    @Override
    public WebSocketImpl createWebSocket(WebSocketAdapter a, List<Draft> drafts) {
      int waiting = pendingUpgrades.incrementAndGet() + openUnpaired.getAsInt();
      boolean over = waiting > gate.limits().maxUnpaired();
      if (over) {
        pendingUpgrades.decrementAndGet();
        gate.refusedBusy.incrementAndGet();
      } else {
        unpairedPeak.accumulateAndGet(waiting, Math::max);
      }
      GuardedSocket s = new GuardedSocket(a, drafts, gate, over, pendingUpgrades);
      upgrading.add(s);
      return s;
    }

    @Override
    public ByteChannel wrapChannel(SocketChannel channel, SelectionKey key) {
      return channel;
    }

    @Override
    public void close() {
    }
  }
}

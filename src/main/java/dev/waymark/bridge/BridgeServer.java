package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.java_websocket.WebSocket;
import org.java_websocket.drafts.Draft;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.handshake.ClientHandshake;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's WebSocket server for the extension (docs/protocol.md): loopback only, exact
 * extension Origin, loopback Host, challenge/response pairing, one paired session per client id,
 * size limits, a closed verb set, heartbeats and request/reply correlation. Callbacks only decode
 * and hand off to the dispatch thread; the server holds no session or UI state. Who gets in is
 * {@link ClientAdmission}, where a message goes {@link MessageRouter}, who is paired {@link PairedClients};
 * the server owns the socket, the threads, heartbeats and requests.
 */
public final class BridgeServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BridgeServer.class);
  private static final long TICK_MS = 250;

  private final BridgeConfig config;
  private final WireCodec codec;
  private final HandshakePolicy handshake;
  private final UpgradeGate gate;
  private final SendRaceWatchdog watchdog;
  private final LoopbackSocketServer ws;
  private final ScheduledExecutorService timer;
  private final ExecutorService dispatcher;
  private final SocketReplies replies;
  private final PairedClients clients = new PairedClients();
  private final BridgeListeners listeners;
  private final ClientAdmission admission;
  private final MessageRouter router;
  private final AtomicLong requestSeq = new AtomicLong();
  private final CountDownLatch started = new CountDownLatch(1);
  private volatile Exception startFailure;
  private volatile boolean closed;

  private final AtomicLong refusedProof = new AtomicLong();
  private final AtomicLong badMessages = new AtomicLong();
  private final AtomicLong oversized = new AtomicLong();
  private final AtomicLong silent = new AtomicLong();
  private final AtomicLong delayedProofs = new AtomicLong();

  private BridgeServer(BridgeConfig config, PairingSecret secret) {
    this.config = config;
    this.codec = new WireCodec(config.maxMessageBytes());
    this.replies = new SocketReplies(codec);
    // The Chrome extension's origin, and the Firefox add-on's in a profile that pins its UUID (decision 0058).
    this.handshake = new HandshakePolicy(java.util.Set.of(ExtensionId.origin(config.extensionId()), ExtensionId.firefoxOrigin()), this::port);
    this.gate = new UpgradeGate(handshake, config.limits());
    ProofThrottle proofThrottle = new ProofThrottle(config.limits().proofDelay(), config.limits().maxProofDelay());
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, new NamedThreads("waymark-bridge-timer"));
    t.setRemoveOnCancelPolicy(true);
    this.timer = t;
    PairingHandshake pairing = new PairingHandshake(secret, proofThrottle, badMessages, refusedProof, delayedProofs,
        replies::refuse, (answer, ms) -> t.schedule(answer, ms, TimeUnit.MILLISECONDS));
    // runs inline once shut down, so a future completed during close still completes
    this.dispatcher = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
        new NamedThreads("waymark-bridge-dispatch"), (r, executor) -> r.run());
    this.listeners = new BridgeListeners(dispatcher);
    this.admission = new ClientAdmission(config, secret, codec, pairing, proofThrottle, t, replies, clients, listeners);
    this.router = new MessageRouter(codec, replies, admission, listeners, badMessages);
    Draft draft = new SizeLimitedDraft(config.maxMessageBytes(), oversized);
    this.ws = new LoopbackSocketServer(new InetSocketAddress("127.0.0.1", config.port()), List.of(draft), new Events(), gate,
        admission::openUnpaired);
    this.watchdog = new SendRaceWatchdog(ws);
  }

  /** Starts a server and waits until it listens; fails when the port is taken. */
  public static BridgeServer start(BridgeConfig config, PairingSecret secret) throws BridgeStartException {
    BridgeServer server = new BridgeServer(config, secret);
    server.ws.setReuseAddr(true);
    server.ws.setTcpNoDelay(true);
    // protocol pings do not keep an MV3 worker alive; application heartbeats do the liveness check
    server.ws.setConnectionLostTimeout(0);
    server.ws.start();
    try {
      if (!server.started.await(10, TimeUnit.SECONDS)) {
        server.close();
        throw new BridgeStartException("The bridge server did not start within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.close();
      throw new BridgeStartException("Interrupted while starting the bridge server");
    }
    if (server.startFailure != null) {
      server.close();
      throw new BridgeStartException("Could not listen on 127.0.0.1:" + config.port()
          + " (" + server.startFailure.getMessage() + "). Is another Waymark studio running? Choose another port.");
    }
    server.timer.scheduleWithFixedDelay(server::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    server.timer.scheduleWithFixedDelay(server.watchdog::scheduledTick, SendRaceWatchdog.PERIOD_MS,
        SendRaceWatchdog.PERIOD_MS, TimeUnit.MILLISECONDS);
    LOG.info("Bridge listening on 127.0.0.1:{}", server.port());
    return server;
  }

  /** The port the server is bound to (useful with port 0). */
  public int port() {
    return ws.getPort();
  }

  /** The settings. */
  public BridgeConfig config() {
    return config;
  }

  /** The codec (its mapper turns payloads into records). */
  public WireCodec codec() {
    return codec;
  }

  /** Counters of refusals and closes. */
  public BridgeStats stats() {
    return new BridgeStats(handshake.refusedOrigin.get(), handshake.refusedHost.get(), refusedProof.get(),
        router.refusedBeforePairing.get(), badMessages.get(), admission.pairTimeouts.get(), oversized.get(), silent.get(),
        admission.pairings.get(), gate.refusedUpgrade.get(), gate.refusedTooLarge.get(), gate.timeouts.get(), gate.refusedBusy.get(),
        delayedProofs.get(), ws.unansweredPings.get());
  }

  /** The most connections that were ever waiting to pair at once (never above {@link SocketLimits#maxUnpaired()}). */
  public int unpairedPeak() {
    return ws.unpairedPeak.get();
  }

  /** Connections accepted and not yet paired: upgrades in progress (refused ones until closed) and open unpaired ones. */
  public int unpairedConnections() {
    return ws.upgrading() + admission.openUnpaired();
  }

  /** How often the send-race watchdog had to wake the selector for a stuck frame. */
  public long watchdogKicks() {
    return watchdog.kicks();
  }

  /** Turns the send-race watchdog off; only to show in a test that the guard is what keeps frames moving. */
  void setWatchdogEnabled(boolean enabled) {
    watchdog.setEnabled(enabled);
  }

  /** One look of the send-race watchdog, for a test that holds every other writer still. */
  int watchdogTick() {
    return watchdog.tick();
  }

  /** The raw connection of a paired client, for tests that recreate the send race's stuck state. */
  WebSocket connectionOf(String clientId) {
    BridgeSession s = clients.byId(clientId);
    return s == null ? null : s.conn;
  }

  void setLateReplyHandler(Consumer<ObjectNode> handler) {
    listeners.setLateReplyHandler(handler);
  }

  /** Adds a listener. */
  public void addListener(BridgeListener listener) {
    listeners.add(listener);
  }

  /** Removes a listener. */
  public void removeListener(BridgeListener listener) {
    listeners.remove(listener);
  }

  /** The client requests go to by default: the one that paired most recently and is still connected. */
  public Optional<ClientInfo> currentClient() {
    return clients.currentInfo();
  }

  /** Every paired client. */
  public List<ClientInfo> clients() {
    return clients.infos();
  }

  /** Drops a client's connection (the person pressed disconnect, or a test simulates a network drop). */
  public boolean disconnect(String clientId) {
    BridgeSession s = clients.byId(clientId);
    if (s == null) {
      return false;
    }
    s.conn.close(CloseCodes.DISCONNECTED, "disconnected by the studio");
    return true;
  }

  /**
   * Sends a request to a client (null: the current one) and completes with its reply, on the
   * dispatch thread. Fails with {@link BridgeException.NotConnected} when it could not be sent,
   * {@link BridgeException.ConnectionLost} when the connection ended after sending,
   * {@link BridgeException.Timeout} without a reply in time, {@link BridgeException.Refused} on an
   * error reply.
   */
  public CompletableFuture<ObjectNode> request(String clientId, ObjectNode message, Duration timeout) {
    CompletableFuture<ObjectNode> result = new CompletableFuture<>();
    BridgeSession s = clientId == null ? clients.current() : clients.byId(clientId);
    String type = message.path("type").asText();
    if (s == null || closed) {
      result.completeExceptionally(new BridgeException.NotConnected(BridgeSession.notConnectedText()));
      return result;
    }
    String id = "r" + requestSeq.incrementAndGet();
    message.put("id", id);
    s.send(id, type, codec.encode(message), timeout, timer).whenCompleteAsync((reply, error) -> {
      if (error != null) {
        result.completeExceptionally(error);
      } else {
        result.complete(reply);
      }
    }, dispatcher);
    LOG.debug("sent {} {}", type, id);
    return result;
  }

  /** Stops the server, closes every connection (pending requests fail as connection lost) and ends all threads. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    // What waits on the browser is told first: stopping the socket waits for each close handshake (up to 2 s, more
    // on a busy machine), and a caller must not wait that out to learn the studio is closing.
    for (BridgeSession s : clients.sessions()) {
      s.failPending();
    }
    try {
      ws.stop(2000, "the studio is closing");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (BridgeSession s : clients.sessions()) {
      s.failPending();
    }
    timer.shutdownNow();
    dispatcher.shutdown();
    try {
      timer.awaitTermination(2, TimeUnit.SECONDS);
      dispatcher.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LOG.info("Bridge stopped");
  }

  // ---- timers -------------------------------------------------------------------------------

  private void tick() {
    ws.sweep();
    long now = System.nanoTime();
    for (WebSocket conn : ws.getConnections()) {
      BridgeSession s = conn.getAttachment();
      if (s == null || !s.paired) {
        continue;
      }
      if (now - s.lastHeard > config.silenceTimeout().toNanos()) {
        silent.incrementAndGet();
        LOG.info("Closing client {}: silent for {} s", s.info.clientId(), config.silenceTimeout().toSeconds());
        conn.close(CloseCodes.SILENT, "no message for " + config.silenceTimeout().toSeconds() + " s");
        continue;
      }
      if (now - s.lastHeartbeatSent >= config.heartbeatInterval().toNanos()) {
        s.lastHeartbeatSent = now;
        ObjectNode hb = codec.message(MessageType.HEARTBEAT);
        hb.put("at", System.currentTimeMillis());
        replies.sendQuietly(conn, hb);
      }
    }
  }

  // ---- a connection's end (WebSocket worker thread: forget it, then hand off) -------------------

  private void closedConnection(WebSocket conn, int code, String reason) {
    BridgeSession s = conn.getAttachment();
    if (s == null) {
      return;
    }
    admission.closing(s);
    s.failPending();
    boolean wasPaired;
    synchronized (s.pairLock) {
      s.closed = true;
      wasPaired = s.paired;
    }
    if (!wasPaired) {
      return;
    }
    clients.remove(s);
    LOG.info("Extension disconnected: client {} (code {})", s.info.clientId(), code);
    listeners.disconnected(s.info, code, reason, s.replaced);
  }

  /** What the socket server hears, handed to this bridge's handlers. */
  private final class Events implements LoopbackSocketServer.Events {
    @Override
    public void handshake(ClientHandshake request) throws InvalidDataException {
      handshake.check(request);
    }

    @Override
    public void opened(WebSocket conn) {
      admission.opened(conn);
    }

    @Override
    public void closed(WebSocket conn, int code, String reason) {
      closedConnection(conn, code, reason);
    }

    @Override
    public void text(WebSocket conn, String message) {
      router.text(conn, message);
    }

    @Override
    public void binary(WebSocket conn) {
      router.binary(conn);
    }

    @Override
    public void started(Exception failure) {
      startFailure = failure;
      BridgeServer.this.started.countDown();
    }
  }
}

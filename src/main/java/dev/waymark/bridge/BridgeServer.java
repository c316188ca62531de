package dev.waymark.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.java_websocket.WebSocket;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.exceptions.LimitExceededException;
import org.java_websocket.framing.Framedata;
import org.java_websocket.drafts.Draft;
import org.java_websocket.drafts.Draft_6455;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.exceptions.WebsocketNotConnectedException;
import org.java_websocket.framing.CloseFrame;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.handshake.ServerHandshakeBuilder;
import org.java_websocket.protocols.IProtocol;
import org.java_websocket.protocols.Protocol;
import org.java_websocket.server.WebSocketServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's WebSocket server for the extension (docs/protocol.md): loopback only, exact
 * extension Origin, loopback Host, challenge/response pairing, one paired session per client id,
 * size limits, a closed verb set, heartbeats and request/reply correlation. Callbacks only decode
 * and hand off to the dispatch thread; the server holds no session or UI state.
 */
public final class BridgeServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BridgeServer.class);
  private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");
  private static final SecureRandom RANDOM = new SecureRandom();
  /** How often the send-race watchdog looks at queued frames. */
  static final long WATCHDOG_PERIOD_MS = 20;
  private static final long TICK_MS = 250;

  private final BridgeConfig config;
  private final PairingSecret secret;
  private final WireCodec codec;
  private final String allowedOrigin;
  private final Server ws;
  private final ScheduledExecutorService timer;
  private final ExecutorService dispatcher;
  private final Map<String, Session> paired = new ConcurrentHashMap<>();
  private final AtomicReference<Session> current = new AtomicReference<>();
  private final List<BridgeListener> listeners = new CopyOnWriteArrayList<>();
  private final AtomicLong requestSeq = new AtomicLong();
  private final AtomicLong connectionSeq = new AtomicLong();
  private final CountDownLatch started = new CountDownLatch(1);
  private volatile Exception startFailure;
  private volatile boolean closed;
  private volatile boolean watchdogEnabled = true;
  private volatile Consumer<ObjectNode> lateReplyHandler = reply -> { };

  private final AtomicLong refusedOrigin = new AtomicLong();
  private final AtomicLong refusedHost = new AtomicLong();
  private final AtomicLong refusedProof = new AtomicLong();
  private final AtomicLong refusedBeforePairing = new AtomicLong();
  private final AtomicLong badMessages = new AtomicLong();
  private final AtomicLong pairTimeouts = new AtomicLong();
  private final AtomicLong oversized = new AtomicLong();
  private final AtomicLong silent = new AtomicLong();
  private final AtomicLong pairings = new AtomicLong();
  private final AtomicLong watchdogKicks = new AtomicLong();

  private BridgeServer(BridgeConfig config, PairingSecret secret) {
    this.config = config;
    this.secret = secret;
    this.codec = new WireCodec(config.maxMessageBytes());
    this.allowedOrigin = ExtensionId.origin(config.extensionId());
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, new NamedThreads("waymark-bridge-timer"));
    t.setRemoveOnCancelPolicy(true);
    this.timer = t;
    // runs inline once shut down, so a future completed during close still completes
    this.dispatcher = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
        new NamedThreads("waymark-bridge-dispatch"), (r, executor) -> r.run());
    Draft draft = new SizeLimitedDraft(config.maxMessageBytes(), oversized);
    this.ws = new Server(new InetSocketAddress("127.0.0.1", config.port()), List.of(draft));
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
    server.timer.scheduleWithFixedDelay(server::watchdog, WATCHDOG_PERIOD_MS, WATCHDOG_PERIOD_MS, TimeUnit.MILLISECONDS);
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
    return new BridgeStats(refusedOrigin.get(), refusedHost.get(), refusedProof.get(), refusedBeforePairing.get(),
        badMessages.get(), pairTimeouts.get(), oversized.get(), silent.get(), pairings.get());
  }

  /** How often the send-race watchdog had to wake the selector for a stuck frame. */
  public long watchdogKicks() {
    return watchdogKicks.get();
  }

  /** Turns the send-race watchdog off; only to show in a test that the guard is what keeps frames moving. */
  void setWatchdogEnabled(boolean enabled) {
    this.watchdogEnabled = enabled;
  }

  /** The raw connection of a paired client, for tests that recreate the send race's stuck state. */
  WebSocket connectionOf(String clientId) {
    Session s = paired.get(clientId);
    return s == null ? null : s.conn;
  }

  void setLateReplyHandler(Consumer<ObjectNode> handler) {
    this.lateReplyHandler = handler;
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
    Session s = current.get();
    return s == null ? Optional.empty() : Optional.of(s.info);
  }

  /** Every paired client. */
  public List<ClientInfo> clients() {
    List<ClientInfo> out = new ArrayList<>();
    paired.values().forEach(s -> out.add(s.info));
    return out;
  }

  /** Drops a client's connection (the person pressed disconnect, or a test simulates a network drop). */
  public boolean disconnect(String clientId) {
    Session s = paired.get(clientId);
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
    Session s = clientId == null ? current.get() : paired.get(clientId);
    String type = message.path("type").asText();
    if (s == null || closed) {
      result.completeExceptionally(new BridgeException.NotConnected(notConnectedText()));
      return result;
    }
    String id = "r" + requestSeq.incrementAndGet();
    message.put("id", id);
    Pending p = new Pending(type);
    p.raw.whenCompleteAsync((reply, error) -> {
      if (error != null) {
        result.completeExceptionally(error);
      } else {
        result.complete(reply);
      }
    }, dispatcher);
    s.pending.put(id, p);
    p.timeout = timer.schedule(() -> {
      if (s.pending.remove(id, p)) {
        p.raw.completeExceptionally(new BridgeException.Timeout(
            "The browser did not answer the " + type + " request within " + timeout.toMillis() + " ms"));
      }
    }, timeout.toMillis(), TimeUnit.MILLISECONDS);
    String text = codec.encode(message);
    synchronized (p) {
      try {
        s.conn.send(text);
        p.sent = true;
      } catch (WebsocketNotConnectedException e) {
        s.pending.remove(id, p);
        p.timeout.cancel(false);
        p.raw.completeExceptionally(new BridgeException.NotConnected(notConnectedText()));
      }
    }
    LOG.debug("sent {} {}", type, id);
    return result;
  }

  private static String notConnectedText() {
    return "No browser is connected to the studio. Start Chromium with the Waymark extension (waymark browser), "
        + "or paste the pairing code into the extension's popup.";
  }

  /** Stops the server, closes every connection (pending requests fail as connection lost) and ends all threads. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      ws.stop(2000, "the studio is closing");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (Session s : paired.values()) {
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
    long now = System.nanoTime();
    for (WebSocket conn : ws.getConnections()) {
      Session s = conn.getAttachment();
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
        sendQuietly(conn, hb);
      }
    }
  }

  /**
   * Guards the Java-WebSocket 1.6.0 send race: the selector drains the out-queue and resets the
   * key to OP_READ while another thread enqueues and asks for OP_WRITE, so the frame waits for the
   * next send. A frame seen at the head of the queue with no write interest, or still at the head
   * one period later, gets the write demand re-raised.
   */
  private void watchdog() {
    if (watchdogEnabled) {
      watchdogTick();
    }
  }

  /** One look at every connection's out-queue; answers how many stuck frames it woke the selector for. */
  int watchdogTick() {
    int kicks = 0;
    for (WebSocket conn : ws.getConnections()) {
      if (!(conn instanceof WebSocketImpl impl)) {
        continue;
      }
      Session s = impl.getAttachment();
      ByteBuffer head = impl.outQueue.peek();
      if (head == null) {
        if (s != null) {
          s.lastHead = null;
        }
        continue;
      }
      SelectionKey key = impl.getSelectionKey();
      boolean stuck;
      try {
        stuck = key != null && key.isValid()
            && ((key.interestOps() & SelectionKey.OP_WRITE) == 0 || (s != null && s.lastHead == head));
      } catch (CancelledKeyException e) {
        stuck = false;
      }
      if (stuck) {
        kicks++;
        watchdogKicks.incrementAndGet();
        ws.onWriteDemand(impl);
      }
      if (s != null) {
        s.lastHead = head;
      }
    }
    return kicks;
  }


  private void sendQuietly(WebSocket conn, ObjectNode message) {
    try {
      conn.send(codec.encode(message));
    } catch (WebsocketNotConnectedException e) {
      LOG.debug("not sent: connection already closed");
    }
  }

  private void refuse(WebSocket conn, String id, int code, String error) {
    ObjectNode e = codec.message(MessageType.ERROR);
    if (id != null) {
      e.put("id", id);
    }
    e.put("error", error);
    sendQuietly(conn, e);
    conn.close(code, error);
  }

  // ---- message handling (WebSocket worker thread: decode, then hand off) ----------------------

  private void opened(WebSocket conn) {
    Session s = new Session(conn, connectionSeq.incrementAndGet(), nonce());
    conn.setAttachment(s);
    s.pairTimeout = timer.schedule(() -> {
      if (!s.paired && conn.isOpen()) {
        pairTimeouts.incrementAndGet();
        refuse(conn, "pair", CloseCodes.PAIR_TIMEOUT, "not paired within " + config.pairTimeout().toSeconds() + " s");
      }
    }, config.pairTimeout().toMillis(), TimeUnit.MILLISECONDS);
    ObjectNode challenge = codec.message(MessageType.CHALLENGE);
    challenge.put("id", "pair");
    challenge.put("protocol", 1);
    challenge.put("nonce", s.serverNonce);
    sendQuietly(conn, challenge);
  }

  private void received(WebSocket conn, String text) {
    Session s = conn.getAttachment();
    if (s == null) {
      return;
    }
    s.lastHeard = System.nanoTime();
    WireCodec.Decoded msg;
    try {
      msg = codec.decode(text);
    } catch (WireCodec.WireException e) {
      badMessages.incrementAndGet();
      refuse(conn, null, CloseCodes.BAD_MESSAGE, e.getMessage());
      return;
    }
    if (!msg.type().acceptedByStudio()) {
      badMessages.incrementAndGet();
      refuse(conn, msg.id(), CloseCodes.BAD_MESSAGE, "the studio does not accept " + msg.type().wire());
      return;
    }
    if (!s.paired) {
      if (msg.type() == MessageType.HELLO) {
        hello(s, msg.body());
      } else {
        refusedBeforePairing.incrementAndGet();
        refuse(conn, msg.id(), CloseCodes.UNAUTHORIZED, "pair first: nothing but hello is accepted before pairing");
      }
      return;
    }
    switch (msg.type()) {
      case HEARTBEAT -> { }
      case HELLO -> {
        badMessages.incrementAndGet();
        refuse(conn, msg.id(), CloseCodes.BAD_MESSAGE, "already paired");
      }
      case EVENT -> {
        String name = msg.body().path("event").asText("");
        BrowserEvent event = new BrowserEvent(name, msg.body());
        ClientInfo info = s.info;
        dispatcher.execute(() -> listeners.forEach(l -> safely(() -> l.event(info, event))));
      }
      default -> reply(s, msg);
    }
  }

  private void reply(Session s, WireCodec.Decoded msg) {
    String id = msg.id();
    Pending p = id == null ? null : s.pending.remove(id);
    if (p == null) {
      LOG.debug("late or unknown reply {} {}", msg.type().wire(), id);
      ObjectNode body = msg.body();
      dispatcher.execute(() -> safely(() -> lateReplyHandler.accept(body)));
      return;
    }
    p.timeout.cancel(false);
    if (msg.type() == MessageType.ERROR) {
      String error = msg.body().path("error").asText("the browser refused the request");
      p.raw.completeExceptionally(new BridgeException.Refused(error));
    } else {
      p.raw.complete(msg.body());
    }
  }

  private void hello(Session s, ObjectNode hello) {
    JsonNode protocol = hello.get("protocol");
    String clientId = hello.path("client_id").asText("");
    String clientNonce = hello.path("nonce").asText("");
    JsonNode proof = hello.get("proof");
    if (protocol == null || protocol.asInt() != 1) {
      badMessages.incrementAndGet();
      refuse(s.conn, "pair", CloseCodes.BAD_MESSAGE, "this studio speaks protocol 1; update the extension or the studio");
      return;
    }
    if (!CLIENT_ID.matcher(clientId).matches() || clientNonce.length() < 16 || clientNonce.length() > 128) {
      badMessages.incrementAndGet();
      refuse(s.conn, "pair", CloseCodes.BAD_MESSAGE, "hello needs a client_id and a nonce");
      return;
    }
    String proofText = proof != null && proof.isTextual() ? proof.asText() : null;
    if (!secret.verifyExtensionProof(s.serverNonce, clientNonce, proofText)) {
      refusedProof.incrementAndGet();
      LOG.info("Refused a pairing attempt: wrong or missing proof");
      refuse(s.conn, "pair", CloseCodes.UNAUTHORIZED,
          "pairing failed: the pairing code does not match this studio; paste the code the studio shows into the extension popup");
      return;
    }
    s.pairTimeout.cancel(false);
    s.info = new ClientInfo(clientId, s.serial, abbreviate(hello.path("extension_version").asText("")),
        abbreviate(hello.path("browser").asText("")), Instant.now());
    ObjectNode welcome = codec.message(MessageType.WELCOME);
    welcome.put("id", "pair");
    welcome.put("proof", secret.studioProof(clientNonce, s.serverNonce));
    welcome.put("heartbeat_ms", config.heartbeatInterval().toMillis());
    sendQuietly(s.conn, welcome);
    s.lastHeartbeatSent = System.nanoTime();
    s.paired = true;
    pairings.incrementAndGet();
    Session old = paired.put(clientId, s);
    current.set(s);
    if (old != null && old != s) {
      old.replaced = true;
      old.conn.close(CloseCodes.REPLACED, "replaced by a newer connection of the same browser");
    }
    LOG.info("Extension paired: client {} ({}, extension {})", clientId, s.info.browser(), s.info.extensionVersion());
    ClientInfo info = s.info;
    dispatcher.execute(() -> listeners.forEach(l -> safely(() -> l.connected(info))));
  }

  private void closedConnection(WebSocket conn, int code, String reason) {
    Session s = conn.getAttachment();
    if (s == null) {
      return;
    }
    if (s.pairTimeout != null) {
      s.pairTimeout.cancel(false);
    }
    s.failPending();
    if (!s.paired) {
      return;
    }
    paired.remove(s.info.clientId(), s);
    if (current.compareAndSet(s, null)) {
      // fall back to another paired client, if any
      paired.values().stream().findFirst().ifPresent(other -> current.compareAndSet(null, other));
    }
    LOG.info("Extension disconnected: client {} (code {})", s.info.clientId(), code);
    ClientInfo info = s.info;
    boolean replaced = s.replaced;
    dispatcher.execute(() -> listeners.forEach(l -> safely(() -> l.disconnected(info, code, reason, replaced))));
  }

  private static void safely(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException e) {
      LOG.warn("A bridge listener failed", e);
    }
  }

  private static String nonce() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  // ---- handshake policy --------------------------------------------------------------------

  private void checkHandshake(ClientHandshake request) throws InvalidDataException {
    String origin = request.getFieldValue("Origin");
    if (!allowedOrigin.equals(origin)) {
      refusedOrigin.incrementAndGet();
      LOG.info("Refused a WebSocket upgrade from origin '{}'", abbreviate(origin));
      throw new InvalidDataException(CloseFrame.POLICY_VALIDATION, "origin not allowed");
    }
    String host = request.getFieldValue("Host");
    int port = port();
    if (!("127.0.0.1:" + port).equals(host) && !("localhost:" + port).equalsIgnoreCase(host)) {
      refusedHost.incrementAndGet();
      LOG.info("Refused a WebSocket upgrade for host '{}'", abbreviate(host));
      throw new InvalidDataException(CloseFrame.POLICY_VALIDATION, "host not allowed");
    }
  }

  private static String abbreviate(String s) {
    if (s == null) {
      return "";
    }
    return s.length() > 80 ? s.substring(0, 80) + "…" : s;
  }

  /** Per-connection state, attached to the WebSocket. */
  private static final class Session {
    final WebSocket conn;
    final long serial;
    final String serverNonce;
    final Map<String, Pending> pending = new ConcurrentHashMap<>();
    volatile boolean paired;
    volatile boolean replaced;
    volatile ClientInfo info;
    volatile long lastHeard = System.nanoTime();
    volatile long lastHeartbeatSent;
    volatile ScheduledFuture<?> pairTimeout;
    ByteBuffer lastHead; // watchdog thread only

    Session(WebSocket conn, long serial, String serverNonce) {
      this.conn = conn;
      this.serial = serial;
      this.serverNonce = serverNonce;
    }

    void failPending() {
      for (Map.Entry<String, Pending> e : pending.entrySet()) {
        Pending p = e.getValue();
        if (!pending.remove(e.getKey(), p)) {
          continue;
        }
        if (p.timeout != null) {
          p.timeout.cancel(false);
        }
        synchronized (p) {
          p.raw.completeExceptionally(p.sent
              ? new BridgeException.ConnectionLost("The connection to the browser ended before it answered the " + p.type + " request")
              : new BridgeException.NotConnected(notConnectedText()));
        }
      }
    }
  }

  /** A request waiting for its reply. */
  private static final class Pending {
    final String type;
    final CompletableFuture<ObjectNode> raw = new CompletableFuture<>();
    volatile ScheduledFuture<?> timeout;
    boolean sent; // guarded by this

    Pending(String type) {
      this.type = type;
    }
  }

  /** The Java-WebSocket server; all callbacks delegate to the outer class. */

  /**
   * Draft 6455 with the message size limit, counting every frame or message refused for its size where the
   * limit trips: the close that follows may reach us as 1006 when the peer is still writing.
   */
  private static final class SizeLimitedDraft extends Draft_6455 {
    private final int maxBytes;
    private final AtomicLong refused;

    SizeLimitedDraft(int maxBytes, AtomicLong refused) {
      super(List.of(), List.<IProtocol>of(new Protocol("")), maxBytes);
      this.maxBytes = maxBytes;
      this.refused = refused;
    }

    @Override
    public List<Framedata> translateFrame(ByteBuffer buffer) throws InvalidDataException {
      try {
        return super.translateFrame(buffer);
      } catch (LimitExceededException e) {
        refused.incrementAndGet();
        throw e;
      }
    }

    @Override
    public void processFrame(WebSocketImpl webSocketImpl, Framedata frame) throws InvalidDataException {
      try {
        super.processFrame(webSocketImpl, frame);
      } catch (LimitExceededException e) {
        refused.incrementAndGet();
        throw e;
      }
    }

    @Override
    public Draft copyInstance() {
      return new SizeLimitedDraft(maxBytes, refused);
    }
  }

  private final class Server extends WebSocketServer {
    Server(InetSocketAddress address, List<Draft> drafts) {
      super(address, 1, drafts);
    }

    @Override
    public ServerHandshakeBuilder onWebsocketHandshakeReceivedAsServer(WebSocket conn, Draft draft, ClientHandshake request)
        throws InvalidDataException {
      ServerHandshakeBuilder builder = super.onWebsocketHandshakeReceivedAsServer(conn, draft, request);
      checkHandshake(request);
      return builder;
    }

    @Override
    public void onOpen(WebSocket conn, ClientHandshake handshake) {
      opened(conn);
    }

    @Override
    public void onClose(WebSocket conn, int code, String reason, boolean remote) {
      closedConnection(conn, code, reason);
    }

    @Override
    public void onMessage(WebSocket conn, String message) {
      received(conn, message);
    }

    @Override
    public void onMessage(WebSocket conn, ByteBuffer message) {
      Session s = conn.getAttachment();
      if (s != null) {
        badMessages.incrementAndGet();
        refuse(conn, null, CloseCodes.BAD_MESSAGE, "binary frames are not part of the protocol");
      }
    }

    @Override
    public void onError(WebSocket conn, Exception ex) {
      if (conn == null) {
        startFailure = ex;
        started.countDown();
        LOG.debug("bridge server error", ex);
      } else {
        LOG.debug("connection error: {}", ex.toString());
      }
    }

    @Override
    public void onStart() {
      started.countDown();
    }
  }
}

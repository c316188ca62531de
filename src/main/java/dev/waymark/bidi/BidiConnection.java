package dev.waymark.bidi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One WebDriver BiDi connection (the transport the WebDriver driver and the Firefox launcher share) (the session's {@code webSocketUrl}; through a Grid, the Grid's own tunnel): commands
 * correlated by id, events handed to listeners by method. Small on purpose, like playwright-java's transport: the
 * protocol's JSON is written where it is used. Frames are never logged, since a fill's command carries its value.
 */
public final class BidiConnection implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BidiConnection.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final WebSocket socket;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final Map<String, List<Consumer<JsonNode>>> listeners = new ConcurrentHashMap<>();
  private final CompletableFuture<String> closed = new CompletableFuture<>();

  private BidiConnection(WebSocket socket) {
    this.socket = socket;
  }

  /** Connects to a BiDi endpoint, or fails with what went wrong. */
  public static BidiConnection open(URI url, Duration timeout) throws BidiException {
    Receiver receiver = new Receiver();
    try {
      WebSocket ws = HttpClient.newBuilder().connectTimeout(timeout).build().newWebSocketBuilder()
          .connectTimeout(timeout).buildAsync(url, receiver).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      BidiConnection c = new BidiConnection(ws);
      receiver.connection = c;
      return c;
    } catch (ExecutionException | TimeoutException e) {
      throw new BidiException("closed", "cannot open the browser's BiDi connection at " + url + ": "
          + (e.getCause() != null ? e.getCause().getMessage() : "no answer in " + timeout.toSeconds() + " s"), false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BidiException("closed", "interrupted while connecting to the browser", false);
    }
  }

  /** How long a command waits for its answer before the watchdog is asked whether the browser is still there. */
  public static final long WATCH_EVERY_MS = 1_000;

  /**
   * Says why the browser is gone (its session ended, its process died), or null when nothing says so; asked while a
   * command waits longer than {@link #WATCH_EVERY_MS}. Through a Grid a killed browser can leave this connection open
   * and silent: without it a click in flight would wait out its whole timeout to learn what the session already knows.
   */
  private volatile java.util.function.Supplier<String> watchdog;

  public void watchWith(java.util.function.Supplier<String> why) {
    watchdog = why;
  }

  /** Sends a command and waits for its result; a BiDi error, a closed connection or a browser found gone throws. */
  public JsonNode call(String method, ObjectNode params, long timeoutMs) throws BidiException, InterruptedException {
    CompletableFuture<JsonNode> reply = send(method, params);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    try {
      for (;;) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) throw new TimeoutException();
        try {
          return reply.get(Math.min(left, WATCH_EVERY_MS), TimeUnit.MILLISECONDS);
        } catch (TimeoutException slice) {
          java.util.function.Supplier<String> w = watchdog;
          String gone = w == null || reply.isDone() ? null : w.get();
          if (gone != null) {
            pending.values().remove(reply);
            throw new BidiException("closed", method + " had no answer and " + gone, false);
          }
        }
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof BidiException b) throw b;
      throw new BidiException("closed", String.valueOf(e.getCause().getMessage()), false);
    } catch (TimeoutException e) {
      pending.values().remove(reply); // an answer that comes later has no one to go to
      throw new BidiException("timeout", method + " had no answer in " + timeoutMs + " ms", true);
    }
  }

  /** Sends a command; the future completes with its {@code result} or fails with a {@link BidiException}. */
  public CompletableFuture<JsonNode> send(String method, ObjectNode params) {
    long id = ids.incrementAndGet();
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    if (closed.isDone()) {
      reply.completeExceptionally(new BidiException("closed", "the browser connection is closed: " + closed.join(), false));
      return reply;
    }
    pending.put(id, reply);
    ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
    message.set("params", params == null ? JSON.createObjectNode() : params);
    synchronized (socket) {
      // The JDK socket takes one send at a time: the next waits for the previous to be handed over.
      try {
        socket.sendText(message.toString(), true).get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        pending.remove(id);
        reply.completeExceptionally(new BidiException("closed", "cannot send to the browser: " + e.getMessage(), false));
      }
    }
    return reply;
  }

  /** Calls {@code listener} for every event of {@code method} (the session must be subscribed to it). */
  public void on(String method, Consumer<JsonNode> listener) {
    listeners.computeIfAbsent(method, k -> new CopyOnWriteArrayList<>()).add(listener);
  }

  /** Whether the connection is still open. */
  public boolean isOpen() {
    return !closed.isDone();
  }

  /** Completes with the reason when the connection closes. */
  public CompletableFuture<String> closedFuture() {
    return closed;
  }

  @Override
  public void close() {
    if (closed.isDone()) return;
    try {
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(2, TimeUnit.SECONDS);
    } catch (Exception e) {
      socket.abort();
    }
    shutDown("closed by Waymark");
  }

  private void shutDown(String why) {
    if (!closed.complete(why)) return;
    BidiException gone = new BidiException("closed", "the browser connection closed: " + why, false);
    pending.values().forEach(f -> f.completeExceptionally(gone));
    pending.clear();
  }

  private void dispatch(String text) {
    JsonNode msg;
    try {
      msg = JSON.readTree(text);
    } catch (Exception e) {
      LOG.warn("The browser sent a BiDi frame that is not JSON ({} characters)", text.length());
      return;
    }
    if (msg.has("id") && !msg.get("id").isNull()) {
      CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asLong());
      if (f == null) return;
      if ("error".equals(msg.path("type").asText())) {
        f.completeExceptionally(new BidiException(msg.path("error").asText(), msg.path("message").asText(), false));
      } else {
        f.complete(msg.path("result"));
      }
      return;
    }
    String method = msg.path("method").asText("");
    for (Consumer<JsonNode> l : listeners.getOrDefault(method, List.of())) {
      try {
        l.accept(msg.path("params"));
      } catch (RuntimeException e) {
        LOG.warn("A listener of {} failed", method, e);
      }
    }
  }

  /** Assembles fragmented text frames and hands whole messages over. */
  private static final class Receiver implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();
    volatile BidiConnection connection;

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String whole = partial.toString();
        partial.setLength(0);
        BidiConnection c = connection;
        if (c != null) c.dispatch(whole);
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
      BidiConnection c = connection;
      if (c != null) c.shutDown("status " + status + (reason == null || reason.isBlank() ? "" : " " + reason));
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      BidiConnection c = connection;
      if (c != null) c.shutDown(String.valueOf(error.getMessage()));
    }
  }

  /** A BiDi command that failed: the protocol's error code and message, or {@code closed}/{@code timeout}. */
  public static final class BidiException extends Exception {
    private final String code;
    private final boolean timedOut;

    public BidiException(String code, String message, boolean timedOut) {
      super(message);
      this.code = code;
      this.timedOut = timedOut;
    }

    public String code() {
      return code;
    }

    public boolean timedOut() {
      return timedOut;
    }

    /** The connection (so the browser or its session) is gone. */
    public boolean gone() {
      return "closed".equals(code) || "invalid session id".equals(code);
    }
  }
}

package dev.waymark.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A minimal Chrome DevTools Protocol client (JDK WebSocket) for tests: targets, navigation, evaluation, stopping the worker. */
public final class Cdp implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newHttpClient();
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

  private Cdp(WebSocket socket) {
    this.socket = socket;
  }

  /** Connects to the browser target of the DevTools server on {@code port}. */
  public static Cdp connect(int port) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<String> version = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/version")).build(),
        HttpResponse.BodyHandlers.ofString());
    String ws = JSON.readTree(version.body()).path("webSocketDebuggerUrl").asText();
    Cdp[] holder = new Cdp[1];
    StringBuilder partial = new StringBuilder();
    WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(ws), new WebSocket.Listener() {
      @Override
      public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
          String text = partial.toString();
          partial.setLength(0);
          holder[0].received(text);
        }
        webSocket.request(1);
        return null;
      }
    }).join();
    holder[0] = new Cdp(socket);
    return holder[0];
  }

  private void received(String text) {
    try {
      JsonNode msg = JSON.readTree(text);
      if (msg.has("id")) {
        CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
        if (f != null) {
          if (msg.has("error")) {
            f.completeExceptionally(new IOException("CDP error: " + msg.get("error")));
          } else {
            f.complete(msg.path("result"));
          }
        }
      }
    } catch (IOException e) {
      // not JSON: ignore
    }
  }

  /** Sends a command (to a session when sessionId is not null) and waits up to 15 s for its result. */
  public synchronized JsonNode send(String sessionId, String method, ObjectNode params) throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode msg = JSON.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", params == null ? JSON.createObjectNode() : params);
    if (sessionId != null) {
      msg.put("sessionId", sessionId);
    }
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    pending.put(id, f);
    socket.sendText(msg.toString(), true).join();
    return f.get(15, TimeUnit.SECONDS);
  }

  public static ObjectNode params() {
    return JSON.createObjectNode();
  }

  /** All targets (pages, workers, the extension's service worker). */
  public List<JsonNode> targets() throws Exception {
    List<JsonNode> out = new ArrayList<>();
    send(null, "Target.getTargets", null).path("targetInfos").forEach(out::add);
    return out;
  }

  /** The service worker target of the extension, if it is running. */
  public JsonNode serviceWorker(String extensionId) throws Exception {
    for (JsonNode t : targets()) {
      if ("service_worker".equals(t.path("type").asText()) && t.path("url").asText().startsWith("chrome-extension://" + extensionId + "/")) {
        return t;
      }
    }
    return null;
  }

  /** Opens a new tab at url and returns its target id. */
  public String createTarget(String url) throws Exception {
    return send(null, "Target.createTarget", params().put("url", url)).path("targetId").asText();
  }

  /** Closes a target (a tab, or the extension's worker). */
  public void closeTarget(String targetId) throws Exception {
    send(null, "Target.closeTarget", params().put("targetId", targetId));
  }

  /** Polls an expression in a target until it returns a value containing {@code expected}; returns the last value. */
  public String waitForText(String targetId, String expression, String expected, java.time.Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      last = evaluate(targetId, expression).asText("");
      if (last.contains(expected)) {
        return last;
      }
      Thread.sleep(100);
    }
    return last;
  }

  /** Attaches to a target (flat session) and returns the session id. */
  public String attach(String targetId) throws Exception {
    return send(null, "Target.attachToTarget", params().put("targetId", targetId).put("flatten", true)).path("sessionId").asText();
  }

  /** Detaches a session. */
  public void detach(String sessionId) throws Exception {
    send(null, "Target.detachFromTarget", params().put("sessionId", sessionId));
  }

  /** Evaluates an expression in a target and returns its value (awaiting promises). */
  public JsonNode evaluate(String targetId, String expression) throws Exception {
    String session = attach(targetId);
    try {
      JsonNode r = send(session, "Runtime.evaluate", params().put("expression", expression).put("awaitPromise", true).put("returnByValue", true));
      return r.path("result").path("value");
    } finally {
      detach(session);
    }
  }

  /** Navigates a page target and waits for its load. */
  /** Starts loading url and returns once its document is committed, while it may still be loading. */
  public void startNavigation(String targetId, String url) throws Exception {
    String session = attach(targetId);
    try {
      send(session, "Page.navigate", params().put("url", url));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
      while (System.nanoTime() < deadline) {
        JsonNode r = send(session, "Runtime.evaluate", params().put("expression", "location.href").put("returnByValue", true));
        if (r.path("result").path("value").asText().startsWith(url)) {
          return;
        }
        Thread.sleep(25);
      }
      throw new IOException("navigation did not commit: " + url);
    } finally {
      detach(session);
    }
  }

  public void navigate(String targetId, String url) throws Exception {
    String session = attach(targetId);
    try {
      send(session, "Page.enable", null);
      send(session, "Page.navigate", params().put("url", url));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
      while (System.nanoTime() < deadline) {
        JsonNode r = send(session, "Runtime.evaluate", params().put("expression", "location.href + '|' + document.readyState").put("returnByValue", true));
        String v = r.path("result").path("value").asText();
        if (v.startsWith(url) && v.endsWith("|complete")) {
          return;
        }
        Thread.sleep(25);
      }
      throw new IOException("page did not load: " + url);
    } finally {
      detach(session);
    }
  }

  @Override
  public void close() {
    socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(2, TimeUnit.SECONDS).exceptionally(e -> null).join();
    socket.abort();
    pending.values().forEach(f -> f.cancel(true));
  }

  /** How long Chromium took to list a target, for diagnostics. */
  public static Duration since(long nanoStart) {
    return Duration.ofNanos(System.nanoTime() - nanoStart);
  }
}

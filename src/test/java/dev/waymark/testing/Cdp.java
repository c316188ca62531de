package dev.waymark.testing;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
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
  // DevTools answers (the accessibility tree of a 10,000-control page) outgrow Jackson's default limits.
  private static final ObjectMapper JSON = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
      .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
          .maxDocumentLength(1L << 30).maxStringLength(1 << 29).build()).build());
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

  private final HttpClient http = HttpClient.newHttpClient();
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final Map<String, CompletableFuture<JsonNode>> events = new ConcurrentHashMap<>();

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

  /** The port a Chromium started with {@code --remote-debugging-port=0} writes into its profile. */
  public static int awaitDevToolsPort(Path userDataDir, Duration timeout) {
    Path file = userDataDir.resolve("DevToolsActivePort");
    return await().alias("Chromium's DevTools port").atMost(timeout).pollInterval(Duration.ofMillis(50))
        .ignoreExceptions()
        .until(() -> Integer.parseInt(Files.readAllLines(file).get(0).trim()), port -> port > 0);
  }

  /** The next event of this method (from any session), once it arrives; ask before the command that causes it. */
  public CompletableFuture<JsonNode> nextEvent(String method) {
    return events.computeIfAbsent(method, m -> new CompletableFuture<>());
  }

  private void received(String text) {
    try {
      JsonNode msg = JSON.readTree(text);
      if (!msg.has("id") && msg.has("method")) {
        CompletableFuture<JsonNode> f = events.remove(msg.get("method").asText());
        if (f != null) f.complete(msg.path("params"));
      }
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
  public JsonNode send(String sessionId, String method, ObjectNode params) throws Exception {
    return send(sessionId, method, params, DEFAULT_TIMEOUT);
  }

  /** Sends a command and waits up to {@code timeout} for its result (a whole accessibility tree takes a while). */
  public synchronized JsonNode send(String sessionId, String method, ObjectNode params, Duration timeout) throws Exception {
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
    return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  public static ObjectNode params() {
    return JSON.createObjectNode();
  }

  /** Command parameters from a map (numbers, strings, booleans, nested maps). */
  public static ObjectNode params(Map<String, ?> values) {
    return JSON.valueToTree(values);
  }

  /** The mapper that reads DevTools messages, with its raised size limits. */
  public static ObjectMapper json() {
    return JSON;
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

  /**
   * Closes a target (a tab, or the extension's worker) and waits, up to 5 s, until Chrome no longer lists it: Chrome
   * answers closeTarget when the close begins, and a tab still closing is still the active tab the extension would
   * choose for the next step.
   */
  public void closeTarget(String targetId) throws Exception {
    send(null, "Target.closeTarget", params().put("targetId", targetId));
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (System.nanoTime() < deadline
        && targets().stream().anyMatch(t -> targetId.equals(t.path("targetId").asText()))) {
      Thread.sleep(50);
    }
  }

  /** Polls an expression in a target until it returns a value containing {@code expected}; returns the last value. */
  public String waitForText(String targetId, String expression, String expected, java.time.Duration timeout) throws Exception {
    try {
      return await().atMost(timeout).pollInterval(Duration.ofMillis(100))
          .until(() -> evaluate(targetId, expression).asText(""), v -> v.contains(expected));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      return evaluate(targetId, expression).asText("");
    }
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

  /** Starts loading url and returns once its document is committed, while it may still be loading. */
  public void startNavigation(String targetId, String url) throws Exception {
    String session = attach(targetId);
    try {
      send(session, "Page.navigate", params().put("url", url));
      await().alias("the navigation to " + url + " committing").atMost(DEFAULT_TIMEOUT).pollInterval(Duration.ofMillis(25))
          .until(() -> send(session, "Runtime.evaluate", params().put("expression", "location.href").put("returnByValue", true))
              .path("result").path("value").asText(), v -> v.startsWith(url));
    } finally {
      detach(session);
    }
  }

  /** Navigates a page target and waits for its load. */
  public void navigate(String targetId, String url) throws Exception {
    String session = attach(targetId);
    try {
      send(session, "Page.enable", null);
      send(session, "Page.navigate", params().put("url", url));
      await().alias("the page " + url + " loading").atMost(DEFAULT_TIMEOUT).pollInterval(Duration.ofMillis(25))
          .until(() -> send(session, "Runtime.evaluate", params().put("expression", "location.href + '|' + document.readyState")
              .put("returnByValue", true)).path("result").path("value").asText(), v -> v.startsWith(url) && v.endsWith("|complete"));
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

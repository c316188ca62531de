package dev.waymark.observe;

import dev.waymark.testing.Browsers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test driver: a headless Chromium driven over the DevTools protocol, with the observer's bundled page
 * script ({@code target/classes/extension/page.js}) injected into an isolated world of the top frame, the
 * same kind of world the extension runs it in. It lets the observer tests run against real Chromium
 * without the studio's bridge, and gives them the page's own accessibility tree for the baseline.
 */
final class CdpChromium implements AutoCloseable {
  static final Path PAGE_SCRIPT = Path.of("target/classes/extension/page.js");

  // DevTools answers (the accessibility tree of a 10,000-control page) outgrow the studio's message limits
  private final ObjectMapper json = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
      .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
          .maxDocumentLength(1L << 30).maxStringLength(1 << 29).build()).build());
  private final Process process;
  private final Path userDataDir;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final Map<String, CompletableFuture<JsonNode>> events = new ConcurrentHashMap<>();
  private final String script;
  private int world;

  CdpChromium(int width, int height) throws Exception {
    script = Files.readString(PAGE_SCRIPT);
    userDataDir = Files.createTempDirectory("waymark-cdp-");
    String chromium = Browsers.chromium().toString();
    process = new ProcessBuilder(chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
        "--remote-debugging-port=0", "--user-data-dir=" + userDataDir, "--window-size=" + width + "," + height,
        "about:blank")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    Path portFile = userDataDir.resolve("DevToolsActivePort");
    String port = null;
    for (int i = 0; i < 200 && port == null; i++) {
      if (Files.exists(portFile)) {
        String[] lines = Files.readString(portFile).split("\n");
        if (lines.length >= 1 && !lines[0].isBlank()) port = lines[0].trim();
      }
      if (port == null) Thread.sleep(50);
    }
    if (port == null) throw new IOException("Chromium did not open its DevTools port");
    HttpClient http = HttpClient.newHttpClient();
    String wsUrl = null;
    for (int i = 0; i < 50 && wsUrl == null; i++) {
      JsonNode targets = json.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json")).build(),
          HttpResponse.BodyHandlers.ofString()).body());
      for (JsonNode t : targets) if ("page".equals(t.path("type").asText())) wsUrl = t.path("webSocketDebuggerUrl").asText();
      if (wsUrl == null) Thread.sleep(50);
    }
    socket = http.newWebSocketBuilder().buildAsync(URI.create(wsUrl), new Listener()).join();
    send("Page.enable", Map.of());
    send("Runtime.enable", Map.of());
  }

  /** Navigates, waits for the load event and a short settle, and prepares a fresh isolated world. */
  void open(String url) throws Exception {
    CompletableFuture<JsonNode> loaded = new CompletableFuture<>();
    events.put("Page.loadEventFired", loaded);
    send("Page.navigate", Map.of("url", url));
    loaded.get(20, TimeUnit.SECONDS);
    Thread.sleep(150); // let late scripts (custom elements, frames' own scripts) run
    String frameId = send("Page.getFrameTree", Map.of()).path("frameTree").path("frame").path("id").asText();
    world = send("Page.createIsolatedWorld", Map.of("frameId", frameId, "worldName", "waymark-test")).path("executionContextId").asInt();
    JsonNode r = send("Runtime.evaluate", Map.of("expression", script, "contextId", world));
    if (r.has("exceptionDetails")) throw new IllegalStateException("page.js failed: " + r.get("exceptionDetails"));
  }

  /** Evaluates an expression in the isolated world; returns its JSON value. */
  JsonNode eval(String expression) throws Exception {
    JsonNode r = send("Runtime.evaluate", Map.of("expression", expression, "contextId", world,
        "returnByValue", true, "awaitPromise", true));
    if (r.has("exceptionDetails")) throw new IllegalStateException("evaluation failed: " + r.get("exceptionDetails"));
    return r.path("result").path("value");
  }

  /** Evaluates an expression that returns a JSON string, and parses it. */
  JsonNode evalJson(String expression) throws Exception {
    return json.readTree(eval(expression).asText());
  }

  PageObservation observe(String optionsJson) throws Exception {
    String raw = eval("JSON.stringify(globalThis.__waymark.observePage(" + optionsJson + "))").asText();
    return Json.read(raw, PageObservation.class);
  }

  String observeRaw(String optionsJson) throws Exception {
    return eval("JSON.stringify(globalThis.__waymark.observePage(" + optionsJson + "))").asText();
  }

  JsonNode send(String method, Map<String, Object> params) throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode msg = json.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", json.valueToTree(params));
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    pending.put(id, reply);
    socket.sendText(json.writeValueAsString(msg), true).join();
    JsonNode r = reply.get(60, TimeUnit.SECONDS);
    if (r.has("error")) throw new IllegalStateException(method + ": " + r.get("error"));
    return r.path("result");
  }

  @Override
  public void close() throws IOException {
    try {
      socket.abort();
    } finally {
      process.destroy();
      try {
        if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      // Chromium's helper processes may still write into the profile for a moment after it exits.
      dev.waymark.bridge.FileTrees.deleteTree(userDataDir);
    }
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder buf = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      buf.append(data);
      if (last) {
        String text = buf.toString();
        buf.setLength(0);
        try {
          JsonNode m = json.readTree(text);
          if (m.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
            if (f != null) f.complete(m);
          } else if (m.has("method")) {
            CompletableFuture<JsonNode> f = events.remove(m.get("method").asText());
            if (f != null) f.complete(m.path("params"));
          }
        } catch (IOException e) {
          pending.values().forEach(f -> f.completeExceptionally(e));
        }
      }
      ws.request(1);
      return null;
    }
  }

  static Duration timeout() {
    return Duration.ofSeconds(30);
  }
}

package dev.waymark.observe;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.Cdp;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Test driver: a headless Chromium driven over the DevTools protocol, with the observer's bundled page
 * script ({@code target/classes/extension/page.js}) injected into an isolated world of the top frame, the
 * same kind of world the extension runs it in. It lets the observer tests run against real Chromium
 * without the studio's bridge, and gives them the page's own accessibility tree for the baseline.
 */
final class CdpChromium implements AutoCloseable {
  static final Path PAGE_SCRIPT = Path.of("target/classes/extension/page.js");
  /** The page-world recorder the extension's manifest runs at document_start in every frame (decision 0080). */
  static final Path INTERNALS_RECORDER = Path.of("target/classes/extension/internals-recorder.js");
  /** A whole accessibility tree or an observation of 10,000 controls takes a while to come back. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

  private final Process process;
  private final Path userDataDir;
  private final Cdp cdp;
  private final String session;
  private final String script;
  private int world;

  CdpChromium(int width, int height) throws Exception {
    script = Files.readString(PAGE_SCRIPT);
    userDataDir = Files.createTempDirectory("waymark-cdp-");
    process = new ProcessBuilder(Browsers.chromium().toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-quic", "--remote-debugging-port=0", "--user-data-dir=" + userDataDir,
        "--window-size=" + width + "," + height, "about:blank")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    cdp = Cdp.connect(Cdp.awaitDevToolsPort(userDataDir, Duration.ofSeconds(10)));
    String page = null;
    for (JsonNode t : cdp.targets()) if ("page".equals(t.path("type").asText())) page = t.path("targetId").asText();
    if (page == null) throw new IOException("Chromium opened no page");
    session = cdp.attach(page);
    send("Page.enable", Map.of());
    send("Runtime.enable", Map.of());
    send("Page.addScriptToEvaluateOnNewDocument", Map.of("source", Files.readString(INTERNALS_RECORDER)));
  }

  /** Navigates, waits for the load event and a short settle, and prepares a fresh isolated world. */
  void open(String url) throws Exception {
    var loaded = cdp.nextEvent("Page.loadEventFired");
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

  /**
   * Evaluates an expression in the isolated world and keeps its result on the page: the RemoteObject (its
   * {@code objectId} names it to other DevTools commands until {@code Runtime.releaseObjectGroup} of the group).
   */
  JsonNode evalRemote(String expression, String objectGroup) throws Exception {
    JsonNode r = send("Runtime.evaluate", Map.of("expression", expression, "contextId", world, "objectGroup", objectGroup));
    if (r.has("exceptionDetails")) throw new IllegalStateException("evaluation failed: " + r.get("exceptionDetails"));
    return r.path("result");
  }

  /** Evaluates an expression that returns a JSON string, and parses it. */
  JsonNode evalJson(String expression) throws Exception {
    return Cdp.json().readTree(eval(expression).asText());
  }

  PageObservation observe(String optionsJson) throws Exception {
    return Json.read(observeRaw(optionsJson), PageObservation.class);
  }

  String observeRaw(String optionsJson) throws Exception {
    return eval("JSON.stringify(globalThis.__waymark.observePage(" + optionsJson + "))").asText();
  }

  /** A DevTools command to the page; its result. */
  JsonNode send(String method, Map<String, Object> params) throws Exception {
    return cdp.send(session, method, Cdp.params(params), COMMAND_TIMEOUT);
  }

  @Override
  public void close() throws IOException {
    try {
      cdp.close();
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

  static Duration timeout() {
    return Duration.ofSeconds(30);
  }
}

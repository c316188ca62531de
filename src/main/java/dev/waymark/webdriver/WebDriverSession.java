package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection.BidiException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One WebDriver session and its BiDi connection: the page-side code of the extension ({@code page.js}, the same
 * bundle) in a sandbox of every document (an isolated world, as the extension's content script), calls into it, and
 * what the service worker does with {@code chrome.*} done with the protocol: input from the browser's own input
 * pipeline ({@code input.performActions}, trusted), dialogs answered by the step's rule and kept for its report
 * ({@link PageDialogs}), tabs followed, the viewport set and reset.
 */
public final class WebDriverSession implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WebDriverSession.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String SANDBOX = "waymark";
  private static final String PAGE_SCRIPT = load("extension/page.js");
  // Kept in the page's own realm from the first script on: what web components say through ElementInternals
  // (resources/extension/src/internals-recorder.js, decision 0080), asked for by the page script in its sandbox.
  private static final String INTERNALS_RECORDER = load("extension/internals-recorder.js");
  // The eval step's call (resources/extension/src/executor/named-call.js, as the build writes it out).
  private static final String NAMED_CALL = "async (path, argsJson, cap) => {\n" + load("extension/named-call.txt")
      + "\nreturn JSON.stringify(await callNamedFunction(path, JSON.parse(argsJson), cap)); }";
  // Arguments and result travel as JSON text: BiDi's own value serialisation would be needed on both sides otherwise.
  private static final String CALL = "async (name, argsJson) => { const w = globalThis.__waymark;"
      + " if (!w || typeof w[name] !== 'function') return JSON.stringify({__missing: true});"
      + " try { const v = await w[name](...JSON.parse(argsJson)); return JSON.stringify({__value: v === undefined ? null : v}); }"
      + " catch (err) { return JSON.stringify({__error: String(err && err.message ? err.message : err)}); } }";

  private final SessionHost host;
  private final BidiConnection bidi;
  private final String id;
  private final BrowsingEvents events = new BrowsingEvents();
  private final PageDialogs dialogs;
  private volatile String context;
  private volatile boolean viewportSet;
  private volatile boolean downloadsDenied;

  private WebDriverSession(SessionHost host, BidiConnection bidi) {
    this.host = host;
    this.bidi = bidi;
    this.id = host.id();
    this.dialogs = new PageDialogs(bidi, events);
    bidi.watchWith(host::whyGone);
  }

  /**
   * Sets the session up over {@code bidi}: events, the page script in every document, the first tab, downloads
   * blocked. On failure the caller still owns {@code host} and {@code bidi} and ends them.
   */
  public static WebDriverSession start(SessionHost host, BidiConnection bidi) throws SessionStartException {
    WebDriverSession s = new WebDriverSession(host, bidi);
    try {
      s.events.attach(bidi);
      bidi.on("browsingContext.userPromptOpened", s.dialogs::opened);
      bidi.call("session.subscribe", JSON.createObjectNode().set("events", JSON.createArrayNode().add("browsingContext")), 10_000);
      ObjectNode preload = JSON.createObjectNode().put("functionDeclaration", "() => {\n" + PAGE_SCRIPT + "\n}")
          .put("sandbox", SANDBOX);
      bidi.call("script.addPreloadScript", preload, 10_000);
      bidi.call("script.addPreloadScript",
          JSON.createObjectNode().put("functionDeclaration", "() => {\n" + INTERNALS_RECORDER + "\n}"), 10_000);
      JsonNode tree = bidi.call("browsingContext.getTree", JSON.createObjectNode().put("maxDepth", 0), 10_000);
      JsonNode first = tree.path("contexts").path(0);
      if (first.isMissingNode()) throw new SessionStartException("the browser session has no tab");
      s.context = first.path("context").asText();
      s.events.adopt(s.context, first.path("url").asText(null));
      s.denyDownloads();
      return s;
    } catch (BidiException e) {
      throw new SessionStartException("the browser session did not take Waymark's page script: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SessionStartException("interrupted while starting the browser session", e);
    }
  }

  /** The session's id (on a Grid, the Grid's). */
  public String id() {
    return id;
  }

  /** Whether the connection to the browser is still open (a closed one never comes back). */
  public boolean isAlive() {
    return bidi.isOpen();
  }

  /**
   * Whether the browser answers now: a killed browser behind a Grid may leave the tunnel open, so before each step
   * the session is asked for its tabs; no answer within {@code timeoutMs}, or an error, counts as gone.
   */
  boolean answers(long timeoutMs) throws InterruptedException {
    if (!bidi.isOpen()) return false;
    try {
      bidi.call("browsingContext.getTree", JSON.createObjectNode().put("maxDepth", 0), timeoutMs);
      return true;
    } catch (BidiException e) {
      LOG.debug("Session {} does not answer: {}", id, e.getMessage());
      return false;
    }
  }

  /** A capability of the session (for example {@code browserVersion}, or {@code chrome} with its profile folder). */
  public Object capability(String name) {
    return host.capability(name);
  }

  /** The engine and its version as the session names them, such as "Firefox 153.8.0" or "Chrome 156.0.8078.114". */
  public String engine() {
    Object name = capability("browserName");
    Object version = capability("browserVersion");
    String n = name == null || String.valueOf(name).isBlank() ? "Chromium" : String.valueOf(name);
    n = Character.toUpperCase(n.charAt(0)) + n.substring(1);
    return version == null ? n : n + " " + version;
  }

  BrowsingEvents events() {
    return events;
  }

  /** The page's dialogs: how the next step answers them, and those it answered. */
  PageDialogs dialogs() {
    return dialogs;
  }

  /** The tab steps act in. */
  String context() {
    return context;
  }

  void useContext(String next) throws BidiException, InterruptedException {
    bidi.call("browsingContext.activate", JSON.createObjectNode().put("context", next), 5_000);
    context = next;
  }

  /** Calls {@code __waymark[fn](...args)} in the current tab's sandbox; the page's answer, or why there is none. */
  JsonNode callPage(String fn, List<?> args, long timeoutMs) throws PageCallException, InterruptedException {
    String argsJson;
    try {
      argsJson = JSON.writeValueAsString(args);
    } catch (IOException e) {
      throw new IllegalArgumentException("page call arguments are not JSON", e);
    }
    for (int attempt = 0; ; attempt++) {
      JsonNode answer = evaluate(fn, argsJson, timeoutMs);
      if (answer.has("__missing")) {
        // A document the preload did not reach (it was there before the session started): inject, then call again.
        if (attempt > 0) throw new PageCallException("the page script is not in this page", false, false);
        injectNow();
        continue;
      }
      if (answer.has("__error")) throw new PageCallException(answer.path("__error").asText(), false, false);
      return answer.path("__value");
    }
  }

  private JsonNode evaluate(String fn, String argsJson, long timeoutMs) throws PageCallException, InterruptedException {
    ObjectNode params = JSON.createObjectNode().put("functionDeclaration", CALL);
    params.putObject("target").put("context", context).put("sandbox", SANDBOX);
    ArrayNode args = params.putArray("arguments");
    args.addObject().put("type", "string").put("value", fn);
    args.addObject().put("type", "string").put("value", argsJson);
    return callFunction(params, timeoutMs, "the page did not answer (%s)", "the page did not answer (it was replaced or is navigating)");
  }

  /**
   * Runs {@code params}' function (awaited) and reads the JSON text it answers. {@code thrown} frames the page's
   * exception text; {@code noAnswer} is said when the realm went away before it answered.
   */
  private JsonNode callFunction(ObjectNode params, long timeoutMs, String thrown, String noAnswer) throws PageCallException, InterruptedException {
    params.put("awaitPromise", true).put("resultOwnership", "none");
    JsonNode r;
    try {
      r = bidi.call("script.callFunction", params, timeoutMs);
    } catch (BidiException e) {
      throw classify(e);
    }
    if ("exception".equals(r.path("type").asText())) {
      throw new PageCallException(String.format(thrown, r.path("exceptionDetails").path("text").asText("the page raised an error")), false, false);
    }
    JsonNode value = r.path("result").path("value");
    if (!value.isTextual()) throw new PageCallException(noAnswer, false, false);
    try {
      return JSON.readTree(value.asText());
    } catch (IOException e) {
      throw new PageCallException("the page's answer is not JSON", false, false);
    }
  }

  /** Calls a named function of the page in the page's own realm (an eval step), as the extension's MAIN-world call. */
  JsonNode callNamed(String path, String argsJson, int cap, long timeoutMs) throws PageCallException, InterruptedException {
    ObjectNode params = JSON.createObjectNode().put("functionDeclaration", NAMED_CALL);
    params.putObject("target").put("context", context);
    ArrayNode args = params.putArray("arguments");
    args.addObject().put("type", "string").put("value", path);
    args.addObject().put("type", "string").put("value", argsJson);
    args.addObject().put("type", "number").put("value", cap);
    return callFunction(params, timeoutMs, "%s", "gave no answer (the page navigated or was replaced)");
  }

  private void injectNow() throws PageCallException, InterruptedException {
    ObjectNode params = JSON.createObjectNode().put("functionDeclaration", "() => {\n" + PAGE_SCRIPT + "\n}")
        .put("awaitPromise", false);
    params.putObject("target").put("context", context).put("sandbox", SANDBOX);
    try {
      bidi.call("script.callFunction", params, 5_000);
    } catch (BidiException e) {
      throw classify(e);
    }
  }

  private PageCallException classify(BidiException e) {
    if (e.gone()) return new PageCallException("the browser session is gone: " + e.getMessage(), true, false, true);
    if ("no such frame".equals(e.code())) return new PageCallException("the tab was closed", true, false);
    if (e.timedOut()) return new PageCallException("the page did not answer in time", false, true);
    return new PageCallException("the page did not answer (" + e.getMessage() + ")", false, false);
  }

  /** Sends one BiDi command for the performer (navigation, history, viewport, input). */
  JsonNode command(String method, ObjectNode params, long timeoutMs) throws BidiException, InterruptedException {
    return bidi.call(method, params, timeoutMs);
  }

  /** The session's BiDi connection (trusted input sends its actions over it). */
  BidiConnection bidi() {
    return bidi;
  }

  ObjectNode params() {
    return JSON.createObjectNode().put("context", context);
  }

  // ---- downloads ---------------------------------------------------------------------------------------------

  /** Downloads are blocked unless a step allows them (task-respond); false when the browser did not take the rule. */
  boolean denyDownloads() throws InterruptedException {
    ObjectNode p = JSON.createObjectNode();
    p.putObject("downloadBehavior").put("type", "denied");
    try {
      bidi.call("browser.setDownloadBehavior", p, 5_000);
      downloadsDenied = true;
    } catch (BidiException e) {
      LOG.warn("Session {}: the browser did not take the rule that blocks downloads ({}); downloads are reported as not blocked", id, e.getMessage());
      downloadsDenied = false;
    }
    return downloadsDenied;
  }

  boolean downloadsDenied() {
    return downloadsDenied;
  }

  /**
   * Lets the next downloads through: on a Grid with managed downloads into the node's own folder (fetched to this
   * computer afterwards), else straight into {@code folder} here.
   */
  void allowDownloads(Path folder) throws BidiException, InterruptedException {
    ObjectNode p = JSON.createObjectNode();
    if (host.managedDownloads()) p.putNull("downloadBehavior");
    else p.putObject("downloadBehavior").put("type", "allowed").put("destinationFolder", folder.toAbsolutePath().toString());
    bidi.call("browser.setDownloadBehavior", p, 5_000);
    downloadsDenied = false;
  }

  /** Where a finished download is on this computer: fetched from the Grid node, or where the browser saved it. */
  Path keepDownload(String filepath, Path folder) throws IOException {
    if (!host.managedDownloads()) return filepath == null ? null : Path.of(filepath);
    String name = Path.of(filepath).getFileName().toString();
    java.nio.file.Files.createDirectories(folder);
    host.fetchDownload(name, folder);
    return folder.resolve(name);
  }

  // ---- pictures ------------------------------------------------------------------------------------------

  /**
   * A JPEG of the tab for run's report, {@code selector}'s element outlined by the page script while it is taken
   * (the extension's screenshot verb does the same).
   */
  public byte[] screenshot(dev.waymark.workflow.Selector selector) throws Exception {
    boolean outlined = false;
    if (selector != null) {
      try {
        callPage("highlight", List.of(JSON.valueToTree(selector)), 3_000);
        outlined = true;
      } catch (PageCallException e) {
        LOG.debug("No outline for the report's picture: {}", e.getMessage());
      }
    }
    try {
      ObjectNode p = params();
      p.putObject("format").put("type", "image/jpeg").put("quality", 0.8);
      JsonNode r = bidi.call("browsingContext.captureScreenshot", p, 10_000);
      return java.util.Base64.getDecoder().decode(r.path("data").asText());
    } finally {
      if (outlined) {
        try {
          callPage("highlight", java.util.Collections.singletonList(null), 3_000);
        } catch (PageCallException e) {
          LOG.debug("The outline stayed: {}", e.getMessage());
        }
      }
    }
  }

  // ---- viewport --------------------------------------------------------------------------------------------

  void setViewport(int width, int height) throws BidiException, InterruptedException {
    ObjectNode p = params();
    p.putObject("viewport").put("width", width).put("height", height);
    bidi.call("browsingContext.setViewport", p, 5_000);
    viewportSet = true;
  }

  /** The viewport back to the browser's own (the end of a run), when a step set it. */
  boolean resetViewport() {
    if (!viewportSet) return false;
    try {
      ObjectNode p = params();
      p.putNull("viewport");
      bidi.call("browsingContext.setViewport", p, 5_000);
      viewportSet = false;
      return true;
    } catch (BidiException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() {
    resetViewport();
    host.quit(bidi);
    bidi.close();
  }

  private static String load(String resource) {
    try (InputStream in = WebDriverSession.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException(resource + " is not on the classpath: build the extension (mvn package)");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + resource, e);
    }
  }

  /** A page call that failed: {@code fatal} when it can never succeed (a closed tab), {@code timedOut}, {@code lost}. */
  static final class PageCallException extends Exception {
    final boolean fatal;
    final boolean timedOut;
    final boolean lost;

    PageCallException(String message, boolean fatal, boolean timedOut) {
      this(message, fatal, timedOut, false);
    }

    PageCallException(String message, boolean fatal, boolean timedOut, boolean lost) {
      super(message);
      this.fatal = fatal;
      this.timedOut = timedOut;
      this.lost = lost;
    }
  }
}

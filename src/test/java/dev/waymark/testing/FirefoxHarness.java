package dev.waymark.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection;
import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.firefox.FirefoxLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real headless Firefox with the Waymark add-on paired to a bridge on a free port (installed over Firefox's own BiDi
 * endpoint, as {@code --browser firefox} does), plus the static server for src/test/resources/pages/. The test reads
 * and loads pages over that BiDi connection, never through the add-on. One browser per test class, in a class marked
 * {@link RealBrowser}; {@link Browsers#firefox()} is found like a user's and a missing one fails.
 */
public final class FirefoxHarness implements BeforeAllCallback, AfterAllCallback, AutoCloseable, PagesInABrowser {
  private static final ObjectMapper JSON = new ObjectMapper();
  private Path configDir;
  private BrowserClient client;
  private FirefoxLauncher.Launched launched;
  private PageServer pages;

  public static FirefoxHarness create() {
    return new FirefoxHarness();
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Path firefox = Browsers.firefox();
    if (!Files.isRegularFile(Path.of("target/classes/extension-firefox/manifest.json"))) {
      throw new IllegalStateException("The Firefox add-on is not built: run mvn compile (it builds target/classes/extension-firefox)");
    }
    configDir = Files.createTempDirectory("waymark-test-config-");
    client = BrowserClient.start(BridgeConfig.defaults(configDir).withPort(0));
    pages = new PageServer();
    // System access: only so that openAddOnPage may load the add-on's sidebar page in a tab (BiDi refuses
    // moz-extension:// URLs otherwise); the page, the add-on and the bridge see nothing of it.
    launched = FirefoxLauncher.launchWithControl(client, firefox, true, null, java.util.List.of("-remote-allow-system-access"));
    try {
      client.awaitConnected().get(30, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      String log = launched.browser().logTail(30);
      close();
      throw new IllegalStateException("The Firefox add-on did not connect within 30 s. Firefox said:\n" + log);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  /** The studio side. */
  public BrowserClient client() {
    return client;
  }

  /** The paired add-on. */
  public ClientInfo clientInfo() {
    return client.client().orElseThrow(() -> new IllegalStateException("no browser connected"));
  }

  /** URL of a test page under src/test/resources/pages/. */
  public String pageUrl(String path) {
    return pages.url(path);
  }

  private BidiConnection bidi() {
    return launched.control();
  }

  /** The add-on's task tab: the browser's first top-level context. */
  private String context() throws Exception {
    JsonNode tree = bidi().call("browsingContext.getTree", JSON.createObjectNode().put("maxDepth", 0), 10_000);
    return tree.path("contexts").path(0).path("context").asText();
  }

  /** Loads a URL in the task tab over BiDi (not through the add-on) and waits for it to load. */
  public void open(String url) throws Exception {
    ObjectNode p = JSON.createObjectNode().put("context", context()).put("url", url).put("wait", "complete");
    bidi().call("browsingContext.navigate", p, 30_000);
  }

  /** Evaluates JavaScript in the task tab's page (its own realm) and gives a string, number or boolean result. */
  public JsonNode eval(String expression) throws Exception {
    return eval(context(), expression);
  }

  /**
   * Opens one of the add-on's own pages (e.g. {@code sidepanel.html}, the page Firefox's sidebar shows) in a tab of its
   * own, as the person would see it; the answer names that tab for {@link #eval(String, String)} and {@link #closeTab}.
   */
  public String openAddOnPage(String path) throws Exception {
    String tab = bidi().call("browsingContext.create", JSON.createObjectNode().put("type", "tab").put("background", true), 10_000)
        .path("context").asText();
    ObjectNode p = JSON.createObjectNode().put("context", tab)
        .put("url", dev.waymark.bridge.ExtensionId.firefoxOrigin() + "/" + path).put("wait", "complete");
    bidi().call("browsingContext.navigate", p, 30_000);
    return tab;
  }

  /** Evaluates JavaScript in the page of the tab {@code context} opened (a string, number or boolean result). */
  public JsonNode eval(String context, String expression) throws Exception {
    ObjectNode p = JSON.createObjectNode().put("expression", expression).put("awaitPromise", true).put("resultOwnership", "none");
    p.putObject("target").put("context", context);
    JsonNode r = bidi().call("script.evaluate", p, 10_000);
    if ("exception".equals(r.path("type").asText())) {
      throw new IllegalStateException("the page threw: " + r.path("exceptionDetails").path("text").asText());
    }
    JsonNode value = r.path("result");
    return switch (value.path("type").asText()) {
      case "string", "number", "boolean" -> value.path("value");
      default -> JSON.nullNode();
    };
  }

  /** The browser's top-level contexts (its tabs, in every window): context id → the address it shows. */
  public java.util.Map<String, String> tabs() throws Exception {
    JsonNode tree = bidi().call("browsingContext.getTree", JSON.createObjectNode().put("maxDepth", 0), 10_000);
    java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
    for (JsonNode c : tree.path("contexts")) out.put(c.path("context").asText(), c.path("url").asText());
    return out;
  }

  /** Closes a tab {@link #openAddOnPage} opened. */
  public void closeTab(String context) throws Exception {
    bidi().call("browsingContext.close", JSON.createObjectNode().put("context", context), 10_000);
  }

  /** Sets the task tab's viewport (so an observation's offscreen marks compare across engines). */
  public void setViewport(int width, int height) throws Exception {
    ObjectNode p = JSON.createObjectNode().put("context", context());
    p.putObject("viewport").put("width", width).put("height", height);
    bidi().call("browsingContext.setViewport", p, 10_000);
  }

  @Override
  public void close() {
    if (launched != null) {
      launched.browser().close();
      launched = null;
    }
    if (client != null) {
      client.close();
      client = null;
    }
    if (pages != null) {
      pages.close();
      pages = null;
    }
    if (configDir != null) {
      dev.waymark.bridge.FileTrees.deleteTree(configDir);
      configDir = null;
    }
  }
}

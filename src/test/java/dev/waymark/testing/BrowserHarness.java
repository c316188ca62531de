package dev.waymark.testing;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.bridge.ExtensionId;
import dev.waymark.bridge.LaunchedBrowser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real headless Chromium with the Waymark extension paired to a bridge on a free port, plus a
 * static server for src/test/resources/pages/. One browser per test class:
 * <pre>
 * &#64;RegisterExtension static BrowserHarness browser = BrowserHarness.create();
 * ... browser.client().perform(...); browser.open(browser.pageUrl("bridge/clicks.html"));
 * </pre>
 * or {@code try (BrowserHarness h = BrowserHarness.start()) { ... }}, in a class marked {@link RealBrowser}.
 * The browser is {@link Browsers#chromium()}: found like a user's, never a quiet skip when missing.
 */
public final class BrowserHarness implements BeforeAllCallback, AfterAllCallback, AutoCloseable, PagesInABrowser {
  private final UnaryOperator<BridgeConfig> configure;
  // The harness's browser defaults to page-script input, as the executor tests were written for; a test of
  // the launched browser's trusted default asks for it (withTrustedDefault) or sets the connection's switch.
  private boolean trustedInput;
  private boolean grantUpFront = true;
  private Path configDir;
  private BrowserClient client;
  private LaunchedBrowser browser;
  private PageServer pages;
  private Cdp cdp;

  private BrowserHarness(UnaryOperator<BridgeConfig> configure) {
    this.configure = configure;
  }

  /** A harness to register as a JUnit 5 extension (started before all tests of the class). */
  public static BrowserHarness create() {
    return new BrowserHarness(UnaryOperator.identity());
  }

  /** Same, with bridge settings changed (e.g. shorter timeouts). */
  public static BrowserHarness create(UnaryOperator<BridgeConfig> configure) {
    return new BrowserHarness(configure);
  }

  /** This harness's browser has the trusted default of a browser Waymark launches (call before it starts). */
  public BrowserHarness withTrustedDefault() {
    trustedInput = true;
    return this;
  }

  /**
   * This harness's browser loads the extension's strict manifest, as a person's own browser does: no debugger, the
   * optional permissions not granted (decision 0050). Call before it starts.
   */
  public BrowserHarness withStrictManifest() {
    grantUpFront = false;
    return this;
  }

  /** A started harness whose browser has the launched default (trusted input), for try-with-resources. */
  public static BrowserHarness startTrusted() throws Exception {
    BrowserHarness h = create().withTrustedDefault();
    h.startAll();
    return h;
  }

  /** A started harness whose browser loads the strict manifest (a person's own browser), for try-with-resources. */
  public static BrowserHarness startStrict() throws Exception {
    BrowserHarness h = create().withStrictManifest();
    h.startAll();
    return h;
  }

  /** A started harness to use with try-with-resources. */
  public static BrowserHarness start() throws Exception {
    BrowserHarness h = create();
    h.startAll();
    return h;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    startAll();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  private void startAll() throws Exception {
    Path chromium = Browsers.chromium();
    if (!Files.isRegularFile(Path.of("target/classes/extension/manifest.json"))) {
      throw new IllegalStateException("The extension is not built: run mvn compile (it builds target/classes/extension)");
    }
    configDir = Files.createTempDirectory("waymark-test-config-");
    BridgeConfig config = configure.apply(BridgeConfig.defaults(configDir).withPort(0));
    client = BrowserClient.start(config);
    pages = new PageServer();
    browser = ChromiumLauncher.launch(client, ChromiumLauncher.Options.defaults()
        .withChromium(chromium).withHeadless(true).withRemoteDebugging(true).withTrustedInput(trustedInput).withGrantUpFront(grantUpFront));
    try {
      client.awaitConnected().get(30, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      String log = browser.logTail(30);
      close();
      throw new IllegalStateException("The extension did not connect within 30 s. Chromium said:\n" + log);
    }
    int devtools = browser.devToolsPort(Duration.ofSeconds(10))
        .orElseThrow(() -> new IllegalStateException("Chromium did not open its DevTools port"));
    cdp = Cdp.connect(devtools);
  }

  /** The studio side. */
  public BrowserClient client() {
    return client;
  }

  /** The browser process. */
  public LaunchedBrowser browser() {
    return browser;
  }

  /** DevTools access, for what the extension cannot do for a test (stop its worker, read a page directly). */
  public Cdp cdp() {
    return cdp;
  }

  /** The paired client. */
  public ClientInfo clientInfo() {
    return client.client().orElseThrow(() -> new IllegalStateException("no browser connected"));
  }

  /** URL of a test page under src/test/resources/pages/. */
  public String pageUrl(String path) {
    return pages.url(path);
  }

  /** The DevTools target id of the extension's task tab (the first page target). */
  public String pageTarget() throws Exception {
    for (JsonNode t : cdp.targets()) {
      if ("page".equals(t.path("type").asText()) && !t.path("url").asText().startsWith("chrome-extension://")) {
        return t.path("targetId").asText();
      }
    }
    throw new IllegalStateException("no page target");
  }

  /** Loads a URL in the task tab (through DevTools, so it does not depend on the executor) and waits for it. */
  public void open(String url) throws Exception {
    cdp.navigate(pageTarget(), url);
  }

  /** Opens url in the task tab without waiting for it to finish loading. */
  public void openStillLoading(String url) throws Exception {
    cdp.startNavigation(pageTarget(), url);
  }

  /** A person's click on the element {@code css} names: DevTools Input events, which the page sees as trusted. */
  public void trustedClick(String css) throws Exception {
    trustedClickOn("document.querySelector(" + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(css) + ")");
  }

  /** A person's click on the element a page expression gives (one the page alone can reach, say in a closed shadow root). */
  public void trustedClickOn(String elementExpression) throws Exception {
    trustedClickAtPoint("(() => { const r = (" + elementExpression
        + ").getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()");
  }

  /** A person's click at the point {x, y} (top viewport) a page expression gives. */
  public void trustedClickAtPoint(String pointExpression) throws Exception {
    String target = pageTarget();
    JsonNode box = cdp.evaluate(target, pointExpression);
    String session = cdp.attach(target);
    try {
      for (String type : java.util.List.of("mousePressed", "mouseReleased")) {
        cdp.send(session, "Input.dispatchMouseEvent", Cdp.params().put("type", type).put("x", box.path("x").asDouble())
            .put("y", box.path("y").asDouble()).put("button", "left").put("clickCount", 1));
      }
    } finally {
      cdp.detach(session);
    }
  }

  /** Evaluates JavaScript in the task tab's page (main world). */
  public JsonNode eval(String expression) throws Exception {
    return cdp.evaluate(pageTarget(), expression);
  }

  /**
   * Stops the extension's service worker the way Chrome does when it is idle (DevTools
   * Target.closeTarget on the worker target); its socket closes with it.
   */
  public void stopServiceWorker() throws Exception {
    JsonNode sw = cdp.serviceWorker(ExtensionId.WAYMARK);
    if (sw == null) {
      throw new IllegalStateException("the extension's service worker is not running");
    }
    cdp.send(null, "Target.closeTarget", Cdp.params().put("targetId", sw.path("targetId").asText()));
  }

  /** The extension's ID. */
  public String extensionId() {
    return ExtensionId.WAYMARK;
  }

  /** Waits until a browser is paired again with a connection other than {@code previous}. */
  public ClientInfo awaitReconnect(long previousConnection, Duration timeout) throws InterruptedException {
    return await().alias("the extension reconnecting").atMost(timeout)
        .until(() -> client.client().filter(c -> c.connection() != previousConnection), Optional::isPresent).orElseThrow();
  }

  @Override
  public void close() {
    if (cdp != null) {
      cdp.close();
      cdp = null;
    }
    if (browser != null) {
      browser.close();
      browser = null;
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

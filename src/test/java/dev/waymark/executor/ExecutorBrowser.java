package dev.waymark.executor;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bridge.BridgeServer;
import dev.waymark.bridge.MessageType;
import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.StepStatus;
import dev.waymark.bridge.UploadFile;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor tests' view of a real browser: BrowserHarness (bridge on port 0, headless
 * Chromium with the extension, paired) plus the executor test pages. Steps go to the extension
 * as {@code perform} requests through the bridge server, so a test can read every field of the
 * {@code performed} reply (lastPayload) and can repeat a step id, which BrowserClient refuses.
 */
final class ExecutorBrowser implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
  private static final AtomicInteger IDS = new AtomicInteger();
  private static final int DEFAULT_TIMEOUT_MS = 5000;

  private final boolean trusted;
  private boolean strict;
  private BrowserHarness harness;
  private TestPages pages;
  private JsonNode lastPayload;
  private String input;

  private ExecutorBrowser(boolean trusted) {
    this.trusted = trusted;
  }

  /** A browser for a test class, started before its tests: {@code @RegisterExtension static ExecutorBrowser browser = ExecutorBrowser.create();}. */
  static ExecutorBrowser create() {
    return new ExecutorBrowser(false);
  }

  /** The same with the default of a browser Waymark launches: clicks, keys and typing trusted. */
  static ExecutorBrowser createTrusted() {
    return new ExecutorBrowser(true);
  }

  /** A browser that loads the extension's strict manifest, as a person's own browser does (decision 0050). */
  static ExecutorBrowser createStrict() {
    ExecutorBrowser b = new ExecutorBrowser(false);
    b.strict = true;
    return b;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    pages = new TestPages();
    try {
      harness = strict ? BrowserHarness.startStrict() : trusted ? BrowserHarness.startTrusted() : BrowserHarness.start();
    } catch (Exception | Error e) {
      pages.close();
      throw e;
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  /** The input the raw requests and the client ask for from now on: "trusted", "page", or null for the browser's default. */
  void input(String mode) {
    input = mode;
    if ("trusted".equals(mode)) harness.client().useTrustedInput(true);
    else if ("page".equals(mode)) harness.client().usePageInput();
    else harness.client().useTrustedInput(false);
  }

  /** URL of an executor test page or endpoint. */
  String page(String name) {
    return pages.url(name);
  }

  /** A fresh step id. */
  String nextStepId() {
    return "x" + IDS.incrementAndGet() + "-" + System.nanoTime();
  }

  /** Loads a test page with a navigate step and checks it worked. */
  void open(String name) {
    PerformResult r = perform(Steps.navigate(page(name)));
    if (!r.ok()) {
      throw new AssertionError("could not open " + name + ": " + r.error());
    }
  }

  PerformResult perform(Step step) {
    return perform(step, Map.of());
  }

  PerformResult perform(Step step, Map<String, String> values) {
    return performRaw(nextStepId(), step, values);
  }

  /** Through BrowserClient.perform, the studio's own path (its ledger sends an id once). */
  PerformResult perform(String stepId, Step step, Map<String, String> values) {
    try {
      PerformResult r = harness.client().perform(stepId, step, values, timeoutOf(step)).get(30, TimeUnit.SECONDS);
      lastPayload = null;
      return r;
    } catch (Exception e) {
      throw new AssertionError("perform failed in the bridge", e);
    }
  }

  /** Through BrowserClient.perform with upload files beside the values. */
  PerformResult perform(Step step, Map<String, String> values, Map<String, UploadFile> files) {
    try {
      PerformResult r = harness.client().perform(nextStepId(), step, values, files, timeoutOf(step)).get(30, TimeUnit.SECONDS);
      lastPayload = null;
      return r;
    } catch (Exception e) {
      throw new AssertionError("perform failed in the bridge", e);
    }
  }

  /** A perform request sent as is, also for an id that was sent before. */
  PerformResult performRaw(String stepId, Step step, Map<String, String> values) {
    return performRaw(stepId, step, values, null);
  }

  /** The same, naming the workflow the step travels in (the perform message's workflow_id). */
  PerformResult performRaw(String stepId, Step step, Map<String, String> values, String workflowId) {
    return performRaw(stepId, step, values, workflowId, false);
  }

  /** The same; with {@code identity} the extension checks the step's target before acting (replay's mode). */
  PerformResult performRaw(String stepId, Step step, Map<String, String> values, String workflowId, boolean identity) {
    BridgeServer server = harness.client().server();
    ObjectNode m = server.codec().message(MessageType.PERFORM);
    m.put("step_id", stepId);
    m.set("step", server.codec().mapper().valueToTree(step));
    ObjectNode v = m.putObject("values");
    values.forEach(v::put);
    m.put("timeout_ms", timeoutOf(step));
    if (input != null) m.put("input", input);
    if (workflowId != null) m.put("workflow_id", workflowId);
    if (identity) m.put("identity", true);
    m.putNull("tab");
    try {
      ObjectNode reply = server.request(harness.clientInfo().clientId(), m, Duration.ofMillis(timeoutOf(step) + 20_000))
          .get(60, TimeUnit.SECONDS);
      lastPayload = reply;
      return server.codec().mapper().treeToValue(reply, PerformResult.class);
    } catch (Exception e) {
      throw new AssertionError("perform request failed in the bridge", e);
    }
  }

  /** The harness underneath (DevTools, the worker, reconnects). */
  BrowserHarness harness() {
    return harness;
  }

  /** The whole performed reply of the last performRaw (fields PerformResult does not carry). */
  JsonNode lastPayload() {
    return lastPayload;
  }

  /** data of an extract-like step, failing the test if the step failed. */
  String data(Step step) {
    PerformResult r = perform(step);
    if (!r.ok()) {
      throw new AssertionError(step.type() + " failed: " + r.error());
    }
    return r.data() == null || r.data().isNull() ? null : r.data().asText();
  }

  /** The text of the element css matches (an extract step). */
  String text(String css) {
    return data(Steps.extract(css));
  }

  /**
   * The text of an element once it holds {@code expected}, or as it stands after two seconds: for what a page
   * writes from an async handler (reading a file, a fetch) after the step already answered.
   */
  String textOnce(String css, String expected) {
    try {
      return await().atMost(java.time.Duration.ofSeconds(2)).pollInterval(java.time.Duration.ofMillis(50))
          .until(() -> text(css), t -> t.contains(expected));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      return text(css);
    }
  }

  StepStatus status(String stepId) {
    try {
      return harness.client().status(stepId).get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("status failed", e);
    }
  }

  boolean highlight(Selector selector) {
    try {
      return harness.client().highlight(selector).get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("highlight failed", e);
    }
  }

  private static int timeoutOf(Step step) {
    return step.timeoutMs() > 0 ? step.timeoutMs() : DEFAULT_TIMEOUT_MS;
  }

  @Override
  public void close() {
    if (harness != null) harness.close();
    if (pages != null) pages.close();
    harness = null;
    pages = null;
  }
}

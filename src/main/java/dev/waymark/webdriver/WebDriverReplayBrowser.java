package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.apply.SecretMask;
import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.WireCodec;
import dev.waymark.replay.BrowserLostException;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.webdriver.StepRun.Lost;
import dev.waymark.webdriver.StepRun.StepFailure;
import dev.waymark.webdriver.WebDriverSession.PageCallException;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replay's browser over a WebDriver session (local chromedriver or a Selenium Grid node) instead of the extension:
 * the same page-side code, the same replies ({@code performed} of docs/protocol.md, turned into a
 * {@link StepResult} by the bridge's own conversion), so a workflow gives the same result on both drivers. Each
 * element step's target is checked before acting (identity), as in every replay. Values go only into the page call
 * that types them; every text that comes back is masked.
 */
public final class WebDriverReplayBrowser implements ReplayBrowser, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WebDriverReplayBrowser.class);
  private static final int DEFAULT_TIMEOUT_MS = 10_000;
  /** How long a session may take to say it is there before a step (a local round trip takes a few ms). */
  private static final long PROBE_MS = 5_000;
  private static final Set<String> MAY_NAVIGATE = Set.of("click", "press", "select", "fill");
  private static final Set<String> SELF_WAITING = Set.of("wait");

  private final WebDriverSession session;
  private final boolean trusted;
  private final CaptureFolder captures;
  private final ObjectMapper json = new WireCodec(64 * 1024 * 1024).mapper();
  private final StepHandlers handlers = new StepHandlers(json);

  /** Steps over {@code session}; {@code trusted}: clicks, keys and typing from the browser's input pipeline. */
  public WebDriverReplayBrowser(WebDriverSession session, boolean trusted) {
    this(session, trusted, null);
  }

  /** The same, keeping captured files (and allowed downloads) in {@code captures} on this computer (null: not kept). */
  public WebDriverReplayBrowser(WebDriverSession session, boolean trusted, CaptureFolder captures) {
    this.session = session;
    this.trusted = trusted;
    this.captures = captures;
  }

  /** The session, for its id and its liveness. */
  public WebDriverSession session() {
    return session;
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) throws InterruptedException {
    if (!session.answers(PROBE_MS)) throw new BrowserLostException("the browser session " + session.id() + " is gone", false);
    ObjectNode stepJson = json.valueToTree(step);
    long timeout = step.timeoutMs() > 0 ? step.timeoutMs() : timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS;
    String effectKey = (step.id() == null ? "step" : step.id()) + "@" + UUID.randomUUID().toString().substring(0, 8);
    StepRun run = new StepRun(session, stepJson, values, timeout, effectKey, trusted, json);
    SecretMask mask = new SecretMask(values);
    // What the page asked after the step before had answered (a timer's dialog) is not this step's doing: reported
    // with it as such, never counted in its verdict (as the extension's guard does).
    List<ObjectNode> earlier = session.dialogs().take();
    earlier.forEach(d -> d.put("before_step", true));
    session.dialogs().answer(step.acceptDialog());
    ObjectNode result;
    try {
      if (step.allowDownload()) allowDownloads(run);
      result = run(run, step);
    } catch (StepFailure e) {
      result = run.fail(e.getMessage());
    } catch (Lost e) {
      if (!e.sent) throw new BrowserLostException("the browser session " + session.id() + " was lost before step "
          + step.id() + " reached the page: " + e.getMessage(), false);
      result = json.createObjectNode().put("ok", false).put("uncertain", true).put("error", "the browser session was "
          + "lost while the " + step.type() + " was being performed; whether it took effect is unknown, so it was not repeated");
    } finally {
      session.dialogs().answer(false);
    }
    ObjectNode performed = finish(run, result, mask, step.allowDownload(), earlier);
    try {
      PerformResult r = json.treeToValue(performed, PerformResult.class);
      StepResult out = BridgeBrowserPort.toStepResult(step.id(), step, r);
      return r.file() == null ? out : BridgeBrowserPort.withSavedFile(captures, step, values, r.file(), out);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("a performed reply did not convert", e);
    }
  }

  private Path downloadFolder() {
    return captures != null ? captures.dir() : Path.of(System.getProperty("java.io.tmpdir"), "waymark-downloads");
  }

  private void allowDownloads(StepRun run) throws Lost, InterruptedException, StepFailure {
    try {
      session.allowDownloads(downloadFolder());
    } catch (BidiConnection.BidiException e) {
      if (e.gone()) throw new Lost(e.getMessage(), false);
      throw new StepFailure("the browser would not allow the download: " + e.getMessage());
    }
  }

  private ObjectNode run(StepRun run, Step step) throws StepFailure, Lost, InterruptedException {
    JsonNode condition = run.step.get("condition");
    if (condition != null && condition.isObject() && hasPredicate(condition)) {
      JsonNode c = run.conditionHolds(condition);
      if (!c.path("holds").asBoolean()) {
        return json.createObjectNode().put("ok", true).put("skipped", true)
            .put("data", "condition does not hold: " + c.path("detail").asText());
      }
    }
    JsonNode baseline = run.beforeAction();
    JsonNode handled = handlers.handle(run);
    ObjectNode result = handled.isObject() ? ((ObjectNode) handled).deepCopy() : run.fail("the page did not answer");
    if (result.path("dispatched").asBoolean() && MAY_NAVIGATE.contains(run.type)) run.settleNavigation(result);
    JsonNode wait = run.step.get("wait");
    if (result.path("ok").asBoolean() && wait != null && wait.isObject() && !SELF_WAITING.contains(run.type)
        && !StepHandlers.isEmptyWait(wait)) {
      long limit = wait.path("timeout_ms").asLong() > 0 ? wait.path("timeout_ms").asLong() : run.timeout;
      String err = run.waitFor(wait, limit);
      if (err != null) result.put("ok", false).put("error", "the " + step.type() + " was done, but " + err);
    }
    return run.afterAction(result, baseline);
  }

  private static boolean hasPredicate(JsonNode c) {
    return c.hasNonNull("selector") || c.hasNonNull("text") || c.hasNonNull("url_includes");
  }

  /** executor/steps.js finalize: the {@code performed} reply, every text masked. */
  private ObjectNode finish(StepRun run, ObjectNode result, SecretMask mask, boolean allowed, List<ObjectNode> earlier)
      throws InterruptedException {
    BrowsingEvents ev = session.events();
    String ctx = session.context();
    String[] page = pageInfo(ctx);
    BrowsingEvents.Since nav = ev.since(run.startContext, run.navSnap);
    List<ObjectNode> dialogs = session.dialogs().take();
    List<BrowsingEvents.Opened> opened = ev.openedSince(run.t0, run.startContext);
    String effect = result.hasNonNull("effect") ? result.path("effect").asText() : null;
    boolean ok = result.path("ok").asBoolean();
    String error = result.path("error").asText(null);
    if (ok && result.has("page_effect") && ("click".equals(run.type) || "press".equals(run.type))) {
      EffectVerdict v = EffectVerdict.judge(run.type, result.get("page_effect"), new EffectVerdict.Seen(nav.committed() || nav.loaded(),
          nav.sameDoc(), nav.started(), opened.size(), dialogs.size(), ev.downloadsSince(run.t0).size(), page[0]));
      effect = v.effect();
      if (!v.ok()) {
        ok = false;
        error = v.error();
      }
    }
    ObjectNode out = json.createObjectNode();
    out.put("step_id", run.effectKey).put("ok", ok).put("skipped", result.path("skipped").asBoolean());
    out.put("error", ok ? null : mask.mask(error == null ? "the step failed" : error));
    out.put("effect", effect == null ? null : mask.mask(effect));
    JsonNode data = result.get("data");
    out.put("data", data == null || data.isNull() ? null : mask.mask(data.isTextual() ? data.asText() : data.toString()));
    out.put("url", mask.mask(page[0])).put("title", mask.mask(page[1]));
    out.put("navigated", nav.committed() || nav.sameDoc());
    ArrayNode tabs = out.putArray("new_tabs");
    for (BrowsingEvents.Opened o : opened) tabs.addObject().put("id", o.id()).put("url", mask.mask(o.url())).putNull("title");
    ArrayNode ds = out.putArray("dialogs");
    for (ObjectNode d : java.util.stream.Stream.concat(earlier.stream(), dialogs.stream()).toList()) {
      ObjectNode m = d.deepCopy();
      m.put("message", mask.mask(d.path("message").asText()));
      if (d.has("answer")) m.put("answer", mask.mask(d.path("answer").asText()));
      ds.add(m);
    }
    ArrayNode dl = out.putArray("downloads");
    if (allowed) {
      // An allowed download is waited for (at least 5 s after the step) and kept on this computer.
      ev.await(() -> ev.downloadsSince(run.t0).stream().allMatch(d -> ev.endOf(d) != null),
          Math.max(run.deadline, System.currentTimeMillis() + 5_000));
      session.denyDownloads();
    }
    List<BrowsingEvents.Download> downloads = ev.downloadsSince(run.t0);
    for (BrowsingEvents.Download d : downloads) {
      ObjectNode o = dl.addObject().put("url", mask.mask(d.url())).put("filename", mask.mask(d.filename()));
      BrowsingEvents.DownloadEnd end = ev.endOf(d);
      if (!allowed) {
        o.put("blocked", session.downloadsDenied());
        continue;
      }
      o.put("blocked", false);
      if (end != null && "complete".equals(end.status()) && end.filepath() != null) {
        try {
          Path kept = session.keepDownload(end.filepath(), downloadFolder());
          o.put("saved_to", kept.toString()).put("size", java.nio.file.Files.size(kept));
        } catch (java.io.IOException | RuntimeException e) {
          LOG.warn("An allowed download could not be kept: {}", e.getMessage());
        }
      }
    }

    out.put("elapsed_ms", System.currentTimeMillis() - run.t0);
    if (result.path("uncertain").asBoolean()) out.put("uncertain", true);
    for (String f : List.of("truncated", "items", "pages", "count")) if (result.has(f)) out.set(f, result.get(f));
    if (result.hasNonNull("healed")) {
      ObjectNode h = result.get("healed").deepCopy();
      if (h.hasNonNull("element")) h.put("element", mask.mask(h.path("element").asText()));
      out.set("healed", h);
    }
    if (result.hasNonNull("missing")) out.put("missing", mask.mask(result.path("missing").asText()));
    if (result.hasNonNull("file")) {
      ObjectNode f = result.get("file").deepCopy();
      f.put("filename", mask.mask(f.path("filename").asText()));
      out.set("file", f);
    }
    return out;
  }

  /** The tab's address and title, from the page itself when it answers. */
  private String[] pageInfo(String ctx) throws InterruptedException {
    try {
      JsonNode r = session.callPage("pageState", List.of(), 2000);
      String url = r.path("url").asText(null);
      String title = r.path("title").asText(null);
      if (url != null) return new String[] {url, title};
    } catch (PageCallException e) {
      LOG.debug("No page state after the step: {}", e.getMessage());
    }
    return new String[] {session.events().url(ctx), null};
  }

  /**
   * A userStep on a session no person looks at: it ends when its {@code continue_on} condition holds within the
   * limit; one that waits for the person's Continue cannot run here and says so.
   */
  @Override
  public StepResult gate(Step step, long limitMs) throws InterruptedException {
    ContinueCondition on = step.continueOn();
    if (on == null || on.manual() || on.selector() == null && on.text() == null && on.urlIncludes() == null) {
      return StepResult.failure(step.id(), "this userStep waits for a person's Continue, and a WebDriver session has no "
          + "person at it: give it a continue_on condition, or replay with the extension (run without --grid)", null);
    }
    long limit = limitMs > 0 ? limitMs : on.timeoutMs() > 0 ? on.timeoutMs() : 120_000;
    ObjectNode condition = json.createObjectNode().put("match", "any");
    if (on.selector() != null) condition.put("selector", on.selector());
    if (on.text() != null) condition.put("text", on.text());
    if (on.urlIncludes() != null) condition.put("url_includes", on.urlIncludes());
    StepRun run = new StepRun(session, json.valueToTree(step), Map.of(), limit, "gate", trusted, json);
    long until = System.currentTimeMillis() + limit;
    String detail = null;
    try {
      while (System.currentTimeMillis() < until) {
        JsonNode c = run.conditionHolds(condition, true);
        if (c.path("holds").asBoolean()) {
          return StepResult.success(step.id(), "continued: " + c.path("detail").asText(), session.events().url(session.context()), null);
        }
        detail = c.path("detail").asText(null);
        Thread.sleep(250);
      }
    } catch (StepFailure e) {
      return StepResult.failure(step.id(), e.getMessage(), null);
    } catch (Lost e) {
      throw new BrowserLostException("the browser session was lost during a userStep: " + e.getMessage(), false);
    }
    return StepResult.failure(step.id(), "the userStep's condition did not hold within " + limit + " ms"
        + (detail != null && !detail.isBlank() ? " (" + detail + ")" : ""), null);
  }

  @Override
  public void close() {
    session.close();
  }
}

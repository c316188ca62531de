package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection.BidiException;
import dev.waymark.webdriver.StepRun.Lost;
import dev.waymark.webdriver.StepRun.StepFailure;
import dev.waymark.webdriver.WebDriverSession.PageCallException;
import dev.waymark.workflow.Tokens;
import java.util.List;
import java.util.Set;

/** The handlers of each step type (the extension's {@code page-steps.js} and {@code browser-steps.js}). */
final class StepHandlers {
  /** The extension's own bound on extractList rows when the step's limit is 0. */
  static final int LIST_BOUND = 10_000;
  private static final Set<String> TRUSTED_KINDS = Set.of("click", "fill", "press", "select");
  // a combobox select asks for several inputs (open, type, choose); a page asking for more is stopped
  private static final int MAX_TRUSTED_INPUTS = 8;
  private static final long TRUSTED_SETTLE_MS = 300;

  private final ObjectMapper json;
  private final CaptureSteps captures;

  StepHandlers(ObjectMapper json) {
    this.json = json;
    this.captures = new CaptureSteps(json);
  }

  JsonNode handle(StepRun r) throws StepFailure, Lost, InterruptedException {
    return switch (r.type) {
      case "navigate" -> r.navigate();
      case "click", "fill", "select", "press", "scroll" -> pageAction(r);
      case "extract" -> r.attemptUntilDone("performInPage", pageStep(r, "extract"), json.createObjectNode(), false);
      case "extractList" -> extractList(r);
      case "wait" -> waitStep(r);
      case "switchTab" -> switchTab(r);
      case "closeTab" -> closeTab(r);
      case "setViewport" -> setViewport(r);
      case "adoptTab" -> throw new StepFailure("a WebDriver session has no tabs of the person's to adopt; replay this "
          + "workflow with the extension (run without --grid) to work in an open tab");
      case "eval" -> captures.eval(r);
      case "captureUrl" -> captures.captureUrl(r);
      case "captureDownload" -> captures.captureDownload(r);
      case "capturePageFile" -> captures.capturePageFile(r);
      case "upload" -> captures.upload(r);
      default -> throw new StepFailure("unknown step type '" + r.type + "'");
    };
  }

  private ObjectNode pageStep(StepRun r, String kind) {
    ObjectNode p = json.createObjectNode().put("type", kind);
    for (String f : List.of("selector", "attribute", "format", "target")) if (r.step.hasNonNull(f)) p.set(f, r.step.get(f));
    return p;
  }

  private JsonNode pageAction(StepRun r) throws StepFailure, Lost, InterruptedException {
    JsonNode stepValue = r.step.get("value");
    String value = stepValue == null || stepValue.isNull() ? null : stepValue.asText();
    if ("fill".equals(r.type) && value == null) value = "";
    if ("select".equals(r.type) && value == null) throw new StepFailure("a select step needs a value (the option value or label)");
    boolean typed = "fill".equals(r.type) || "select".equals(r.type);
    if (typed) value = r.substituted(value, "value");
    ObjectNode pageStep = json.createObjectNode().put("type", r.type);
    if (r.step.hasNonNull("selector")) pageStep.set("selector", r.step.get("selector"));
    if (!typed && stepValue != null) pageStep.set("value", stepValue);
    if (r.step.hasNonNull("target")) pageStep.set("target", r.step.get("target"));
    boolean trusted = r.trusted && TRUSTED_KINDS.contains(r.type);
    // A value typed from a {{ token }} is never quoted back, not even reformatted by the page.
    boolean echo = !(typed && !Tokens.names(r.step.path("value").asText("")).isEmpty());
    ObjectNode opts = json.createObjectNode().put("step_id", r.effectKey).put("echo", echo).put("identity", true);
    if (typed) opts.put("value", value);
    if (trusted) opts.put("trusted", true);
    JsonNode res = r.attemptUntilDone("performInPage", pageStep, opts, true);
    JsonNode healed = res.get("healed");
    if (!asksForInput(res)) return res;
    ObjectNode out = trustedInputs(r, res);
    if (healed != null && !healed.isNull()) out.set("healed", healed);
    return out;
  }

  private static boolean asksForInput(JsonNode res) {
    return res.has("trusted_point") || res.path("trusted_keys").asBoolean();
  }

  // The input the page asked for, and again for as long as it asks.
  private ObjectNode trustedInputs(StepRun r, JsonNode res) throws StepFailure, Lost, InterruptedException {
    ObjectNode out = null;
    for (int n = 0; n < MAX_TRUSTED_INPUTS && asksForInput(res); n++) {
      if (res.path("flow").asBoolean()) r.flow = true;
      out = res.has("trusted_point") ? clickTrusted(r, res.get("trusted_point")) : keysTrusted(r, res);
      res = out;
    }
    if (asksForInput(res)) {
      return json.createObjectNode().put("ok", false).put("uncertain", true).put("dispatched", true)
          .put("error", "the page asked for more than " + MAX_TRUSTED_INPUTS + " inputs for one step; it was stopped there and not repeated");
    }
    return out;
  }

  private ObjectNode clickTrusted(StepRun r, JsonNode point) throws StepFailure, Lost, InterruptedException {
    try {
      TrustedInput.click(r.s, point.path("x").asDouble(), point.path("y").asDouble());
    } catch (BidiException e) {
      if (e.gone()) throw new Lost(e.getMessage(), true);
      return json.createObjectNode().put("ok", false).put("uncertain", true).put("dispatched", true).put("error",
          e.getMessage() + "; the click may have reached the page, so whether it took effect is unknown and it was not repeated");
    }
    BrowsingEvents ev = r.s.events();
    String ctx = r.s.context();
    ev.await(() -> {
      BrowsingEvents.Since n = ev.since(ctx, r.navSnap);
      return n.started() || n.committed() || n.sameDoc() || !ev.openedSince(r.t0, ctx).isEmpty();
    }, System.currentTimeMillis() + TRUSTED_SETTLE_MS);
    BrowsingEvents.Since n = ev.since(ctx, r.navSnap);
    if (n.started() || n.committed()) return gone();
    return finishInPage(r, false);
  }

  private ObjectNode keysTrusted(StepRun r, JsonNode prepared) throws StepFailure, Lost, InterruptedException {
    try {
      // a flow's input names its own key (a Tab that commits a typed date)
      if (prepared.path("chord").isTextual()) TrustedInput.press(r.s, prepared.path("chord").asText());
      else if ("fill".equals(r.type) || prepared.path("text").isTextual()) TrustedInput.type(r.s, prepared.path("text").asText(""));
      else TrustedInput.press(r.s, r.step.path("value").asText(""));
    } catch (IllegalArgumentException e) {
      throw new StepFailure(e.getMessage());
    } catch (BidiException e) {
      if (e.gone()) throw new Lost(e.getMessage(), true);
      return json.createObjectNode().put("ok", false).put("uncertain", true).put("dispatched", true).put("error",
          e.getMessage() + "; some keys may have been sent, so whether the " + r.type + " took effect is unknown and it was not repeated");
    }
    ObjectNode out = finishInPage(r, "press".equals(r.type));
    BrowsingEvents.Since n = r.s.events().since(r.s.context(), r.navSnap);
    // the page's own watch (a submission, the Navigation API) or what the browser saw
    return out.put("navigating", out.path("navigating").asBoolean(false) || n.started() || n.committed());
  }

  // What the page saw after trusted input; a document that went away (a navigation) saw it too.
  private ObjectNode finishInPage(StepRun r, boolean quiet) throws Lost, InterruptedException {
    boolean flow = r.flow;
    try {
      JsonNode res = r.call("finishTrusted", List.of(r.effectKey, json.createObjectNode().put("quiet", quiet)), flow ? Math.max(2000, r.remaining()) : 2000);
      return res.isObject() ? ((ObjectNode) res).deepCopy() : gone();
    } catch (PageCallException e) {
      // A flow (a combobox select) may wait for its list for the rest of the step: one still there that does not
      // answer in that time did not say what it did.
      if (flow && e.timedOut && !e.lost && r.s.answers(2000)) {
        return json.createObjectNode().put("ok", false).put("uncertain", true).put("dispatched", true)
            .put("error", "the page did not say what the input did (" + e.getMessage() + "); it was not repeated");
      }
      // The document went away (a navigation): it saw the input too. A browser that went away did not say what it did.
      if (e.lost || !r.s.answers(2000)) throw new Lost(e.getMessage(), true);
      return gone();
    }
  }

  private ObjectNode gone() {
    ObjectNode o = json.createObjectNode().put("ok", true).put("dispatched", true).put("count", 1);
    o.putObject("page_effect").put("gone", true);
    return o;
  }

  private JsonNode waitStep(StepRun r) throws StepFailure, Lost, InterruptedException {
    JsonNode wait = r.step.get("wait");
    if ((wait == null || isEmptyWait(wait)) && r.step.path("selector").hasNonNull("css")) {
      wait = json.createObjectNode().put("selector", r.step.path("selector").path("css").asText());
    }
    if (wait == null || isEmptyWait(wait)) throw new StepFailure("a wait step needs wait.selector, wait.text, wait.url_includes or wait.delay_ms");
    long started = System.currentTimeMillis();
    long limit = wait.path("timeout_ms").asLong() > 0 ? wait.path("timeout_ms").asLong() : r.timeout;
    String err = r.waitFor(wait, limit);
    if (err != null) return r.fail(err);
    return json.createObjectNode().put("ok", true).put("data", "waited " + (System.currentTimeMillis() - started) + " ms");
  }

  static boolean isEmptyWait(JsonNode w) {
    return !w.hasNonNull("selector") && !w.hasNonNull("text") && !w.hasNonNull("url_includes") && w.path("delay_ms").asLong() <= 0;
  }

  // ---- extractList -----------------------------------------------------------------------------------------

  private JsonNode extractList(StepRun r) throws StepFailure, Lost, InterruptedException {
    JsonNode sel = r.step.path("selector");
    if (!sel.hasNonNull("css") && !sel.hasNonNull("path")) throw new StepFailure("an extractList step needs a selector for the items");
    int limit = r.step.path("limit").asInt() > 0 ? r.step.path("limit").asInt() : LIST_BOUND;
    ObjectNode pageStep = json.createObjectNode();
    pageStep.set("selector", sel);
    if (r.step.hasNonNull("fields")) pageStep.set("fields", r.step.get("fields"));
    if (r.step.hasNonNull("value")) pageStep.set("value", r.step.get("value"));
    pageStep.put("run", r.t0 + "-" + Long.toHexString(Double.doubleToLongBits(Math.random())));
    ArrayNode rows = json.createArrayNode();
    int pages = 1;
    boolean truncated = false;
    JsonNode batch = pollList(r, pageStep, r.deadline);
    if (batch == null) throw new StepFailure("no element matches " + describe(sel) + " (waited " + r.timeout + " ms)");
    for (int round = 0; ; round++) {
      for (JsonNode row : batch.path("rows")) {
        if (rows.size() >= limit) {
          truncated = true;
          break;
        }
        rows.add(row);
      }
      boolean more = batch.path("next").asBoolean() || batch.path("scroll").asBoolean() && batch.path("scrollable").asBoolean();
      if (rows.size() >= limit) {
        truncated = truncated || more;
        break;
      }
      if (System.currentTimeMillis() >= r.deadline || round >= 200) {
        truncated = batch.path("next").asBoolean() || batch.path("scroll").asBoolean();
        break;
      }
      JsonNode next = null;
      if (batch.path("next").asBoolean()) {
        BrowsingEvents.Snapshot snap = r.s.events().snapshot(r.s.context());
        r.sent = true;
        JsonNode clicked;
        try {
          clicked = r.call("listNext", List.of(pageStep), r.remaining() + 1000);
        } catch (PageCallException e) {
          break;
        }
        if (!clicked.path("ok").asBoolean()) break;
        Thread.sleep(60);
        BrowsingEvents.Since n = r.s.events().since(r.s.context(), snap);
        if (n.started() || n.committed()) {
          String err = r.waitForLoad(snap, r.deadline, "the next page");
          if (err != null) throw new StepFailure("after " + rows.size() + " item(s): " + err);
        }
        next = pollList(r, pageStep, Math.min(r.deadline, System.currentTimeMillis() + 5000));
      } else if (batch.path("scroll").asBoolean() && batch.path("scrollable").asBoolean()) {
        try {
          r.call("listScroll", List.of(), 2000);
        } catch (PageCallException e) {
          break;
        }
        next = pollList(r, pageStep, Math.min(r.deadline, System.currentTimeMillis() + 2500));
      }
      if (next == null || next.path("rows").isEmpty()) break;
      pages++;
      batch = next;
    }
    List<String> names = r.step.path("fields").isObject() && r.step.path("fields").size() > 0
        ? iterable(r.step.path("fields").fieldNames()) : List.of("text");
    ArrayNode out = json.createArrayNode();
    for (JsonNode row : rows) {
      ObjectNode o = out.addObject();
      for (String k : names) o.put(k, row.path(k).asText(""));
    }
    return json.createObjectNode().put("ok", true).put("data", out.toString()).put("items", out.size()).put("pages", pages)
        .put("truncated", truncated);
  }

  private static List<String> iterable(java.util.Iterator<String> it) {
    List<String> out = new java.util.ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  /** listItems polled until it yields rows or {@code until} passes; null when none came. */
  private JsonNode pollList(StepRun r, ObjectNode pageStep, long until) throws StepFailure, Lost, InterruptedException {
    for (int tries = 0; ; tries++) {
      try {
        JsonNode res = r.call("listItems", List.of(pageStep), Math.max(1000, until - System.currentTimeMillis()));
        if (res.hasNonNull("error")) throw new StepFailure(res.path("error").asText());
        if (res.path("rows").size() > 0) return res;
      } catch (PageCallException e) {
        if (e.fatal) throw new StepFailure(e.getMessage());
      }
      if (System.currentTimeMillis() >= until) return null;
      Thread.sleep(StepRun.pollDelay(tries + 1));
    }
  }

  private static String describe(JsonNode sel) {
    return sel.hasNonNull("css") ? "css '" + sel.path("css").asText() + "'" : "path '" + sel.path("path").asText() + "'";
  }

  // ---- tabs and viewport -----------------------------------------------------------------------------------

  private int tabNumber(StepRun r) throws StepFailure {
    String v = r.step.path("value").asText("").strip();
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new StepFailure("a " + r.type + " step needs the tab's id in value (one of the task's tabs), not '" + v + "'");
    }
  }

  private JsonNode switchTab(StepRun r) throws StepFailure, Lost, InterruptedException {
    int n = tabNumber(r);
    String ctx = r.s.events().contextOf(n);
    if (ctx == null) throw new StepFailure("tab " + n + " is not one of the task's open tabs");
    try {
      r.s.useContext(ctx);
    } catch (BidiException e) {
      if (e.gone()) throw new Lost(e.getMessage(), false);
      throw new StepFailure("cannot switch to tab " + n + ": " + e.getMessage());
    }
    return json.createObjectNode().put("ok", true).put("data", "switched to tab " + n);
  }

  private JsonNode closeTab(StepRun r) throws StepFailure, Lost, InterruptedException {
    int n = tabNumber(r);
    String ctx = r.s.events().contextOf(n);
    if (ctx == null) throw new StepFailure("tab " + n + " is not one of the task's open tabs");
    if (ctx.equals(r.s.context())) throw new StepFailure("tab " + n + " is the current tab: switch to another before closing it");
    r.command("browsingContext.close", json.createObjectNode().put("context", ctx), 5_000, true);
    return json.createObjectNode().put("ok", true).put("data", "closed tab " + n);
  }

  private JsonNode setViewport(StepRun r) throws StepFailure, Lost, InterruptedException {
    String v = r.step.path("value").asText("").strip();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{2,5})\\s*[xX×]\\s*(\\d{2,5})").matcher(v);
    if (!m.matches()) throw new StepFailure("a setViewport step needs value WIDTHxHEIGHT (e.g. 390x844), not '" + v + "'");
    try {
      r.sent = true;
      r.s.setViewport(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    } catch (BidiException e) {
      if (e.gone()) throw new Lost(e.getMessage(), true);
      throw new StepFailure("cannot set the viewport: " + e.getMessage());
    }
    return json.createObjectNode().put("ok", true).put("data", "viewport " + m.group(1) + "x" + m.group(2));
  }
}

package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection.BidiException;
import dev.waymark.webdriver.WebDriverSession.PageCallException;
import dev.waymark.workflow.Tokens;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One step performed over a WebDriver session: the service worker's {@code executor/steps.js},
 * {@code attempts.js}, {@code page-steps.js} and {@code expect-wait.js} for replay, calling the same page-side
 * functions. Each page call is one attempt, polled until the step's deadline; a call that may have dispatched is
 * never repeated unless the same document confirms what happened.
 */
final class StepRun {
  static final Set<String> ACTIONS = Set.of("click", "fill", "select", "press");
  private static final Set<String> HISTORY = Set.of("back", "forward", "reload");
  private static final long POLL_MS = 100;
  /** attempts.js LASTING_MS: how long the page may say the element itself keeps the step before it stops. */
  static final long LASTING_MS = 2000;
  private static final long MIN_EFFECT_WAIT_MS = 1000;

  /** A step that cannot be done; its message is the step's error. */
  static final class StepFailure extends Exception {
    StepFailure(String message) {
      super(message);
    }
  }

  /** The session went away during the step; {@code sent} once anything of the step may have reached the page. */
  static final class Lost extends Exception {
    final boolean sent;

    Lost(String message, boolean sent) {
      super(message);
      this.sent = sent;
    }
  }

  final WebDriverSession s;
  final ObjectNode step;
  final String type;
  final Map<String, String> values;
  final boolean trusted;
  final long t0 = System.currentTimeMillis();
  final long timeout;
  final long deadline;
  final String effectKey;
  final String startContext;
  final BrowsingEvents.Snapshot navSnap;
  boolean sent;
  // the page asked for its inputs one after another (a flow: a combobox select, a date picked in a calendar)
  boolean flow;
  private final ObjectMapper json;

  StepRun(WebDriverSession s, ObjectNode step, Map<String, String> values, long timeout, String effectKey, boolean trusted,
      ObjectMapper json) {
    this.s = s;
    this.step = step;
    this.type = step.path("type").asText("");
    this.values = values;
    this.timeout = timeout;
    this.deadline = t0 + timeout;
    this.effectKey = effectKey;
    this.trusted = trusted;
    this.json = json;
    this.startContext = s.context();
    this.navSnap = s.events().snapshot(startContext);
  }

  long remaining() {
    return Math.max(0, deadline - System.currentTimeMillis());
  }

  /** A page call; a lost session becomes {@link Lost} with what the step had sent. */
  JsonNode call(String fn, List<?> args, long timeoutMs) throws PageCallException, Lost, InterruptedException {
    try {
      return s.callPage(fn, args, timeoutMs);
    } catch (PageCallException e) {
      if (e.lost) throw new Lost(e.getMessage(), sent);
      throw e;
    }
  }

  /** A BiDi command of the step; {@code acts} marks the step as sent first. */
  JsonNode command(String method, ObjectNode params, long timeoutMs, boolean acts) throws StepFailure, Lost, InterruptedException {
    if (acts) sent = true;
    try {
      return s.command(method, params, timeoutMs);
    } catch (BidiException e) {
      if (e.gone()) throw new Lost("the browser session is gone: " + e.getMessage(), sent);
      throw new StepFailure(method.substring(method.indexOf('.') + 1) + " failed: " + e.getMessage());
    }
  }

  String substituted(String text, String what) throws StepFailure {
    Set<String> names = Tokens.names(text);
    for (String n : names) {
      if (!values.containsKey(n)) throw new StepFailure("no value for {{ " + n + " }} in " + what);
    }
    return Tokens.substitute(text, values);
  }

  static long pollDelay(int attempt) {
    return Math.min(POLL_MS, (long) (5 * Math.pow(2, Math.max(0, attempt - 1))));
  }

  // ---- attempts ----------------------------------------------------------------------------------------------

  /** attempts.js attemptUntilDone: one page call an attempt until it acts, fails for good, or the deadline passes. */
  JsonNode attemptUntilDone(String fn, ObjectNode pageStep, ObjectNode options, boolean acts)
      throws StepFailure, Lost, InterruptedException {
    String lastError = null;
    String lastDoc = null;
    if (acts) {
      try {
        lastDoc = call("pageState", List.of(), 2000).path("doc").asText(null);
      } catch (PageCallException e) {
        lastDoc = null;
      }
    }
    // since when every answer has said the element itself is what keeps the step (0: the last one did not)
    long lastingSince = 0;
    for (int attempt = 0, waits = 0; ; attempt++) {
      if (waits > 0) {
        if (System.currentTimeMillis() >= deadline) {
          throw new StepFailure((lastError == null ? "the page was not ready" : lastError) + " (waited " + timeout + " ms)");
        }
        Thread.sleep(Math.min(pollDelay(waits), Math.max(1, remaining())));
      }
      waits++;
      ObjectNode opts = options.deepCopy();
      if (options.size() > 0 || acts) opts.put("attempt", attempt);
      if (acts) sent = true;
      JsonNode r;
      try {
        r = call(fn, List.of(pageStep, json.createObjectNode(), opts), remaining() + 2000);
      } catch (PageCallException e) {
        if (e.fatal) throw new StepFailure(e.getMessage());
        if (acts) {
          JsonNode known = recordOf();
          if (known != null && known.path("known").asBoolean()) return known.path("result");
          if (e.timedOut || known == null || !known.path("doc").asText("").equals(lastDoc)) {
            return json.createObjectNode().put("ok", false).put("uncertain", true).put("error", "the page changed or "
                + "stopped answering while the " + type + " was being performed; whether it took effect is unknown, so it was not repeated");
          }
        }
        lastError = e.getMessage();
        continue;
      }
      if (r.hasNonNull("doc")) lastDoc = r.path("doc").asText();
      if (r.path("ok").asBoolean() || r.path("dispatched").asBoolean() || !r.path("retry").asBoolean()) return r;
      lastError = r.path("error").asText(null);
      if (!r.path("lasting").asBoolean()) {
        lastingSince = 0;
      } else if (lastingSince == 0) {
        lastingSince = System.currentTimeMillis();
      } else if (System.currentTimeMillis() - lastingSince >= LASTING_MS) {
        throw new StepFailure(lastError + " (still so after " + LASTING_MS + " ms)");
      }
    }
  }

  private JsonNode recordOf() throws Lost, InterruptedException {
    try {
      return call("stepRecord", List.of(effectKey), 2000);
    } catch (PageCallException e) {
      return null;
    }
  }

  // ---- navigation ------------------------------------------------------------------------------------------

  /** Waits until every navigation that started since {@code snap} loaded, failed or stayed in the document. */
  String waitForLoad(BrowsingEvents.Snapshot snap, long until, String what) throws InterruptedException {
    BrowsingEvents ev = s.events();
    String ctx = s.context();
    boolean done = ev.await(() -> {
      BrowsingEvents.Snapshot n = ev.snapshot(ctx);
      int started = n.started() - snap.started();
      int ended = (n.loaded() - snap.loaded()) + (n.failed() - snap.failed()) + (n.sameDoc() - snap.sameDoc());
      return started <= ended || !ev.isOpen(ctx);
    }, until);
    if (!done) return what + " did not finish loading in " + timeout + " ms";
    BrowsingEvents.Since n = ev.since(ctx, snap);
    if (n.failed() && !n.loaded()) return what + " failed (the page did not load)";
    return null;
  }

  /** attempts.js settleNavigation: after an input, waits for the navigation or the tab it started. */
  void settleNavigation(JsonNode signals) throws InterruptedException {
    BrowsingEvents ev = s.events();
    String ctx = s.context();
    if (signals.path("navigating").asBoolean()) {
      ev.await(() -> {
        BrowsingEvents.Since n = ev.since(ctx, navSnap);
        return n.started() || n.committed() || n.sameDoc();
      }, System.currentTimeMillis() + 500);
    }
    BrowsingEvents.Since n = ev.since(ctx, navSnap);
    if (n.started() || n.committed()) waitForLoad(navSnap, Math.max(deadline, System.currentTimeMillis() + 2000), "the navigation it started");
    if (signals.path("new_tab").asBoolean()) {
      ev.await(() -> !ev.openedSince(t0, ctx).isEmpty(), System.currentTimeMillis() + 300);
    }
  }

  JsonNode navigate() throws StepFailure, Lost, InterruptedException {
    String asUrl = step.path("url").asText("").strip().toLowerCase(java.util.Locale.ROOT);
    String how = HISTORY.contains(asUrl) ? asUrl : step.path("value").asText("").strip().toLowerCase(java.util.Locale.ROOT);
    BrowsingEvents.Snapshot snap = s.events().snapshot(s.context());
    if (HISTORY.contains(how) && (asUrl.isEmpty() || HISTORY.contains(asUrl))) {
      if ("reload".equals(how)) {
        command("browsingContext.reload", s.params().put("wait", "complete"), Math.max(1000, remaining()), true);
      } else {
        ObjectNode p = s.params().put("delta", "back".equals(how) ? -1 : 1);
        try {
          s.command("browsingContext.traverseHistory", p, Math.max(1000, remaining()));
          sent = true;
        } catch (BidiException e) {
          if (e.gone()) throw new Lost(e.getMessage(), sent);
          return fail("there is no page to go " + how + " to in this tab's history");
        }
        String err = waitForLoad(snap, deadline, "going " + how);
        if (err != null) return json.createObjectNode().put("ok", false).put("error", err).put("dispatched", true);
      }
      return json.createObjectNode().put("ok", true).put("dispatched", true);
    }
    if (step.path("url").asText("").isEmpty()) throw new StepFailure("a navigate step needs url (or value \"back\", \"forward\" or \"reload\")");
    String url = substituted(step.path("url").asText(), "url");
    String base = s.events().url(s.context());
    try {
      url = base == null || base.isEmpty() ? java.net.URI.create(url).toString() : java.net.URI.create(base).resolve(url).toString();
    } catch (IllegalArgumentException e) {
      throw new StepFailure("invalid url '" + step.path("url").asText() + "'");
    }
    ObjectNode p = s.params().put("url", url).put("wait", "complete");
    sent = true;
    try {
      s.command("browsingContext.navigate", p, Math.max(1000, remaining()));
    } catch (BidiException e) {
      if (e.gone()) throw new Lost(e.getMessage(), true);
      if (e.timedOut()) return json.createObjectNode().put("ok", false).put("dispatched", true)
          .put("error", "navigation to " + url + " did not finish loading in " + timeout + " ms");
      return json.createObjectNode().put("ok", false).put("dispatched", true)
          .put("error", "navigation to " + url + " failed: " + e.getMessage());
    }
    return json.createObjectNode().put("ok", true).put("dispatched", true);
  }

  // ---- conditions and waits --------------------------------------------------------------------------------

  /** checkCondition polled until it answers; its {holds, detail}. */
  JsonNode conditionHolds(JsonNode condition) throws StepFailure, Lost, InterruptedException {
    return conditionHolds(condition, false);
  }

  /**
   * The same; with {@code shown}, a selector holds only for a match that is shown (a userStep's {@code continue_on}
   * waits for an element to appear, as the extension's gate does).
   */
  JsonNode conditionHolds(JsonNode condition, boolean shown) throws StepFailure, Lost, InterruptedException {
    String last = null;
    List<Object> args = shown ? List.of(condition, Map.of("shown", true)) : List.of(condition);
    for (int tries = 0; ; ) {
      try {
        JsonNode r = call("checkCondition", args, Math.max(2000, remaining()));
        if (r.path("ok").asBoolean()) return r;
        // CSS that is no selector stays so; anything else the page raised may pass with the next look
        if (r.path("fatal").asBoolean()) throw new StepFailure("condition: " + r.path("error").asText());
        last = r.path("error").asText();
      } catch (PageCallException e) {
        if (e.fatal) throw new StepFailure(e.getMessage());
        last = e.getMessage();
      }
      if (System.currentTimeMillis() >= deadline) throw new StepFailure("could not check the condition: " + last);
      Thread.sleep(pollDelay(++tries));
    }
  }

  /** checkWait polled until every predicate holds, then the delay; null when it held, else the error. */
  String waitFor(JsonNode wait, long timeoutMs) throws Lost, InterruptedException {
    long started = System.currentTimeMillis();
    long until = started + timeoutMs;
    boolean hasCondition = wait.hasNonNull("selector") || wait.hasNonNull("text") || wait.hasNonNull("url_includes");
    String pending = null;
    for (int tries = 0; hasCondition; ) {
      try {
        JsonNode r = call("checkWait", List.of(wait), Math.max(1000, until - System.currentTimeMillis()));
        if (!r.path("ok").asBoolean()) return "the wait is not usable: " + r.path("error").asText();
        if (r.path("holds").asBoolean()) break;
        pending = r.path("pending").asText(null);
      } catch (PageCallException e) {
        if (e.fatal) return e.getMessage();
        pending = "the page was loading";
      }
      if (System.currentTimeMillis() >= until) return "timed out after " + timeoutMs + " ms waiting: " + pending;
      Thread.sleep(Math.min(pollDelay(++tries), Math.max(1, until - System.currentTimeMillis())));
    }
    long delay = wait.path("delay_ms").asLong();
    if (delay > 0) Thread.sleep(delay);
    return null;
  }

  // ---- expect (replay) -------------------------------------------------------------------------------------

  JsonNode expectOf() {
    JsonNode e = step.path("expect");
    return e.isObject() && ACTIONS.contains(type) ? e : null;
  }

  /** expect-wait.js beforeAction: readiness when asked, then the baseline a count compares with; null: no expect. */
  JsonNode beforeAction() throws Lost, InterruptedException {
    JsonNode e = expectOf();
    if (e == null) return null;
    if (e.path("ready").asBoolean()) {
      long until = t0 + timeout * 2 / 3;
      for (;;) {
        try {
          JsonNode settled = call("targetSettled", java.util.Arrays.asList(step.hasNonNull("selector") ? step.get("selector") : null, trusted), 2000);
          if (settled.path("ready").asBoolean()) {
            call("unmarkTarget", List.of(), 2000);
            break;
          }
        } catch (PageCallException ex) {
          if (ex.fatal) break;
        }
        if (System.currentTimeMillis() >= until) break;
        Thread.sleep(50);
      }
    }
    if (!e.hasNonNull("count")) return json.createObjectNode();
    try {
      return call("expectBaseline", List.of(e), 2000);
    } catch (PageCallException ex) {
      return json.createObjectNode();
    }
  }

  /** expect-wait.js afterAction: the recorded effect polled until it holds, else the step fails naming it. */
  ObjectNode afterAction(ObjectNode result, JsonNode baseline) throws Lost, InterruptedException {
    JsonNode e = expectOf();
    if (e == null || baseline == null || !result.path("ok").asBoolean() || result.path("uncertain").asBoolean()
        || result.path("skipped").asBoolean()) return result;
    ObjectNode facts = ((ObjectNode) e).deepCopy();
    facts.remove("ready");
    if (facts.isEmpty()) return result;
    String value = null;
    if (facts.hasNonNull("value")) {
      try {
        value = substituted(facts.path("value").asText(), "expect.value");
      } catch (StepFailure f) {
        facts.remove("value");
      }
    }
    JsonNode selector = result.path("healed").hasNonNull("to") ? result.path("healed").get("to") : step.get("selector");
    ObjectNode how = json.createObjectNode();
    if (value == null) how.putNull("value");
    else how.put("value", value);
    how.set("selector", selector);
    long until = Math.max(deadline, System.currentTimeMillis() + MIN_EFFECT_WAIT_MS);
    String missing = "the page to answer";
    for (;;) {
      try {
        JsonNode r = call("checkExpect", List.of(facts, baseline, how), 3000);
        if (r.path("holds").asBoolean()) return result;
        missing = String.join(" and ", json.convertValue(r.path("missing"), String[].class));
      } catch (PageCallException ex) {
        if (ex.fatal) break;
      }
      if (System.currentTimeMillis() >= until) break;
      Thread.sleep(50);
    }
    return result.put("ok", false).put("missing", missing).put("error", "the " + type + " on " + what() + " was done, but its "
        + "effect did not follow: expected " + missing);
  }

  private String what() {
    JsonNode t = step.path("target");
    if (t.hasNonNull("role")) {
      String role = t.path("role").asText();
      return (role.matches("(?i)^[aeiou].*") ? "an " : "a ") + role + (t.hasNonNull("name") ? " \"" + t.path("name").asText() + "\"" : "");
    }
    return step.path("selector").hasNonNull("css") ? step.path("selector").path("css").asText() : "the page";
  }

  ObjectNode fail(String error) {
    return json.createObjectNode().put("ok", false).put("error", error);
  }
}

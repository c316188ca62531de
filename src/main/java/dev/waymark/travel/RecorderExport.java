package dev.waymark.travel;

import static dev.waymark.travel.PlaywrightParts.blank;
import static dev.waymark.travel.Script.str;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Tokens;
import dev.waymark.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A workflow as a Chrome DevTools Recorder user flow (the {@code @puppeteer/replay} schema). A flow reads no variables
 * and stores nothing: given values, its tokens are written in as text ({@link Result#valuesWritten()} says how many),
 * without them they stay {@code {{ tokens }}} and each step that needs one is noted. A step a flow cannot perform
 * becomes a {@code customStep} named {@code waymark:<type>} holding the step, which replay passes over and
 * {@link RecorderImport} turns back into the step.
 */
public final class RecorderExport {
  /** Where a click lands inside its element's box: a flow needs an offset, and a workflow records none. */
  static final int CLICK_OFFSET = 8;
  /** A flow step's timeout may not exceed this ({@code @puppeteer/replay}'s maxTimeout). */
  static final int MAX_TIMEOUT_MS = 30_000;
  static final String MARKER_PREFIX = "waymark:";

  private static final ObjectWriter PRETTY = Json.mapper().writer(new DefaultPrettyPrinter()
      .withObjectIndenter(new DefaultIndenter("  ", "\n"))
      .withArrayIndenter(new DefaultIndenter("  ", "\n"))
      .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

  /** The flow's JSON, what was not carried over, and how many token values were written in. */
  public record Result(String json, List<TravelNote> notes, int valuesWritten) {}

  private final JsonNodeFactory f = JsonNodeFactory.instance;
  private final Map<String, String> values;
  private final List<TravelNote> notes = new ArrayList<>();
  private final Set<String> stored = new LinkedHashSet<>();
  private final ArrayNode steps = f.arrayNode();
  private int written;
  private String focused;

  private RecorderExport(Map<String, String> values) {
    this.values = values;
  }

  /** The flow for {@code workflow}; {@code values} (null: none) are written in place of their tokens. */
  public static Result export(Workflow workflow, Map<String, String> values) {
    RecorderExport x = new RecorderExport(values);
    for (int i = 0; i < workflow.steps().size(); i++) x.step(workflow.steps().get(i), i);
    ObjectNode flow = x.f.objectNode();
    flow.put("title", !blank(workflow.name()) ? workflow.name() : !blank(workflow.id()) ? workflow.id() : "Waymark workflow");
    flow.put("timeout", PlaywrightExport.DEFAULT_TIMEOUT_MS);
    flow.set("steps", x.steps);
    try {
      return new Result(PRETTY.writeValueAsString(flow) + "\n", List.copyOf(x.notes), x.written);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the flow: " + e.getOriginalMessage(), e);
    }
  }

  private void step(Step s, int i) {
    String where = "step " + (i + 1) + (blank(s.id()) ? "" : " \"" + s.id() + "\"");
    if (s.condition() != null) {
      marker(s, where, "a flow has no conditional steps: replay performs it only when its condition holds");
      return;
    }
    if (s.optional()) {
      marker(s, where, "a flow has no optional steps: its replay would stop where replay goes on");
      return;
    }
    int before = steps.size();
    String why = action(s, where);
    if (why != null) {
      while (steps.size() > before) steps.remove(steps.size() - 1);
      marker(s, where, why);
      return;
    }
    if (s.timeoutMs() > 0) {
      for (int k = before; k < steps.size(); k++) ((ObjectNode) steps.get(k)).put("timeout", Math.min(MAX_TIMEOUT_MS, s.timeoutMs()));
    }
    if (s.acceptDialog()) {
      notes.add(new TravelNote(TravelNote.Kind.PARTLY, where, s.type(), 0, "a flow cannot answer the dialog it opens"
          + " (replay would accept it)"));
    }
    if (!blank(s.store())) stored.add(s.store().strip());
  }

  /** Appends the flow steps for {@code s}; returns why it cannot, or null. */
  private String action(Step s, String where) {
    ObjectNode baseline = null;
    if (s.expect() != null && s.expect().count() != null && !blank(s.expect().count().list())) {
      baseline = expression("(window.__waymarkCount = document.querySelectorAll(" + str(s.expect().count().list())
          + ").length, true)");
      steps.add(baseline);
    }
    RecorderSelectors.Out sel = RecorderSelectors.of(s.selector(), s.target());
    switch (s.type()) {
      case StepTypes.NAVIGATE -> {
        String how = (blank(s.url()) ? String.valueOf(s.value()) : s.url()).strip().toLowerCase();
        if (how.equals("back") || how.equals("forward") || how.equals("reload")) return "a flow cannot go " + how;
        if (blank(s.url())) return "it names no url";
        ObjectNode n = node("navigate");
        n.put("url", text(s.url(), s, where));
        steps.add(n);
      }
      case StepTypes.CLICK -> {
        if (sel.problem() != null) return sel.problem();
        ObjectNode n = withSelectors("click", sel);
        n.put("offsetX", CLICK_OFFSET);
        n.put("offsetY", CLICK_OFFSET);
        steps.add(n);
      }
      case StepTypes.FILL, StepTypes.SELECT -> {
        if (sel.problem() != null) return sel.problem();
        ObjectNode n = withSelectors("change", sel);
        n.put("value", text(s.value() == null ? "" : s.value(), s, where));
        steps.add(n);
      }
      case StepTypes.PRESS -> {
        Keys keys = Keys.parse(s.value());
        if (keys == null) return "\"" + s.value() + "\" names no key";
        if (s.selector() != null) {
          if (sel.problem() != null) return sel.problem();
          String css = s.selector().css();
          if (!s.selector().enter().isEmpty() || blank(css)) return "a flow sends keys to what has focus, and this element cannot be focused by CSS";
          // Keys go to what has focus: the element is focused first unless the step before already acted on it.
          if (!css.equals(focused)) {
            steps.add(expression("(() => { const e = document.querySelector(" + str(css) + "); if (!e) return false; "
                + "e.focus(); return true; })()"));
          }
        }
        for (String k : keys.sequence()) steps.add(key("keyDown", k));
        List<String> up = new ArrayList<>(keys.sequence());
        java.util.Collections.reverse(up);
        for (String k : up) steps.add(key("keyUp", k));
      }
      case StepTypes.SCROLL -> {
        if (s.selector() != null) return "a flow scrolls an element to a position, replay scrolls the box around it by an amount";
        String v = s.value() == null ? "" : s.value().strip().toLowerCase();
        String by = switch (v) {
          case "", "down" -> "0, innerHeight * 0.8";
          case "up" -> "0, -innerHeight * 0.8";
          case "right" -> "innerWidth * 0.8, 0";
          case "left" -> "-innerWidth * 0.8, 0";
          default -> v.matches("-?\\d+(\\.\\d+)?(px)?") ? "0, " + v.replace("px", "")
              : v.matches("-?\\d+(px)?\\s*,\\s*-?\\d+(px)?") ? v.replace("px", "") : null;
        };
        if (v.equals("top") || v.equals("start") || v.equals("home") || v.equals("bottom") || v.equals("end")) {
          ObjectNode n = node("scroll");
          n.put("x", 0);
          n.put("y", v.equals("bottom") || v.equals("end") ? 10_000_000 : 0);
          steps.add(n);
        } else if (by == null) {
          return "\"" + s.value() + "\" is no scroll amount replay knows";
        } else {
          steps.add(expression("(window.scrollBy(" + by + "), true)"));
        }
      }
      case StepTypes.WAIT -> {
        dev.waymark.workflow.WaitConfig w = s.waitFor();
        if ((w == null || RecorderWaits.empty(w)) && s.selector() != null && !blank(s.selector().css())) {
          w = new dev.waymark.workflow.WaitConfig(s.selector().css(), null, null, false, 0, s.waitFor() == null ? 0 : s.waitFor().timeoutMs());
        }
        if (w == null || RecorderWaits.empty(w)) return "it waits for nothing";
        steps.addAll(RecorderWaits.of(w, this));
      }
      case StepTypes.SET_VIEWPORT -> {
        java.util.regex.Matcher m = PlaywrightSteps.VIEWPORT.matcher(s.value() == null ? "" : s.value());
        if (!m.matches()) return "\"" + s.value() + "\" is not WIDTHxHEIGHT";
        ObjectNode n = node("setViewport");
        n.put("width", Integer.parseInt(m.group(1)));
        n.put("height", Integer.parseInt(m.group(2)));
        n.put("deviceScaleFactor", 1);
        n.put("isMobile", false);
        n.put("hasTouch", false);
        n.put("isLandscape", false);
        steps.add(n);
      }
      case StepTypes.UPLOAD -> { return "a flow cannot put a file into a file field"; }
      case StepTypes.EXTRACT, StepTypes.EXTRACT_LIST -> { return "a flow reads nothing off the page"; }
      case StepTypes.EVAL -> { return "a flow calls no page function by name"; }
      case StepTypes.CAPTURE_URL, StepTypes.CAPTURE_DOWNLOAD, StepTypes.CAPTURE_PAGE_FILE -> { return "a flow captures no files"; }
      case StepTypes.USER_STEP -> { return "a flow cannot wait for a person's turn"; }
      case StepTypes.SWITCH_TAB, StepTypes.ADOPT_TAB, StepTypes.CLOSE_TAB -> { return "a flow's steps name their tab by address, not as replay does"; }
      default -> { return "Waymark has no step type \"" + s.type() + "\""; }
    }
    // Only what the page's own input focuses keeps the focus; a wait or a scroll moves none.
    boolean focuses = StepTypes.CLICK.equals(s.type()) || StepTypes.FILL.equals(s.type()) || StepTypes.SELECT.equals(s.type())
        || StepTypes.PRESS.equals(s.type());
    focused = focuses && s.selector() != null && sel.problem() == null && s.selector().enter().isEmpty() ? s.selector().css() : null;
    if (s.waitFor() != null && !StepTypes.WAIT.equals(s.type()) && !RecorderWaits.empty(s.waitFor())) {
      steps.addAll(RecorderWaits.of(s.waitFor(), this));
    }
    if (s.expect() != null) steps.addAll(RecorderWaits.expect(s.expect(), sel.selectors(), s, where, this));
    return null;
  }

  /** {@code text} with the values written in; a token left (no value, or a stored slot) is noted on the step. */
  String text(String text, Step s, String where) {
    if (values == null) {
      if (!Tokens.names(text).isEmpty()) needs(s, where, Tokens.names(text));
      return text;
    }
    // A stored slot is what replay read earlier in the run; a value of the same name is not it.
    Map<String, String> usable = new java.util.LinkedHashMap<>(values);
    usable.keySet().removeAll(stored);
    for (String name : Tokens.names(text)) if (usable.containsKey(name)) written++;
    String out = Tokens.substitute(text, usable);
    if (!Tokens.names(out).isEmpty()) needs(s, where, Tokens.names(out));
    return out;
  }

  private void needs(Step s, String where, Set<String> names) {
    List<String> what = new ArrayList<>();
    for (String n : names) {
      what.add(Tokens.token(n) + (stored.contains(n) ? " (what an earlier step stored, which a flow cannot read)" : ""));
    }
    notes.add(new TravelNote(TravelNote.Kind.NEEDS_VALUE, where, s.type(), 0, String.join(", ", what)
        + " stays as written: a flow reads no variables"));
  }

  private void marker(Step s, String where, String why) {
    notes.add(new TravelNote(TravelNote.Kind.NOT_TRANSLATED, where, s.type(), 0, why + "; kept as a customStep"));
    ObjectNode n = node("customStep");
    n.put("name", MARKER_PREFIX + s.type());
    ObjectNode p = n.putObject("parameters");
    p.put("why", why);
    // The step as written (tokens, never values), so that import gives it back.
    p.set("step", Json.mapper().valueToTree(s));
    steps.add(n);
    focused = null;
    if (!blank(s.store())) stored.add(s.store().strip());
  }

  ObjectNode node(String type) {
    ObjectNode n = f.objectNode();
    n.put("type", type);
    return n;
  }

  ObjectNode withSelectors(String type, RecorderSelectors.Out sel) {
    ObjectNode n = node(type);
    n.put("target", "main");
    ArrayNode all = n.putArray("selectors");
    for (List<String> alt : sel.selectors()) {
      ArrayNode parts = all.addArray();
      alt.forEach(parts::add);
    }
    return n;
  }

  ObjectNode expression(String js) {
    ObjectNode n = node("waitForExpression");
    n.put("expression", js);
    return n;
  }

  private ObjectNode key(String type, String key) {
    ObjectNode n = node(type);
    n.put("target", "main");
    n.put("key", key);
    return n;
  }

  Map<String, String> values() {
    return values;
  }
}

package dev.waymark.travel;

import static dev.waymark.travel.PlaywrightParts.blank;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import java.net.URI;
import dev.waymark.workflow.Tokens;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * A Chrome DevTools Recorder user flow as a workflow: navigate, click, change (fill), keyDown/keyUp (press),
 * setViewport, waitForElement (wait) and Waymark's own customStep markers map; aria selectors give the step's target.
 * Every flow step that does not map is in {@link Result#notes()} with its index and type. A file that is no flow
 * at all is a {@link WorkflowLoadException} with each problem's line.
 */
public final class RecorderImport {
  /** The workflow and the flow steps left out. */
  public record Result(Workflow workflow, List<TravelNote> notes) {}

  private final JsonLines doc;
  private final List<Step> steps = new ArrayList<>();
  private final List<TravelNote> notes = new ArrayList<>();
  /** Keys held down (modifiers) and pressed but not yet released, while reading keyDown/keyUp. */
  private final List<String> held = new ArrayList<>();
  private final List<String> pressed = new ArrayList<>();
  private final Set<String> secrets = new HashSet<>();

  private RecorderImport(JsonLines doc) {
    this.doc = doc;
  }

  /** Reads a flow; {@code fallbackId} names the workflow when the flow's title gives no usable id. */
  public static Result read(String json, String fallbackId) throws WorkflowLoadException {
    JsonLines doc = JsonLines.read(json);
    JsonNode root = doc.tree();
    if (!root.isObject()) throw JsonLines.problem(doc.line(""), "a Recorder flow is an object with title and steps");
    JsonNode list = root.get("steps");
    if (list == null || !list.isArray()) {
      throw JsonLines.problem(doc.line(list == null ? "" : "/steps"), "a Recorder flow has a \"steps\" list");
    }
    List<WorkflowProblem> problems = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode s = list.get(i);
      if (!s.isObject() || !s.path("type").isTextual()) {
        problems.add(new WorkflowProblem(doc.line("/steps/" + i), "steps[" + i + "]", "a flow step is an object with a type"));
      }
    }
    if (!problems.isEmpty()) throw new WorkflowLoadException(problems);
    RecorderImport x = new RecorderImport(doc);
    for (int i = 0; i < list.size(); i++) x.step(list.get(i), i);
    String title = root.path("title").asText("").strip();
    String id = title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    if (id.isEmpty() || !Character.isLetterOrDigit(id.charAt(0))) id = fallbackId;
    String description = "Imported from a Chrome DevTools Recorder flow" + (title.isEmpty() ? "" : " (\"" + title + "\")") + ".";
    Workflow wf = new Workflow(id, title.isEmpty() ? null : title, description, variables(x.steps), x.steps);
    return new Result(wf, List.copyOf(x.notes));
  }

  /**
   * A flow exported without values still holds its {{ tokens }}: each one becomes a variable again (a slot an earlier
   * step stores excepted), so the workflow validates and run asks for its value.
   */
  private static Map<String, String> variables(List<Step> steps) {
    Map<String, String> vars = new LinkedHashMap<>();
    Set<String> stored = new HashSet<>();
    for (Step st : steps) {
      for (String name : Tokens.names(st)) {
        if (!stored.contains(name)) vars.putIfAbsent(name, "the value the flow writes as {{ " + name + " }}");
      }
      if (!blank(st.store())) stored.add(st.store().strip());
    }
    return vars;
  }

  private void step(JsonNode s, int i) {
    String type = s.get("type").asText();
    String why = unsupported(s);
    if (why == null) {
      why = switch (type) {
        case "navigate" -> navigate(s, i);
        case "click" -> element(s, i, StepTypes.CLICK);
        case "change" -> element(s, i, StepTypes.FILL);
        case "keyDown" -> keyDown(s, i);
        case "keyUp" -> keyUp(s);
        case "setViewport" -> viewport(s, i);
        case "waitForElement" -> waitFor(s, i);
        case "customStep" -> marker(s, i);
        case "doubleClick" -> "Waymark has no double click; two clicks are not one double click to a page";
        case "hover" -> "Waymark has no hover step";
        case "scroll" -> "a flow scrolls to a position, Waymark by an amount, and brings elements into view by itself";
        case "waitForExpression" -> "a workflow runs no code written in it (an eval step calls a page's own function by name)";
        case "close" -> "Waymark does not close the task's tab";
        case "emulateNetworkConditions" -> "Waymark does not throttle the network";
        default -> "not a step type of the Recorder schema";
      };
    }
    if (why != null) notes.add(note(TravelNote.Kind.NOT_MAPPED, i, type, why));
  }

  /** What no step type can carry: a frame by index, another tab, asserted events other than a navigation. */
  private static String unsupported(JsonNode s) {
    if (s.path("frame").isArray() && !s.path("frame").isEmpty()) return "it acts in a frame, found by its index";
    String target = s.path("target").asText("main");
    if (!target.equals("main")) return "it acts in another tab (" + target + ")";
    return null;
  }

  private String navigate(JsonNode s, int i) {
    String url = s.path("url").asText("");
    if (url.isBlank()) return "it names no url";
    add(i, Step.builder(StepTypes.NAVIGATE).url(url).build());
    return null;
  }

  private String element(JsonNode s, int i, String type) {
    RecorderSelectors.In in = selectors(s);
    if (in == null || in.selector() == null) {
      return "none of its selectors is CSS or XPath" + (in != null && in.target() != null ? " (an aria selector alone names no element to act on)" : "");
    }
    if (in.note() != null) notes.add(note(TravelNote.Kind.PARTLY, i, s.get("type").asText(), in.note()));
    Step.Builder b = Step.builder(type).selector(in.selector()).target(in.target());
    if (type.equals(StepTypes.FILL)) b.value(value(s.path("value").asText(""), in, i));
    String label = (type.equals(StepTypes.FILL) ? "fill " : "click ")
        + (in.target() != null ? in.target().role() + " \"" + in.target().name() + "\"" : in.selector().describe());
    b.label(label);
    String navigation = navigationPath(s);
    // What the flow asserted after the click (a navigation to an address) is waited for, as it was.
    if (navigation != null) b.waitFor(new WaitConfig(null, null, navigation, false, 0, 0));
    timeout(s, b);
    add(i, b.build());
    return null;
  }

  /**
   * What a change step types. A recording holds what was typed into a password field as clear text, and a workflow
   * never holds a secret: such a value becomes a {@code {{ token }}} (a variable, given at run time), and is noted.
   */
  private String value(String typed, RecorderSelectors.In in, int i) {
    // A token is already what a workflow writes (a flow exported without values).
    if (typed.isEmpty() || !Tokens.names(typed).isEmpty() || !RecorderSelectors.secret(in)) return typed;
    String name = "password";
    for (int n = 2; secrets.contains(name); n++) name = "password_" + n;
    secrets.add(name);
    notes.add(note(TravelNote.Kind.NEEDS_VALUE, i, "change", "what the recording typed into this password field is not "
        + "written into the workflow; the step types " + Tokens.token(name) + " instead: give its value to run with "
        + "--values-file"));
    return Tokens.token(name);
  }

  private String keyDown(JsonNode s, int i) {
    String key = s.path("key").asText("");
    if (key.isEmpty()) return "it names no key";
    String k = Keys.canonical(key);
    if (Keys.MODIFIERS.contains(k)) {
      if (!held.contains(k)) held.add(k);
      return null;
    }
    Keys keys = Keys.parse(held.isEmpty() ? k : String.join("+", held) + "+" + k);
    if (keys == null) return "\"" + key + "\" is no key Waymark presses";
    pressed.add(k);
    Step.Builder b = Step.builder(StepTypes.PRESS).value(keys.waymark()).label("press " + keys.waymark());
    timeout(s, b);
    add(i, b.build());
    return null;
  }

  private String keyUp(JsonNode s) {
    String k = Keys.canonical(s.path("key").asText(""));
    // The press step was made at its keyDown; a release only ends it.
    if (held.remove(k) || pressed.remove(k)) return null;
    return "it releases \"" + s.path("key").asText("") + "\", which no keyDown before it pressed";
  }

  private String viewport(JsonNode s, int i) {
    int w = s.path("width").asInt(0);
    int h = s.path("height").asInt(0);
    if (w < 10 || h < 10) return "it names no width and height";
    add(i, Step.builder(StepTypes.SET_VIEWPORT).value(w + "x" + h).build());
    return null;
  }

  private String waitFor(JsonNode s, int i) {
    RecorderSelectors.In in = selectors(s);
    String operator = s.path("operator").asText(">=");
    int count = s.path("count").asInt(1);
    boolean visible = s.path("visible").asBoolean(true);
    boolean absent = (operator.equals("==") && count == 0) || (operator.equals("<=") && count == 0)
        || (!visible && operator.equals(">=") && count == 1);
    boolean present = visible && operator.equals(">=") && count <= 1 || visible && operator.equals("==") && count == 1;
    if (!absent && !present) return "it waits for a count of elements (" + operator + " " + count + "); a wait step waits for one or none";
    if (s.has("properties") || s.has("attributes")) {
      notes.add(note(TravelNote.Kind.PARTLY, i, "waitForElement", "the properties and attributes it also waits for are left out"));
    }
    WaitConfig w;
    if (in != null && in.selector() != null && !blank(in.selector().css()) && in.selector().enter().isEmpty()) {
      w = new WaitConfig(in.selector().css(), null, null, absent, 0, s.path("timeout").asInt(0));
    } else if (in != null && in.text() != null && !absent) {
      w = new WaitConfig(null, in.text(), null, false, 0, s.path("timeout").asInt(0));
    } else {
      return "none of its selectors is CSS in the page (or text/ to wait for)";
    }
    add(i, Step.builder(StepTypes.WAIT).waitFor(w).build());
    return null;
  }

  /** Waymark's own marker: the step it stood for, given back. */
  private String marker(JsonNode s, int i) {
    String name = s.path("name").asText("");
    JsonNode step = s.path("parameters").path("step");
    if (!name.startsWith(RecorderExport.MARKER_PREFIX) || !step.isObject()) return "a customStep runs an extension's own code";
    try {
      add(i, Json.mapper().treeToValue(step, Step.class));
      return null;
    } catch (Exception e) {
      return "its Waymark step cannot be read: " + e.getMessage().lines().findFirst().orElse("");
    }
  }

  private RecorderSelectors.In selectors(JsonNode s) {
    JsonNode list = s.path("selectors");
    if (!list.isArray()) return null;
    List<List<String>> alternatives = new ArrayList<>();
    for (JsonNode alt : list) {
      List<String> parts = new ArrayList<>();
      if (alt.isTextual()) parts.add(alt.asText());
      else if (alt.isArray()) alt.forEach(p -> parts.add(p.asText()));
      alternatives.add(parts);
    }
    return RecorderSelectors.read(alternatives);
  }

  private static String navigationPath(JsonNode s) {
    for (JsonNode e : s.path("assertedEvents")) {
      if (!"navigation".equals(e.path("type").asText()) || !e.path("url").isTextual()) continue;
      try {
        String path = URI.create(e.path("url").asText()).getRawPath();
        return path == null || path.isEmpty() || path.equals("/") ? null : path;
      } catch (IllegalArgumentException ignored) {
        return null;
      }
    }
    return null;
  }

  private static void timeout(JsonNode s, Step.Builder b) {
    if (s.path("timeout").canConvertToInt() && s.path("timeout").asInt() > 0) b.timeoutMs(s.path("timeout").asInt());
  }

  private void add(int i, Step step) {
    // A marker's step keeps its own id; any other says which flow step it came from (s4 is steps[4]), as notes do.
    String id = !blank(step.id()) && !taken(step.id()) ? step.id() : "s" + i;
    String unique = id;
    for (int n = 2; taken(unique); n++) unique = id + "-" + n;
    steps.add(step.withId(unique));
  }

  private boolean taken(String id) {
    return steps.stream().anyMatch(st -> id.equals(st.id()));
  }

  private TravelNote note(TravelNote.Kind kind, int i, String type, String message) {
    return new TravelNote(kind, "steps[" + i + "]", type, doc.line("/steps/" + i), message);
  }
}

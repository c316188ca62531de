package dev.waymark.apply;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtractField;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.Tokens;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The may-write rules and ref resolution: turns the raw step of a decision into a checked {@link Step}, or
 * refuses it with a {@link DecisionException} whose message the next prompt reads.
 */
public final class StepWriter {
  /** Every JSON field a Step has, by its spec name. */
  public static final Set<String> STEP_FIELDS = stepFields();
  /** What a decision's step may carry: the step fields the engine does not own, plus the ref. */
  public static final Set<String> DECISION_FIELDS;

  static {
    Set<String> fields = new TreeSet<>(STEP_FIELDS);
    fields.removeAll(Set.of("id", "selector", "provenance", "target", "expect"));
    fields.add("ref");
    DECISION_FIELDS = java.util.Collections.unmodifiableSet(fields);
  }

  private StepWriter() {}

  private static Set<String> stepFields() {
    Set<String> names = new LinkedHashSet<>();
    for (RecordComponent c : Step.class.getRecordComponents()) {
      JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
      names.add(p != null ? p.value() : c.getName());
    }
    return java.util.Collections.unmodifiableSet(names);
  }

  /** Checks and resolves one decided step against the turn's options. */
  public static PreparedStep write(ObjectNode raw, String reasoning, ApplyInput in) throws DecisionException {
    boolean person = Provenance.PERSON.equals(in.decidedBy());
    ObjectNode step = raw.deepCopy();
    String type = step.path("type").isTextual() ? step.get("type").asText() : null;
    if (type == null || type.isBlank()) {
      throw new DecisionException("the step has no \"type\"; use one of " + new TreeSet<>(in.writable()));
    }
    if (!StepTypes.known(type)) {
      throw new DecisionException("step type \"" + type + "\" is not known; use one of " + new TreeSet<>(in.writable()));
    }
    if (!person && !in.writable().contains(type)) {
      throw new DecisionException("step type \"" + type + "\" may not be written in this session; use one of "
          + new TreeSet<>(in.writable()));
    }
    Set<String> allowed = person ? personFields() : DECISION_FIELDS;
    for (Iterator<String> it = step.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!allowed.contains(name)) {
        String hint = "selector".equals(name) ? "; name the element by its \"ref\" from the current observation" : "";
        throw new DecisionException("step field \"" + name + "\" is not known" + hint + "; a " + type
            + " step takes " + allowed);
      }
    }
    String ref = step.path("ref").isTextual() ? step.get("ref").asText().trim() : null;
    if (ref != null && ref.isEmpty()) ref = null;
    step.remove("ref");
    step.remove("id");
    Step parsed = historyAsUrl(toStep(step));

    ObservedNode node = null;
    Step.Builder b = parsed.toBuilder().expect(dev.waymark.workflow.Expect.orNull(parsed.expect()));
    PageObservation obs = in.observation();
    if (ref != null) {
      node = obs == null ? null : obs.node(ref);
      ObservedList list = node == null && obs != null ? obs.list(ref) : null;
      if (node == null && list == null) {
        throw new DecisionException("ref \"" + ref + "\" is not in the current observation; refs are valid only for "
            + "the observation they came from, so pick a ref from the page as it is now");
      }
      if (node != null) {
        b.selector(new Selector(node.selector(), node.path(), node.indexes(), node.enter(), null, false));
        b.target(targetOf(node));
      } else {
        b.selector(new Selector(list.selector(), null, null, null, null, false));
        if (StepTypes.EXTRACT_LIST.equals(type)) {
          if (parsed.fields().isEmpty()) b.fields(listFields(list));
          // The executor follows the pager the observer found rather than guessing one.
          if (parsed.value() == null && list.pagination() != null && list.pagination().selector() != null) {
            b.value("infinite".equals(list.pagination().kind()) ? "scroll" : list.pagination().selector());
          }
        }
      }
    } else if (parsed.selector() == null && StepTypes.NEEDS_ELEMENT.contains(type)) {
      throw new DecisionException("a " + type + " step needs the \"ref\" of the element it acts on");
    } else if (parsed.selector() != null) {
      // A person's raw selector (an edit, a recovered step) that names an observed element is that element:
      // the risk gate and the label then see its role and name, as they would through a ref.
      node = nodeAt(obs, parsed.selector());
      if (node != null && parsed.target() == null) b.target(targetOf(node));
    }
    requireFields(type, parsed);
    String outputProblem = StepTypes.outputProblem(type, parsed.output());
    if (outputProblem != null) throw new DecisionException(outputProblem);
    Step checked = b.build();
    StepRules.check(checked, in);

    // One serialization serves both checks: tokens and braces survive JSON escaping unchanged.
    String json = Json.write(checked.withProvenance(null));
    Set<String> used = Tokens.names(json);
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : used) {
      if (!in.variables().containsKey(name)) {
        if (StepTypes.UPLOAD.equals(type) && Tokens.names(checked.value() == null ? "" : checked.value()).contains(name)) {
          // The studio reads an upload's file at the token's value: a slot holds text a page gave, never a path to send.
          throw new DecisionException("an upload takes a file variable the person declared, not {{ " + name + " }}; "
              + "declared: " + (in.variables().isEmpty() ? "none (ask the person for the file in a userStep)"
              : String.join(", ", in.variables().keySet())));
        }
        values.put(name, storedSlot(name, in));
        continue;
      }
      String v = in.values().get(name);
      if (v == null) {
        throw new DecisionException("{{ " + name + " }} has no value in this session; ask the person to enter it under Variables");
      }
      values.put(name, v);
    }
    SecretMask mask = new SecretMask(in.values());
    String leaked = mask.leakedName(json);
    if (leaked == null) leaked = mask.leakedName(checked.value());
    if (leaked != null) {
      throw new DecisionException("the step holds the real value of a declared variable; write {{ " + leaked
          + " }} instead of the value itself");
    }
    checkStore(checked, in);
    String label = checked.label() == null || checked.label().isBlank() ? describe(checked, node, ref) : checked.label();
    return new PreparedStep(checked.withLabel(label), ref, node, Map.copyOf(values), reasoning);
  }

  private static final Set<String> HISTORY = Set.of("back", "forward", "reload");

  /**
   * A navigate through the tab's history is written {@code url: "back"} (as the prompt says); {@code value: "back"}
   * without a url means the same and is stored the one way, so replay and the label read one field.
   */
  static Step historyAsUrl(Step s) {
    if (!StepTypes.NAVIGATE.equals(s.type())) return s;
    String url = s.url() == null ? null : s.url().strip().toLowerCase(java.util.Locale.ROOT);
    if (url != null && HISTORY.contains(url)) return s.url().equals(url) ? s : s.toBuilder().url(url).build();
    String value = s.value() == null ? null : s.value().strip().toLowerCase(java.util.Locale.ROOT);
    if ((s.url() == null || s.url().isBlank()) && value != null && HISTORY.contains(value)) {
      return s.toBuilder().url(value).value(null).build();
    }
    return s;
  }

  /**
   * A token that names no variable may name a slot an accepted step stored (spec: "readable by later steps"), as
   * replay reads it; its data is what that step read, sent to the browser like a value.
   */
  private static String storedSlot(String name, ApplyInput in) throws DecisionException {
    String data = in.stored().get(name);
    if (data != null) return data;
    boolean storedByStep = in.steps().stream().anyMatch(s -> name.equals(s.store()));
    if (storedByStep) {
      throw new DecisionException("{{ " + name + " }} is the slot of an earlier step that read nothing; read the value "
          + "again with a step that stores it, or use a declared variable");
    }
    throw new DecisionException("{{ " + name + " }} is not a declared variable or a stored slot; declared: "
        + (in.variables().isEmpty() ? "none" : String.join(", ", in.variables().keySet()))
        + "; stored: " + (in.stored().isEmpty() ? "none" : String.join(", ", in.stored().keySet())));
  }

  private static void checkStore(Step s, ApplyInput in) throws DecisionException {
    if (s.store() == null) return;
    String slot = s.store().strip();
    if (!Tokens.isName(slot)) {
      throw new DecisionException("store \"" + s.store() + "\" is not a slot name; start with a letter or _ and use "
          + "letters, digits, _, . and - (later steps write it as a {{ token }})");
    }
    if (in.variables().containsKey(slot)) {
      throw new DecisionException("store \"" + slot + "\" is the name of a declared variable; choose another slot name");
    }
  }

  /** The observed node the selector addresses exactly as the observer wrote it, or null. */
  static ObservedNode nodeAt(PageObservation obs, Selector sel) {
    if (obs == null || sel == null || sel.all() || sel.index() != null) return null;
    for (ObservedNode n : obs.nodes()) {
      if (java.util.Objects.equals(n.selector(), sel.css()) && java.util.Objects.equals(n.path(), sel.path())
          && n.indexes().equals(sel.indexes()) && n.enter().equals(sel.enter())) {
        return n;
      }
    }
    return null;
  }

  /**
   * Who the observed element is, for replay's identity check: what the observer said of it, never its value. A
   * node the observer could not name, place or link (an icon in a row of icons) has no target: nothing could
   * recognize it again but its selector.
   */
  public static Target targetOf(ObservedNode n) {
    Target t = new Target(blankToNull(n.role()), blankToNull(n.name()), blankToNull(n.tag()), blankToNull(n.type()),
        blankToNull(n.section()), blankToNull(n.context()), blankToNull(n.href()), blankToNull(n.text()));
    return t.identifying() ? t : null;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static Set<String> personFields() {
    Set<String> fields = new TreeSet<>(DECISION_FIELDS);
    fields.add("selector");
    // a person's step (an edit, a recovered step) keeps the target its selector was recorded with
    fields.add("target");
    // and the effect it was seen to have, which the person may edit or drop (an empty one is dropped)
    fields.add("expect");
    return fields;
  }

  private static Step toStep(ObjectNode step) throws DecisionException {
    try {
      return Json.mapper().treeToValue(step, Step.class);
    } catch (MismatchedInputException e) {
      String field = e.getPath().isEmpty() ? "?" : e.getPath().get(e.getPath().size() - 1).getFieldName();
      throw new DecisionException("step field \"" + field + "\" has the wrong shape: " + e.getOriginalMessage());
    } catch (JsonProcessingException e) {
      throw new DecisionException("the step cannot be read: " + e.getOriginalMessage());
    }
  }

  private static void requireFields(String type, Step s) throws DecisionException {
    switch (type) {
      case StepTypes.NAVIGATE -> require(s.url() != null && !s.url().isBlank(), type, "url",
          "the address, or back, forward or reload");
      case StepTypes.FILL, StepTypes.SELECT -> require(s.value() != null, type, "value", "what to type or choose");
      case StepTypes.PRESS -> require(s.value() != null && !s.value().isBlank(), type, "value", "the key, such as Enter or Control+A");
      case StepTypes.UPLOAD -> require(s.value() != null && !s.value().isBlank(), type, "value", "the file placeholder");
      case StepTypes.WAIT -> require(s.waitFor() != null, type, "wait", "the condition to wait for");
      case StepTypes.USER_STEP -> {
        require(s.prompt() != null && !s.prompt().isBlank(), type, "prompt", "what the person should do");
        java.util.List<String> problems = dev.waymark.workflow.UserSteps.problems(s);
        if (!problems.isEmpty()) throw new DecisionException(problems.get(0));
      }
      case StepTypes.CAPTURE_URL -> require(s.url() != null && !s.url().isBlank(), type, "url", "the address to fetch");
      case StepTypes.EVAL -> require(s.fn() != null && !s.fn().isBlank(), type, "fn", "the page function to call");
      case StepTypes.SWITCH_TAB, StepTypes.CLOSE_TAB, StepTypes.ADOPT_TAB -> require(s.value() != null, type, "value", "the tab id");
      case StepTypes.CAPTURE_PAGE_FILE -> require(s.format() == null
          || Set.of("html", "mhtml", "pdf").contains(s.format().strip().toLowerCase(java.util.Locale.ROOT)), type, "format",
          "html, mhtml or pdf (or leave it out for html)");
      case StepTypes.SET_VIEWPORT -> require(s.value() != null && s.value().matches("\\d{2,5}x\\d{2,5}"), type, "value",
          "the size as WIDTHxHEIGHT");
      default -> { }
    }
  }

  private static void require(boolean ok, String type, String field, String what) throws DecisionException {
    if (!ok) throw new DecisionException("a " + type + " step needs \"" + field + "\": " + what);
  }

  private static Map<String, ExtractField> listFields(ObservedList list) {
    Map<String, ExtractField> out = new LinkedHashMap<>();
    for (ObservedListField f : list.fields()) out.put(f.name(), new ExtractField(f.css(), f.attribute()));
    return out;
  }

  /** A readable default label: the action and the element it acts on, in words a person scans quickly. */
  public static String describe(Step s, ObservedNode node, String ref) {
    String target = node != null ? describeNode(node) : ref != null ? "list " + ref
        : s.selector() != null ? s.selector().describe() : null;
    return switch (s.type()) {
      case StepTypes.NAVIGATE -> switch (s.url()) {
        case "back" -> "Go back";
        case "forward" -> "Go forward";
        case "reload" -> "Reload the page";
        default -> "Go to " + s.url();
      };
      case StepTypes.CLICK -> "Click " + target;
      case StepTypes.FILL -> "Fill " + target + " with " + s.value();
      case StepTypes.SELECT -> "Choose " + s.value() + " in " + target;
      case StepTypes.PRESS -> "Press " + s.value() + (target != null ? " in " + target : "");
      case StepTypes.SCROLL -> "Scroll " + (s.value() == null ? "down" : s.value()) + (target != null ? " in " + target : "");
      case StepTypes.UPLOAD -> "Upload " + s.value() + " to " + target;
      case StepTypes.WAIT -> "Wait for the page";
      case StepTypes.EXTRACT -> "Read " + (s.attribute() != null ? s.attribute() + " of " : "") + target;
      case StepTypes.EXTRACT_LIST -> "Read the rows of " + target;
      case StepTypes.CAPTURE_URL -> "Capture " + s.url();
      case StepTypes.CAPTURE_DOWNLOAD -> "Capture the download of " + target;
      case StepTypes.CAPTURE_PAGE_FILE -> "Save the page";
      case StepTypes.EVAL -> "Call page function " + s.fn();
      case StepTypes.SWITCH_TAB -> "Switch to tab " + s.value();
      case StepTypes.CLOSE_TAB -> "Close tab " + s.value();
      case StepTypes.ADOPT_TAB -> "Work in tab " + s.value();
      case StepTypes.SET_VIEWPORT -> "Set the viewport to " + s.value();
      case StepTypes.USER_STEP -> "Ask the person: " + s.prompt();
      default -> s.type();
    };
  }

  static String describeNode(ObservedNode n) {
    StringBuilder sb = new StringBuilder();
    sb.append(n.role() == null || n.role().isBlank() ? n.tag() : n.role());
    if (n.name() != null && !n.name().isBlank()) sb.append(" \"").append(abbreviate(n.name(), 60)).append('"');
    else if (n.text() != null && !n.text().isBlank()) sb.append(" \"").append(abbreviate(n.text(), 60)).append('"');
    if (n.context() != null && !n.context().isBlank()) sb.append(" (").append(abbreviate(n.context(), 40)).append(')');
    return sb.toString();
  }

  static String abbreviate(String s, int max) {
    String one = s.replaceAll("\\s+", " ").trim();
    return one.length() <= max ? one : one.substring(0, max - 1) + "…";
  }
}

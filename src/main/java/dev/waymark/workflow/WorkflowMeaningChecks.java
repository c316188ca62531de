package dev.waymark.workflow;

import static dev.waymark.workflow.WorkflowYaml.escape;
import static dev.waymark.workflow.WorkflowYaml.fieldOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a workflow's meaning, run on the parsed tree next to the shape check: duplicate step and
 * resume ids, rewinds that do not point back, outputs a step type cannot give, undeclared {{ tokens }}, userStep
 * and expect fields replay could never honour. Apart from {@link WorkflowYaml} because they judge what a
 * document says, not how it is written, and grow with every step feature while the reader stays put.
 */
final class WorkflowMeaningChecks {
  private WorkflowMeaningChecks() {}

  /** Ids, resume points, rewinds and variables: what the shape alone cannot tell. */
  static void check(ObjectNode root, Map<String, Integer> lines, List<WorkflowProblem> problems) {
    Set<String> declared = new HashSet<>();
    JsonNode vars = root.get("variables");
    if (vars != null && vars.isObject()) vars.fieldNames().forEachRemaining(declared::add);
    JsonNode steps = root.get("steps");
    if (steps == null || !steps.isArray()) return;
    Set<String> stepIds = new HashSet<>();
    Set<String> resumeIds = new HashSet<>();
    for (int i = 0; i < steps.size(); i++) {
      JsonNode step = steps.get(i);
      if (!step.isObject()) continue;
      String at = "/steps/" + i;
      String id = step.path("id").asText(null);
      if (id != null && !stepIds.add(id)) {
        problems.add(new WorkflowProblem(lines.getOrDefault(at + "/id", 0), fieldOf(at + "/id"), "step id \"" + id + "\" is used twice"));
      }
      JsonNode resume = step.get("resume");
      if (resume != null && resume.isObject()) {
        JsonNode rewind = resume.get("rewind");
        if (rewind != null && rewind.isObject() && rewind.hasNonNull("to")) {
          String to = rewind.get("to").asText();
          if (!resumeIds.contains(to)) {
            problems.add(new WorkflowProblem(lines.getOrDefault(at + "/resume/rewind/to", 0), fieldOf(at + "/resume/rewind/to"),
                "rewind goes to \"" + to + "\", which is not a resume point earlier in the list"));
          }
        }
        String rid = resume.path("id").asText(null);
        if (rid != null && !resumeIds.add(rid)) {
          problems.add(new WorkflowProblem(lines.getOrDefault(at + "/resume/id", 0), fieldOf(at + "/resume/id"),
              "resume id \"" + rid + "\" is used twice"));
        }
      }
      String outputProblem = StepTypes.outputProblem(step.path("type").asText(null), step.path("output").asText(null));
      if (outputProblem != null) {
        problems.add(new WorkflowProblem(lines.getOrDefault(at + "/output", 0), fieldOf(at + "/output"), outputProblem));
      }
      checkTokens(step, at, declared, lines, problems);
      // A slot this step stores is readable by the steps after it (never by itself), as replay reads it.
      String slot = step.path("store").asText(null);
      if (slot != null && !slot.isBlank()) declared.add(slot.strip());
      if (StepTypes.USER_STEP.equals(step.path("type").asText())) checkUserStep(step, at, lines, problems);
      if (step.path("expect").isObject()) checkExpect(step, at, lines, problems);
    }
  }

  /** An expect replay could never see hold: a count that changes by nothing, a field value on a step with no field. */
  private static void checkExpect(JsonNode step, String at, Map<String, Integer> lines, List<WorkflowProblem> problems) {
    JsonNode expect = step.get("expect");
    JsonNode count = expect.get("count");
    if (count != null && count.isObject()) {
      if (!count.path("list").isTextual() || count.path("list").asText().isBlank()) {
        problems.add(new WorkflowProblem(lines.getOrDefault(at + "/expect/count", 0), fieldOf(at + "/expect/count"),
            "expect.count needs the list: the CSS selector of its items"));
      }
      if (count.path("by").asInt(0) == 0) {
        problems.add(new WorkflowProblem(lines.getOrDefault(at + "/expect/count", 0), fieldOf(at + "/expect/count/by"),
            "expect.count.by says how many items the step adds (+) or removes (-); 0 is no effect, so drop the count"));
      }
    }
    String type = step.path("type").asText("");
    if (expect.has("value") && !StepTypes.FILL.equals(type) && !StepTypes.SELECT.equals(type)) {
      problems.add(new WorkflowProblem(lines.getOrDefault(at + "/expect/value", 0), fieldOf(at + "/expect/value"),
          "expect.value is what a fill or select step's field holds afterwards; a " + type + " step fills no field"));
    }
    for (String which : List.of("appears", "gone")) {
      JsonNode e = expect.get(which);
      if (e != null && e.isObject() && !e.path("role").isTextual() && !e.path("name").isTextual()) {
        problems.add(new WorkflowProblem(lines.getOrDefault(at + "/expect/" + which, 0), fieldOf(at + "/expect/" + which),
            "expect." + which + " names the element by its role, its name, or both"));
      }
    }
  }

  /** A userStep's method and continue_on, with the line of the field that is wrong (UserSteps says why). */
  private static void checkUserStep(JsonNode step, String at, Map<String, Integer> lines, List<WorkflowProblem> problems) {
    JsonNode method = step.get("method");
    if (method != null && !(method.isTextual() && UserSteps.knownMethod(method.asText()))) {
      problems.add(new WorkflowProblem(lines.getOrDefault(at + "/method", 0), fieldOf(at + "/method"),
          "userStep method \"" + method.asText() + "\" is not known; use one of " + String.join(", ", UserSteps.METHODS)
              + " (or leave it out)"));
    }
    JsonNode on = step.get("continue_on");
    if (on != null && on.path("manual").asBoolean(false)
        && (on.hasNonNull("selector") || on.hasNonNull("text") || on.hasNonNull("url_includes"))) {
      problems.add(new WorkflowProblem(lines.getOrDefault(at + "/continue_on/manual", 0), fieldOf(at + "/continue_on/manual"),
          "continue_on.manual: true means only the person's Continue ends the step, so it cannot go with selector, "
              + "text or url_includes; drop manual to let a condition end it too"));
    }
  }

  private static void checkTokens(JsonNode node, String pointer, Set<String> declared, Map<String, Integer> lines,
      List<WorkflowProblem> problems) {
    if (pointer.endsWith("/provenance")) return;
    if (node.isTextual()) {
      for (String name : Tokens.names(node.asText())) {
        if (!declared.contains(name)) {
          problems.add(new WorkflowProblem(lines.getOrDefault(pointer, 0), fieldOf(pointer),
              "{{ " + name + " }} is not declared under variables, and no earlier step stores it"));
        }
      }
    } else if (node.isObject()) {
      node.fields().forEachRemaining(e -> checkTokens(e.getValue(), pointer + "/" + escape(e.getKey()), declared, lines, problems));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) checkTokens(node.get(i), pointer + "/" + i, declared, lines, problems);
    }
  }
}

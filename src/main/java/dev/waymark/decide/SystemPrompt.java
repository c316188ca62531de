package dev.waymark.decide;

import dev.waymark.apply.Capabilities;
import dev.waymark.workflow.StepTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The system instructions of a model's prompt: the step types a session may write, with the rules its capabilities
 * and the person's settings give (decision 0028). Apart from {@link PromptRenderer}'s turns because it is the one
 * part of the prompt that does not follow each page: it changes only when what a turn is offered widens (the tab
 * steps once the task has had tabs, upload once there is a variable: {@link OfferedSteps}, decision 0070), so a
 * provider caches it.
 */
final class SystemPrompt {
  private final String template = PromptRenderer.resource("system.txt");
  private final Map<String, String> stepTypes = parseStepTypes(PromptRenderer.resource("step-types.txt"));

  SystemPrompt() {
    for (String t : StepTypes.ALL) {
      if (!stepTypes.containsKey(t)) throw new IllegalStateException("prompts/step-types.txt lacks step type " + t);
    }
  }

  /** The instructions for a writable set: a step type or flag that needs a capability the session lacks is left out. */
  String render(Set<String> writable, Capabilities caps) {
    StringBuilder types = new StringBuilder();
    Set<String> offered = new java.util.HashSet<>();
    // Vocabulary order, not set order, so the same set always renders the same text.
    for (Map.Entry<String, String> e : stepTypes.entrySet()) {
      if (writable.contains(e.getKey()) && DecisionSchema.offered(e.getKey(), caps)) {
        types.append("- ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        offered.add(e.getKey());
      }
    }
    return PromptRenderer.fill(template, Map.of("step_types", types.toString().stripTrailing(),
        "capability_rule", capabilityRule(caps), "offered_risks", offeredRisks(offered)));
  }

  /** The approval rule's kinds of step that only some sessions are offered: said only where they are (0075). */
  private static String offeredRisks(Set<String> offered) {
    StringBuilder b = new StringBuilder();
    if (offered.contains(StepTypes.UPLOAD)) b.append(", upload files");
    if (offered.contains(StepTypes.CAPTURE_URL) || offered.contains(StepTypes.CAPTURE_DOWNLOAD)
        || offered.contains(StepTypes.CAPTURE_PAGE_FILE)) {
      b.append(", capture downloads");
    }
    if (offered.contains(StepTypes.EVAL)) b.append(", call page functions");
    return b.toString();
  }

  private static String capabilityRule(Capabilities caps) {
    List<String> off = new ArrayList<>(Capabilities.NAMES);
    off.removeAll(caps.names());
    if (off.isEmpty()) return "";
    return "\n- This session does not allow " + String.join(", ", off) + ": the steps and fields that need "
        + (off.size() == 1 ? "it" : "them") + " are not listed and are refused. When the goal needs "
        + (off.size() == 1 ? "it" : "one") + ", ask the person in a userStep or report blocked.";
  }

  private static Map<String, String> parseStepTypes(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (line.isBlank() || colon < 0) continue;
      out.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
    }
    return out;
  }
}

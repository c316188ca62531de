package dev.waymark.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;

/**
 * A step that was waiting for the person's approval when its session stopped: journaled when it starts to wait,
 * so a crash at that moment loses nothing. It was never performed.
 */
public record AwaitingStep(Step step, String reasoning) {

  /**
   * The step as a person's decision for the editor: its resolved selector instead of a ref (refs mean nothing
   * outside the observation they came from), without the id and provenance the engine writes.
   */
  public String asDecision() {
    ObjectNode stepJson = Json.mapper().valueToTree(step.withProvenance(null));
    stepJson.remove("id");
    ObjectNode d = Json.mapper().createObjectNode();
    d.put("reasoning", reasoning == null ? "" : reasoning);
    d.put("done", false);
    d.set("step", stepJson);
    try {
      return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(d);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}

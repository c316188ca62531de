package dev.waymark.apply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;

/**
 * A {@link Step} written back as a decision a person can edit and apply again: the one converter the studio's
 * Edit, take-over and crash recovery share, so no field is lost on the way back through {@link StepWriter}.
 */
public final class StepDecisions {
  private StepDecisions() {}

  /**
   * The step object of a decision: every field of the step except those the engine writes (id, provenance).
   * With a {@code ref} (the step was decided on an element of the current observation) the ref stands for the
   * selector, which it resolves to again; without one the step keeps its selector.
   */
  public static ObjectNode stepJson(Step step, String ref) {
    ObjectNode fields = Json.mapper().valueToTree(step.withProvenance(null).withId(null));
    ObjectNode out = Json.mapper().createObjectNode();
    // type and the element first: what a person reads before the details.
    out.set("type", fields.remove("type"));
    if (ref != null && !ref.isBlank()) {
      out.put("ref", ref.strip());
      fields.remove("selector");
      // the ref's element brings its own target again
      fields.remove("target");
    }
    out.setAll(fields);
    return out;
  }

  /** A whole decision around the step, pretty-printed for the decision editor. */
  public static String decision(Step step, String ref, String reasoning) {
    ObjectNode d = Json.mapper().createObjectNode();
    d.put("reasoning", reasoning == null ? "" : reasoning);
    d.set("step", stepJson(step, ref));
    try {
      return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(d);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a step could not be written as JSON", e);
    }
  }
}

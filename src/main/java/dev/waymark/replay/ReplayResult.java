package dev.waymark.replay;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The end of a replay (the spec's WorkflowResult): whether every non-optional step succeeded, each step's result,
 * and every stored slot (masked). When it did not, {@code error} says why and {@code failed_step} names the step.
 *
 * @param start   the resume point the run started at, null for the beginning
 * @param outcome how the run ended
 */
@JsonPropertyOrder({"ok", "steps", "stored", "start", "error", "failed_step"})
public record ReplayResult(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("steps") List<ReplayStepResult> steps,
    @JsonProperty("stored") Map<String, String> stored,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("start") String start,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("error") String error,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("failed_step") String failedStep,
    @JsonIgnore Outcome outcome) {

  /** How a run ended. */
  public enum Outcome {
    /** Every non-optional step succeeded (or was skipped by its condition). */
    COMPLETED,
    /** A non-optional step failed; the run stopped there. */
    STEP_FAILED,
    /** A step's effect is unknown (the browser stopped answering); it must be checked by hand, never repeated. */
    UNCERTAIN,
    /** The requested start point could not be reached. */
    START_NOT_REACHED,
    /** The run was interrupted. */
    STOPPED,
    /**
     * The browser went away before a step was sent ({@link BrowserLostException} with {@code sent} false): that step
     * did not happen, so the run may start again on a new session. Never the outcome of a run with an uncertain step.
     */
    BROWSER_LOST
  }

  public ReplayResult {
    steps = steps == null ? List.of() : List.copyOf(steps);
    stored = stored == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stored));
  }
}

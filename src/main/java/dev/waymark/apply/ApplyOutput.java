package dev.waymark.apply;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import java.util.List;

/**
 * The outputs of one apply turn under the spec's names, plus what the session needs to carry to the next
 * turn. Every string here is already masked: no real value can be in it.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"steps", "step", "notes", "trail", "count", "ok", "done", "error", "data", "reasoning",
    "failures", "budget", "match_url", "url", "continue"})
public record ApplyOutput(
    @JsonProperty("steps") List<Step> steps,
    @JsonProperty("step") Step step,
    @JsonProperty("notes") List<String> notes,
    @JsonProperty("trail") List<ExtTurn> trail,
    @JsonProperty("count") int count,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("done") boolean done,
    @JsonProperty("error") String error,
    @JsonProperty("data") String data,
    @JsonProperty("reasoning") String reasoning,
    @JsonProperty("failures") int failures,
    @JsonProperty("budget") int budget,
    @JsonProperty("match_url") String matchUrl,
    @JsonProperty("url") String url,
    @JsonProperty("continue") boolean continueLoop,
    // Beyond the spec, for the session and the next turn:
    @JsonProperty("blocked") String blocked,
    @JsonProperty("handoff") String handoff,
    @JsonProperty("uncertain") boolean uncertain,
    @JsonProperty("unchanged") boolean unchanged,
    @JsonProperty("moved") boolean moved,
    @JsonProperty("last_observation") String lastObservation,
    @JsonProperty("given_back") int givenBack,
    // What else the step made happen (dialogs, downloads, tabs, truncation, a skipping condition); null when nothing.
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("outcome") StepOutcome outcome) {

  public ApplyOutput {
    steps = steps == null ? List.of() : List.copyOf(steps);
    notes = notes == null ? List.of() : List.copyOf(notes);
    trail = trail == null ? List.of() : List.copyOf(trail);
  }

  /** The turn this output recorded: the last entry of the trail. */
  public ExtTurn lastTurn() {
    return trail.isEmpty() ? null : trail.get(trail.size() - 1);
  }
}

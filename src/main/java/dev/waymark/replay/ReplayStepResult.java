package dev.waymark.replay;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What one replayed step did, as the {@code run} command prints it. Every text is masked: a real value
 * reads as its {@code {{ token }}}. {@code optional}, {@code uncertain} and {@code rewind} appear only when true.
 *
 * @param effect what the page did (the address changed, a field reformatted the value, no visible change…)
 * @param outcome what else the step made happen (dialogs, downloads, tabs, truncation, a skipping condition); absent
 *                when nothing did
 * @param rewind the entry is the rewind of a resume point (reaching the start point), not a workflow step
 */
@JsonPropertyOrder({"step_id", "type", "label", "ok", "skipped", "error", "data", "url", "effect", "outcome", "optional", "uncertain", "rewind"})
public record ReplayStepResult(
    @JsonProperty("step_id") String stepId,
    @JsonProperty("type") String type,
    @JsonProperty("label") String label,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("skipped") boolean skipped,
    @JsonProperty("error") String error,
    @JsonProperty("data") String data,
    @JsonProperty("url") String url,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("optional") boolean optional,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("uncertain") boolean uncertain,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("rewind") boolean rewind,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("effect") String effect,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("outcome") dev.waymark.workflow.StepOutcome outcome) {
}

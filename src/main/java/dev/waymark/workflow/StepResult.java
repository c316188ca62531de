package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the browser reported for one performed step. {@code uncertain} means the step was dispatched
 * but its effect is unknown (the socket dropped, the reply timed out): it must never be repeated automatically.
 * {@code outcome} is what else the step made happen (dialogs, downloads, tabs, truncation, a skipping condition);
 * never null, {@link StepOutcome#NONE} when nothing did. {@code sentAs} is the id the step was sent to the browser under,
 * unique to that sending (null when it was not sent, or its driver names sendings by the step id).
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record StepResult(
    @JsonProperty("step_id") String stepId,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("error") String error,
    @JsonProperty("data") String data,
    @JsonProperty("url") String url,
    @JsonProperty("title") String title,
    @JsonProperty("skipped") boolean skipped,
    @JsonProperty("uncertain") boolean uncertain,
    @JsonProperty("navigated") boolean navigated,
    @JsonProperty("outcome") StepOutcome outcome,
    @JsonProperty("effect") String effect,
    @JsonProperty("sent_as") String sentAs) {

  /** A result that does not say which sending it reports. */
  public StepResult(String stepId, boolean ok, String error, String data, String url, String title, boolean skipped,
      boolean uncertain, boolean navigated, StepOutcome outcome, String effect) {
    this(stepId, ok, error, data, url, title, skipped, uncertain, navigated, outcome, effect, null);
  }

  /** A result without an effect note. */
  public StepResult(String stepId, boolean ok, String error, String data, String url, String title, boolean skipped,
      boolean uncertain, boolean navigated, StepOutcome outcome) {
    this(stepId, ok, error, data, url, title, skipped, uncertain, navigated, outcome, null);
  }

  public StepResult {
    outcome = outcome == null ? StepOutcome.NONE : outcome;
  }

  public static StepResult success(String stepId, String data, String url, String title) {
    return new StepResult(stepId, true, null, data, url, title, false, false, false, null);
  }

  public static StepResult failure(String stepId, String error, String url) {
    return new StepResult(stepId, false, error, null, url, null, false, false, false, null);
  }

  public static StepResult uncertain(String stepId, String error) {
    return new StepResult(stepId, false, error, null, null, null, false, true, false, null);
  }

  /** A step whose condition did not hold: it did nothing, which is not a failure. */
  public static StepResult skipped(String stepId, String detail, String url) {
    return new StepResult(stepId, true, null, detail, url, null, true, false, false,
        new StepOutcome(null, null, null, null, false, null, null, true, detail));
  }

  /** The same result with {@code data} replaced (a capture says where its file went). */
  public StepResult withData(String newData) {
    return new StepResult(stepId, ok, error, newData, url, title, skipped, uncertain, navigated, outcome, effect, sentAs);
  }

  /** The same result, saying the id its step was sent under. */
  public StepResult withSentAs(String wireId) {
    return new StepResult(stepId, ok, error, data, url, title, skipped, uncertain, navigated, outcome, effect, wireId);
  }
}

package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What the browser reported for one performed step. {@code uncertain} means the step was dispatched
 * but its effect is unknown (the socket dropped, the reply timed out): it must never be repeated automatically.
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
    @JsonProperty("dialogs") List<String> dialogs,
    @JsonProperty("downloads") List<String> downloads,
    @JsonProperty("new_tabs") List<String> newTabs,
    @JsonProperty("effect") String effect) {

  /** A result without an effect note. */
  public StepResult(String stepId, boolean ok, String error, String data, String url, String title, boolean skipped,
      boolean uncertain, boolean navigated, List<String> dialogs, List<String> downloads, List<String> newTabs) {
    this(stepId, ok, error, data, url, title, skipped, uncertain, navigated, dialogs, downloads, newTabs, null);
  }

  public StepResult {
    dialogs = dialogs == null ? List.of() : List.copyOf(dialogs);
    downloads = downloads == null ? List.of() : List.copyOf(downloads);
    newTabs = newTabs == null ? List.of() : List.copyOf(newTabs);
  }

  public static StepResult success(String stepId, String data, String url, String title) {
    return new StepResult(stepId, true, null, data, url, title, false, false, false, null, null, null);
  }

  public static StepResult failure(String stepId, String error, String url) {
    return new StepResult(stepId, false, error, null, url, null, false, false, false, null, null, null);
  }

  public static StepResult uncertain(String stepId, String error) {
    return new StepResult(stepId, false, error, null, null, null, false, true, false, null, null, null);
  }
}

package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One turn of a session as the trail records it, accepted or not; a value stays as written, tokens and all. {@code effect}
 * says what the page did with the step's input ("no visible change", "the page took the value and cleared the field").
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ExtTurn(
    @JsonProperty("turn") int turn,
    @JsonProperty("reasoning") String reasoning,
    @JsonProperty("type") String type,
    @JsonProperty("label") String label,
    @JsonProperty("ref") String ref,
    @JsonProperty("value") String value,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("done") boolean done,
    @JsonProperty("error") String error,
    @JsonProperty("url") String url,
    @JsonProperty("effect") String effect) {

  /** A turn without an effect note (one that performed nothing, or a person's resolution). */
  public ExtTurn(int turn, String reasoning, String type, String label, String ref, String value, boolean ok, boolean done,
      String error, String url) {
    this(turn, reasoning, type, label, ref, value, ok, done, error, url, null);
  }
}

package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** One turn of a session as the trail records it, accepted or not; a value stays as written, tokens and all. */
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
    @JsonProperty("url") String url) {}

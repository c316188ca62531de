package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Holds a user gate until the person continues or a page condition is met. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ContinueCondition(
    @JsonProperty("manual") boolean manual,
    @JsonProperty("selector") String selector,
    @JsonProperty("text") String text,
    @JsonProperty("url_includes") String urlIncludes,
    @JsonProperty("timeout_ms") int timeoutMs) {}

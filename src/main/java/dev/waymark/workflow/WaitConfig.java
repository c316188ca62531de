package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Blocks a step until a page condition holds, with a fixed delay on top and a bound. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record WaitConfig(
    @JsonProperty("selector") String selector,
    @JsonProperty("text") String text,
    @JsonProperty("url_includes") String urlIncludes,
    @JsonProperty("absent") boolean absent,
    @JsonProperty("delay_ms") int delayMs,
    @JsonProperty("timeout_ms") int timeoutMs) {}

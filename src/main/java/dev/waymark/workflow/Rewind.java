package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** How the browser leaves a resume point for an earlier one: by address or by a control that leads back. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record Rewind(
    @JsonProperty("to") String to,
    @JsonProperty("url") String url,
    @JsonProperty("selector") String selector,
    @JsonProperty("wait") WaitConfig waitFor) {}

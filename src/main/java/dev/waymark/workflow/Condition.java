package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A page predicate: the set parts combine by match ("any" or "all"), then negate inverts the result. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record Condition(
    @JsonProperty("selector") String selector,
    @JsonProperty("text") String text,
    @JsonProperty("url_includes") String urlIncludes,
    @JsonProperty("match") String match,
    @JsonProperty("negate") boolean negate) {}

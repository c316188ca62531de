package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Marks a step as a point a re-run may start at, with the predicate that recognizes the browser standing there. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ResumePoint(
    @JsonProperty("id") String id,
    @JsonProperty("when") Condition when,
    @JsonProperty("rewind") Rewind rewind) {}

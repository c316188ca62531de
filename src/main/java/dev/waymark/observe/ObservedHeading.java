package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A page heading in document order; level 1 is h1. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ObservedHeading(@JsonProperty("level") int level, @JsonProperty("text") String text) {}

package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A candidate column of a list, relative to its item container, with what it read on the first item. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ObservedListField(
    @JsonProperty("name") String name,
    @JsonProperty("css") String css,
    @JsonProperty("attribute") String attribute,
    @JsonProperty("sample") String sample) {}

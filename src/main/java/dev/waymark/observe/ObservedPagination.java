package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** How a list reaches its next batch: kind is link, numbered, more or infinite. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ObservedPagination(
    @JsonProperty("kind") String kind,
    @JsonProperty("selector") String selector,
    @JsonProperty("label") String label,
    @JsonProperty("url") String url,
    @JsonProperty("pages") int pages) {}

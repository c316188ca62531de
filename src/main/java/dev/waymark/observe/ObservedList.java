package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** A repeated content block (tiles, rows, cards): the item container, its count, candidate columns and pager. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ObservedList(
    @JsonProperty("ref") String ref,
    @JsonProperty("selector") String selector,
    @JsonProperty("count") int count,
    @JsonProperty("section") String section,
    @JsonProperty("fields") List<ObservedListField> fields,
    @JsonProperty("pagination") ObservedPagination pagination) {

  public ObservedList {
    fields = fields == null ? List.of() : List.copyOf(fields);
  }
}

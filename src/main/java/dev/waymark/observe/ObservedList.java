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
    @JsonProperty("pagination") ObservedPagination pagination,
    // Beyond the spec's fields: how many items the whole list has when the page draws only {@code count} of them
    // (a virtualized grid's aria-rowcount, an item's aria-setsize); 0 when it says no more than count.
    @JsonProperty("total") int total) {

  public ObservedList {
    fields = fields == null ? List.of() : List.copyOf(fields);
  }

  /** A list the page draws whole. */
  public ObservedList(String ref, String selector, int count, String section, List<ObservedListField> fields,
      ObservedPagination pagination) {
    this(ref, selector, count, section, fields, pagination, 0);
  }
}

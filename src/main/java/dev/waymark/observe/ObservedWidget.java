package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What kind of widget a node is, when it is more than its role says, and the state that goes with it: a combobox
 * whose list opens (its value is the node's value), a date picker (a fill takes an ISO date), a sortable column
 * header and how the grid is sorted by it, a slider or spin button's range.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObservedWidget(
    @JsonProperty("kind") String kind,
    // a sortable column: ascending, descending, none or other (aria-sort)
    @JsonProperty("sort") String sort,
    @JsonProperty("min") String min,
    @JsonProperty("max") String max) {

  /** The words the compact form shows for it: {@code slider 0..100}, {@code sortable sort=ascending}. */
  public String describe() {
    StringBuilder b = new StringBuilder(kind == null ? "widget" : kind);
    if (sort != null) b.append(" sort=").append(sort);
    if (min != null || max != null) b.append(' ').append(min == null ? "" : min).append("..").append(max == null ? "" : max);
    return b.toString();
  }
}

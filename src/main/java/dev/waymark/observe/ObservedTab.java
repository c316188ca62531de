package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A browser tab an observation names: one of the task's tabs (with its flags) or a tab the person has open on the
 * task's sites (flags all false). {@code id} is what switchTab, closeTab and adoptTab take as their value.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ObservedTab(
    @JsonProperty("id") int id,
    @JsonProperty("title") String title,
    @JsonProperty("url") String url,
    @JsonProperty("opened_by_task") boolean openedByTask,
    @JsonProperty("adopted") boolean adopted,
    @JsonProperty("current") boolean current) {

  /** A person's tab on the task's sites, as open_tabs lists it. */
  public static ObservedTab open(int id, String title, String url) {
    return new ObservedTab(id, title, url, false, false, false);
  }
}

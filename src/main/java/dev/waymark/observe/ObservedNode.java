package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** One interactive element of an observation; its ref is a handle valid only inside that observation. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ObservedNode(
    @JsonProperty("ref") String ref,
    @JsonProperty("role") String role,
    @JsonProperty("name") String name,
    @JsonProperty("tag") String tag,
    @JsonProperty("type") String type,
    @JsonProperty("value") String value,
    @JsonProperty("placeholder") String placeholder,
    @JsonProperty("disabled") boolean disabled,
    // Boxed: "not a checkbox" and "unchecked" are different facts for a reader.
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("checked") Boolean checked,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("expanded") Boolean expanded,
    @JsonProperty("options") List<String> options,
    @JsonProperty("selector") String selector,
    @JsonProperty("path") String path,
    @JsonProperty("indexes") List<Integer> indexes,
    @JsonProperty("enter") List<String> enter,
    @JsonProperty("section") String section,
    @JsonProperty("context") String context,
    @JsonProperty("offscreen") boolean offscreen,
    @JsonProperty("obscured") boolean obscured,
    @JsonProperty("similar") int similar,
    // Beyond the spec's fields: where a link leads, so the risk gate sees a click that leaves the task's sites.
    @JsonProperty("href") String href,
    // Beyond the spec's fields: the selector counts positions among siblings (or needs indexes or a path)
    // because nothing else names the element uniquely, so a replay checks its name and item text too.
    @JsonProperty("positional") boolean positional,
    // Beyond the spec's fields: what a person sees on a control the browser gives no accessible name (a clickable
    // <div>'s words, the words of a label that is not rendered). Never a name: getByRole and aria/ cannot find it by it.
    @JsonProperty("text") String text,
    // Beyond the spec's fields: the widget the node is (a combobox with a list, a date picker, a sortable column, a
    // slider's range), when its role alone does not say how a person uses it.
    @JsonProperty("widget") ObservedWidget widget) {

  public ObservedNode {
    options = options == null ? List.of() : List.copyOf(options);
    indexes = indexes == null ? List.of() : List.copyOf(indexes);
    enter = enter == null ? List.of() : List.copyOf(enter);
  }

  /** A node that is no widget beyond its role. */
  public ObservedNode(String ref, String role, String name, String tag, String type, String value, String placeholder,
      boolean disabled, Boolean checked, Boolean expanded, List<String> options, String selector, String path,
      List<Integer> indexes, List<String> enter, String section, String context, boolean offscreen, boolean obscured,
      int similar, String href, boolean positional, String text) {
    this(ref, role, name, tag, type, value, placeholder, disabled, checked, expanded, options, selector, path, indexes,
        enter, section, context, offscreen, obscured, similar, href, positional, text, null);
  }

  /** A node the browser names, or one with nothing shown on it. */
  public ObservedNode(String ref, String role, String name, String tag, String type, String value, String placeholder,
      boolean disabled, Boolean checked, Boolean expanded, List<String> options, String selector, String path,
      List<Integer> indexes, List<String> enter, String section, String context, boolean offscreen, boolean obscured,
      int similar, String href, boolean positional) {
    this(ref, role, name, tag, type, value, placeholder, disabled, checked, expanded, options, selector, path, indexes,
        enter, section, context, offscreen, obscured, similar, href, positional, null);
  }

  /** A node whose selector names it by what it is, not by position. */
  public ObservedNode(String ref, String role, String name, String tag, String type, String value, String placeholder,
      boolean disabled, Boolean checked, Boolean expanded, List<String> options, String selector, String path,
      List<Integer> indexes, List<String> enter, String section, String context, boolean offscreen, boolean obscured,
      int similar, String href) {
    this(ref, role, name, tag, type, value, placeholder, disabled, checked, expanded, options, selector, path, indexes,
        enter, section, context, offscreen, obscured, similar, href, false, null);
  }

  /** A node that is not a link (the spec's fields only). */
  public ObservedNode(String ref, String role, String name, String tag, String type, String value, String placeholder,
      boolean disabled, Boolean checked, Boolean expanded, List<String> options, String selector, String path,
      List<Integer> indexes, List<String> enter, String section, String context, boolean offscreen, boolean obscured,
      int similar) {
    this(ref, role, name, tag, type, value, placeholder, disabled, checked, expanded, options, selector, path, indexes,
        enter, section, context, offscreen, obscured, similar, null, false, null);
  }

  /** A minimal node, for tests and hand-made observations. */
  public static ObservedNode of(String ref, String role, String name, String tag, String selector) {
    return new ObservedNode(ref, role, name, tag, null, null, null, false, null, null, null,
        selector, null, null, null, null, null, false, false, 0);
  }
}

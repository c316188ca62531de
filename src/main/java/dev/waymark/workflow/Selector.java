package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Picks the DOM node(s) a step acts on: CSS or an explicit path, narrowed by positions, inside shadow hosts and frames. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record Selector(
    @JsonProperty("css") String css,
    @JsonProperty("path") String path,
    @JsonProperty("indexes") List<Integer> indexes,
    @JsonProperty("enter") List<String> enter,
    // Boxed: index 0 is a real position, absent means "no narrowing".
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("index") Integer index,
    @JsonProperty("all") boolean all) {

  public Selector {
    indexes = indexes == null ? List.of() : List.copyOf(indexes);
    enter = enter == null ? List.of() : List.copyOf(enter);
  }

  public static Selector css(String css) {
    return new Selector(css, null, null, null, null, false);
  }

  /** The most readable form of this selector, for labels and the step list. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    for (String e : enter) sb.append(e).append(" >> ");
    sb.append(css != null && !css.isEmpty() ? css : path == null ? "" : path);
    if (index != null) sb.append(" [").append(index).append(']');
    if (!indexes.isEmpty()) sb.append(' ').append(indexes);
    if (all) sb.append(" (all)");
    return sb.toString();
  }
}

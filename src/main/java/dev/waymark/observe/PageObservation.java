package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** One snapshot of a live page: its interactive nodes, headings, lists and walls, as the spec names them. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record PageObservation(
    @JsonProperty("url") String url,
    @JsonProperty("title") String title,
    @JsonProperty("nodes") List<ObservedNode> nodes,
    @JsonProperty("headings") List<ObservedHeading> headings,
    @JsonProperty("text") String text,
    @JsonProperty("truncated") boolean truncated,
    @JsonProperty("modal") String modal,
    @JsonProperty("modal_frame") boolean modalFrame,
    @JsonProperty("omitted") int omitted,
    @JsonProperty("frames") int frames,
    @JsonProperty("lists") List<ObservedList> lists) {

  public PageObservation {
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    headings = headings == null ? List.of() : List.copyOf(headings);
    lists = lists == null ? List.of() : List.copyOf(lists);
  }

  /** The node with this ref, or null: refs are meaningful only inside this observation. */
  public ObservedNode node(String ref) {
    if (ref == null) return null;
    for (ObservedNode n : nodes) {
      if (ref.equals(n.ref())) return n;
    }
    return null;
  }

  /** The list with this ref, or null. */
  public ObservedList list(String ref) {
    if (ref == null) return null;
    for (ObservedList l : lists) {
      if (ref.equals(l.ref())) return l;
    }
    return null;
  }

  public static PageObservation empty(String url, String title) {
    return new PageObservation(url, title, List.of(), List.of(), null, false, null, false, 0, 0, List.of());
  }
}

package dev.waymark.ui.observation;

import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedNode;
import java.util.List;

/**
 * One row of the observation tree, built off the FX thread. {@code key} identifies the row across refreshes
 * (refs are renumbered on every observation, selectors are not), which is how expansion and selection survive.
 */
public record ObsRow(Kind kind, String key, String ref, String role, String name, String value, String flags,
    String selector, ObservedNode node, ObservedList list, List<ObsRow> children) {

  /** What a row stands for. */
  public enum Kind { BANNER, HEADINGS, HEADING, SECTION, NODE, RUN, LIST, FIELD, PAGINATION }

  public ObsRow {
    children = children == null ? List.of() : List.copyOf(children);
  }

  static ObsRow leaf(Kind kind, String key, String name, String value) {
    return new ObsRow(kind, key, null, null, name, value, null, null, null, null, List.of());
  }

  public boolean isElement() {
    return kind == Kind.NODE && node != null;
  }

  /** How many element rows are under this one, for section labels and filtering. */
  public int elementCount() {
    int n = isElement() ? 1 : 0;
    for (ObsRow c : children) n += c.elementCount();
    return n;
  }
}

package dev.waymark.decide;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;

/** A minimal compact rendering for tests only, until CompactObservation from the observer branch is merged. */
final class MinimalPageText {
  private MinimalPageText() {}

  static String render(PageObservation o) {
    StringBuilder sb = new StringBuilder();
    sb.append("url: ").append(o.url()).append('\n').append("title: ").append(o.title()).append('\n');
    if (o.modal() != null) sb.append("modal: ").append(o.modal()).append('\n');
    for (ObservedNode n : o.nodes()) {
      sb.append(n.ref()).append(' ').append(n.role());
      if (n.name() != null) sb.append(" \"").append(n.name()).append('"');
      if (n.type() != null) sb.append(" type=").append(n.type());
      if (n.value() != null) sb.append(" value=\"").append(n.value()).append('"');
      if (n.section() != null) sb.append(" in ").append(n.section());
      sb.append('\n');
    }
    if (o.text() != null) sb.append("text: ").append(o.text()).append('\n');
    return sb.toString();
  }
}

package dev.waymark.apply;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;

/**
 * A short fingerprint of what a person would see of an observation: the same page read twice gives the same
 * digest, and a step that changed nothing visible leaves it unchanged. Refs are left out because they are
 * renumbered on every observation.
 */
public final class ObservationDigest {
  private ObservationDigest() {}

  public static String of(PageObservation o) {
    if (o == null) return null;
    long h = 0xcbf29ce484222325L;
    h = mix(h, o.url());
    h = mix(h, o.title());
    h = mix(h, o.modal());
    h = mix(h, o.text());
    for (ObservedNode n : o.nodes()) {
      h = mix(h, n.role());
      h = mix(h, n.name());
      h = mix(h, n.value());
      h = mix(h, n.selector());
      h = mix(h, flags(n));
      h = mix(h, n.similar());
    }
    for (ObservedHeading hd : o.headings()) h = mix(h, hd.text());
    for (ObservedList l : o.lists()) {
      h = mix(h, l.selector());
      h = mix(h, l.count());
    }
    // A tab that opened or closed is a change a person sees; the tab list is absent (empty) on old observations.
    for (dev.waymark.observe.ObservedTab t : o.taskTabs()) {
      h = mix(h, t.id());
      h = mix(h, t.current() ? 1 : 0);
    }
    return "v1:" + Long.toHexString(h) + ":" + o.nodes().size();
  }

  private static int flags(ObservedNode n) {
    return (n.disabled() ? 1 : 0) | (Boolean.TRUE.equals(n.checked()) ? 2 : 0) | (Boolean.TRUE.equals(n.expanded()) ? 4 : 0)
        | (n.obscured() ? 8 : 0);
  }

  private static long mix(long h, String s) {
    // String.hashCode is cached per instance and vectorized: the digest of a big page stays cheap.
    return s == null ? mix(h, 0x9e3779b9) : mix(mix(h, s.hashCode()), s.length());
  }

  private static long mix(long h, int v) {
    h ^= v;
    h *= 0x100000001b3L;
    return h;
  }
}

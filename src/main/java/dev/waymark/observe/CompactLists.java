package dev.waymark.observe;

import static dev.waymark.observe.CompactObservation.host;
import static dev.waymark.observe.CompactObservation.nz;
import static dev.waymark.observe.CompactObservation.q;

/**
 * A list's lines in the compact form: its ref and count, the fields extractList reads with a sample of each, and its
 * pagination. Apart from {@link CompactObservation}'s controls because a list is said the same way in a whole page
 * and in a delta's "lists added or changed", and its addresses are shortened against the page's own.
 */
final class CompactLists {
  private CompactLists() {}

  static void render(StringBuilder b, ObservedList l, PageObservation o) {
    // the item selector stays out like a node's: the ref resolves to it
    b.append(l.ref()).append(" ×").append(l.count());
    // a virtualized list draws some of its items: the rest come with scrolling
    if (l.total() > l.count()) b.append(" of ").append(l.total());
    if (l.section() != null) b.append(" in ").append(l.section());
    b.append('\n');
    if (!l.fields().isEmpty()) {
      b.append("  ");
      boolean first = true;
      for (ObservedListField f : l.fields()) {
        if (!first) b.append(" · ");
        first = false;
        // the field's selector stays out like the list's: extractList gets it from the observation
        b.append(f.name());
        if (f.attribute() != null) b.append('@').append(f.attribute());
        if (f.sample() != null) b.append(' ').append(q(f.attribute() == null ? f.sample() : onPage(f.sample(), o.url())));
      }
      b.append('\n');
    }
    ObservedPagination p = l.pagination();
    if (p != null) {
      b.append("  next: ").append(nz(p.kind()));
      if (p.pages() > 0) b.append(' ').append(p.pages()).append(" pages");
      if (p.label() != null) b.append(' ').append(q(p.label()));
      String ref = refOf(o, p.selector());
      if (ref != null) b.append(' ').append(ref);
      else if (p.selector() != null) b.append(' ').append(p.selector());
      if (p.url() != null) b.append(" → ").append(shortUrl(p.url(), o.url()));
      b.append('\n');
    }
  }

  /** An address on the page's own host from its path on (the header line says which host that is). */
  private static String onPage(String url, String page) {
    String h = host(url);
    if (h == null || !h.equals(host(page))) return url;
    try {
      java.net.URI u = java.net.URI.create(url);
      java.net.URI p = java.net.URI.create(page);
      if (!java.util.Objects.equals(u.getScheme(), p.getScheme()) || u.getPort() != p.getPort()) return url;
      String rest = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
          + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery()) + (u.getRawFragment() == null ? "" : "#" + u.getRawFragment());
      return rest;
    } catch (IllegalArgumentException e) {
      return url;
    }
  }

  private static String refOf(PageObservation o, String selector) {
    if (selector == null) return null;
    for (ObservedNode n : o.nodes()) {
      if (selector.equals(n.selector()) && n.enter().isEmpty() && n.indexes().isEmpty()) return n.ref();
    }
    return null;
  }

  /** A next-page URL relative to the page when it shares the page's address up to the query. */
  private static String shortUrl(String url, String page) {
    if (page == null) return url;
    int q = page.indexOf('?');
    String base = q >= 0 ? page.substring(0, q) : page;
    if (url.startsWith(base + "?")) return url.substring(base.length());
    return url;
  }
}

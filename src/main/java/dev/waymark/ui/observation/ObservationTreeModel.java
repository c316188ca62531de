package dev.waymark.ui.observation;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds the rows of the observation tree from a page: banners for the wall, the caps and the frames; the
 * headings; then the elements and lists grouped by the section they sit in, in page order. Pure and
 * thread-safe, so it runs off the FX thread however large the page is.
 */
public final class ObservationTreeModel {
  public static final String NO_SECTION = "(no section)";

  private ObservationTreeModel() {}

  /** Rows for the page, keeping only elements that match the filter (text anywhere, role exactly). */
  public static List<ObsRow> build(PageObservation page, String text, String role) {
    List<ObsRow> out = new ArrayList<>();
    if (page == null) return out;
    String needle = text == null || text.isBlank() ? null : text.strip().toLowerCase(Locale.ROOT);
    String roleFilter = role == null || role.isBlank() ? null : role;
    boolean filtering = needle != null || roleFilter != null;

    if (!filtering) banners(page, out);

    Map<String, List<ObsRow>> sections = new LinkedHashMap<>();
    for (ObservedNode n : page.nodes()) {
      if (!matches(n, needle, roleFilter)) continue;
      String section = n.section() == null || n.section().isBlank() ? NO_SECTION : n.section();
      List<ObsRow> rows = sections.computeIfAbsent(section, k -> new ArrayList<>());
      rows.add(nodeRow(n));
      if (n.similar() > 0) {
        rows.add(new ObsRow(ObsRow.Kind.RUN, "run|" + key(n), null, null,
            "+" + n.similar() + " similar " + (n.role() == null ? "elements" : n.role() + "s") + " collapsed",
            null, null, null, null, null, List.of()));
      }
    }
    if (roleFilter == null) {
      for (ObservedList l : page.lists()) {
        if (needle != null && !listMatches(l, needle)) continue;
        String section = l.section() == null || l.section().isBlank() ? NO_SECTION : l.section();
        sections.computeIfAbsent(section, k -> new ArrayList<>()).add(listRow(l));
      }
    }
    if (!filtering && !page.headings().isEmpty()) {
      List<ObsRow> hs = new ArrayList<>();
      int i = 0;
      for (ObservedHeading h : page.headings()) {
        hs.add(new ObsRow(ObsRow.Kind.HEADING, "heading|" + (i++) + "|" + h.text(), null, "h" + h.level(),
            "  ".repeat(Math.max(0, h.level() - 1)) + h.text(), null, null, null, null, null, List.of()));
      }
      out.add(new ObsRow(ObsRow.Kind.HEADINGS, "headings", null, null, "Headings (" + hs.size() + ")", null, null,
          null, null, null, hs));
    }
    for (Map.Entry<String, List<ObsRow>> e : sections.entrySet()) {
      long elements = e.getValue().stream().filter(ObsRow::isElement).count();
      long lists = e.getValue().stream().filter(r -> r.kind() == ObsRow.Kind.LIST).count();
      String count = elements + (elements == 1 ? " element" : " elements") + (lists > 0 ? ", " + lists + (lists == 1 ? " list" : " lists") : "");
      out.add(new ObsRow(ObsRow.Kind.SECTION, "section|" + e.getKey(), null, null, e.getKey(), count, null, null, null,
          null, e.getValue()));
    }
    return out;
  }

  /** The distinct roles of a page, for the role filter. */
  public static List<String> roles(PageObservation page) {
    Set<String> roles = new TreeSet<>();
    if (page != null) for (ObservedNode n : page.nodes()) if (n.role() != null && !n.role().isBlank()) roles.add(n.role());
    return List.copyOf(roles);
  }

  private static void banners(PageObservation p, List<ObsRow> out) {
    if (p.modal() != null && !p.modal().isBlank()) {
      out.add(ObsRow.leaf(ObsRow.Kind.BANNER, "banner|modal", "Modal: " + p.modal(),
          p.modalFrame() ? "a cross-origin frame: nothing in it can be listed or clicked from here"
              : "everything outside it is obscured until it is dealt with"));
    }
    if (p.truncated() || p.omitted() > 0) {
      out.add(ObsRow.leaf(ObsRow.Kind.BANNER, "banner|omitted",
          (p.truncated() ? "Truncated: " : "Omitted: ") + p.omitted() + " elements left out",
          "by the node cap and the collapsing of similar elements"));
    }
    if (p.frames() > 0) {
      out.add(ObsRow.leaf(ObsRow.Kind.BANNER, "banner|frames", "Frames: " + p.frames() + " cross-origin",
          "their contents cannot be observed from this page"));
    }
  }

  private static boolean matches(ObservedNode n, String needle, String role) {
    if (role != null && !role.equals(n.role())) return false;
    if (needle == null) return true;
    return contains(n.ref(), needle) || contains(n.role(), needle) || contains(n.name(), needle) || contains(n.text(), needle)
        || contains(n.value(), needle) || contains(n.selector(), needle) || contains(n.context(), needle)
        || contains(n.placeholder(), needle) || contains(n.section(), needle) || contains(n.href(), needle);
  }

  private static boolean listMatches(ObservedList l, String needle) {
    if (contains(l.ref(), needle) || contains(l.selector(), needle) || contains(l.section(), needle)) return true;
    for (ObservedListField f : l.fields()) if (contains(f.name(), needle) || contains(f.sample(), needle)) return true;
    return false;
  }

  private static boolean contains(String s, String needle) {
    return s != null && s.toLowerCase(Locale.ROOT).contains(needle);
  }

  static ObsRow nodeRow(ObservedNode n) {
    String name = n.name() != null && !n.name().isBlank() ? n.name()
        : n.text() != null && !n.text().isBlank() ? n.text() // shown, though the browser names it nothing
        : n.placeholder() != null ? n.placeholder()
        : n.href() != null ? "→ " + n.href() // an icon link: its address is what tells it apart
        : "";
    if (n.context() != null && !n.context().isBlank()) name = name + "  · " + n.context();
    return new ObsRow(ObsRow.Kind.NODE, key(n), n.ref(), n.role() == null ? n.tag() : n.role(), name, n.value(),
        flags(n), describeSelector(n), n, null, List.of());
  }

  /** The identity of an element across observations: its selector, positions and frame path. */
  public static String key(ObservedNode n) {
    return "node|" + String.join(">>", n.enter()) + "|" + (n.selector() != null ? n.selector() : n.path()) + "|" + n.indexes();
  }

  public static String describeSelector(ObservedNode n) {
    StringBuilder sb = new StringBuilder();
    for (String e : n.enter()) sb.append(e).append(" >> ");
    sb.append(n.selector() != null ? n.selector() : n.path() == null ? "" : n.path());
    if (!n.indexes().isEmpty()) sb.append(' ').append(n.indexes());
    return sb.toString();
  }

  static String flags(ObservedNode n) {
    List<String> f = new ArrayList<>();
    if (n.disabled()) f.add("disabled");
    if (n.checked() != null) f.add(n.checked() ? "checked" : "unchecked");
    if (n.expanded() != null) f.add(n.expanded() ? "expanded" : "collapsed");
    if (n.offscreen()) f.add("offscreen");
    if (n.obscured()) f.add("obscured");
    if (!n.enter().isEmpty()) f.add("in frame/shadow");
    if (n.type() != null && !n.type().isBlank() && !"text".equals(n.type()) && !"button".equals(n.type())) f.add(n.type());
    return String.join(" ", f);
  }

  private static ObsRow listRow(ObservedList l) {
    List<ObsRow> kids = new ArrayList<>();
    for (ObservedListField f : l.fields()) {
      kids.add(new ObsRow(ObsRow.Kind.FIELD, "field|" + l.selector() + "|" + f.name(), null, "field", f.name(),
          f.sample(), f.attribute() == null ? null : "@" + f.attribute(), f.css(), null, l, List.of()));
    }
    if (l.pagination() != null) {
      var p = l.pagination();
      String what = p.kind() + (p.pages() > 0 ? ", " + p.pages() + " pages" : "") + (p.url() != null ? " → " + p.url() : "");
      kids.add(new ObsRow(ObsRow.Kind.PAGINATION, "pager|" + l.selector(), null, "pagination",
          p.label() == null ? "next" : p.label(), what, null, p.selector(), null, l, List.of()));
    }
    return new ObsRow(ObsRow.Kind.LIST, "list|" + l.selector(), l.ref(), "list", l.count() + " items",
        null, null, l.selector(), null, l, kids);
  }
}

package dev.waymark.observe;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What changed between the page a reader was given ({@code before}) and the page now ({@code after}), both in one
 * {@link RefSpace} so that a ref names the same element in both: controls and lists added, removed or changed,
 * the outline, the tabs, how whole the reading is, and the page text's changed lines. A control is changed when
 * anything the compact form says of it changed (its line, its section, covered); an added or changed control is said
 * whole, so its line replaces what the reader knew of its ref. A control that only scrolled into or out of view is
 * named in one line by ref ({@code nowOffscreen}, {@code nowOnScreen}): on a list that grows every step, repeating
 * each pushed-down control's whole line cost more than the rest of the change. Pure: no I/O.
 *
 * <p>Some changes a delta does not describe: another address (a new document, whose refs are new) and a modal that
 * opened or closed (it changes what every control's reachability means). {@code fullBecause} says which, and the
 * caller sends the whole page.
 */
public record PageDelta(long since, PageObservation after, String fullBecause, List<String> added, List<String> changed,
    List<String> nowOffscreen, List<String> nowOnScreen, List<String> removed, List<String> lists, String headings,
    String tabs, String status, List<String> text) {

  public PageDelta {
    added = List.copyOf(added);
    changed = List.copyOf(changed);
    nowOffscreen = List.copyOf(nowOffscreen);
    nowOnScreen = List.copyOf(nowOnScreen);
    removed = List.copyOf(removed);
    lists = List.copyOf(lists);
    text = List.copyOf(text);
  }

  /** The delta from {@code before} (what the reader was sent at generation {@code since}) to {@code after}. */
  public static PageDelta between(long since, PageObservation before, PageObservation after) {
    String full = null;
    if (!Objects.equals(document(before.url()), document(after.url()))) full = "the page is another address now";
    else if (!Objects.equals(before.modal(), after.modal()) || before.modalFrame() != after.modalFrame()) {
      full = after.modal() == null ? "the modal closed" : "a modal opened";
    }
    if (full != null) {
      return new PageDelta(since, after, full, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), null, null,
          null, List.of());
    }

    Map<String, ObservedNode> was = new HashMap<>();
    for (ObservedNode n : before.nodes()) was.put(n.ref(), n);
    List<String> added = new ArrayList<>();
    List<String> changed = new ArrayList<>();
    List<String> nowOffscreen = new ArrayList<>();
    List<String> nowOnScreen = new ArrayList<>();
    java.util.Set<String> still = new java.util.HashSet<>();
    for (ObservedNode n : after.nodes()) {
      still.add(n.ref());
      ObservedNode old = was.get(n.ref());
      if (old == null) added.add(n.ref());
      else if (!seen(old, before).equals(seen(n, after))) changed.add(n.ref());
      else if (old.offscreen() != n.offscreen()) (n.offscreen() ? nowOffscreen : nowOnScreen).add(n.ref());
    }
    List<String> removed = new ArrayList<>();
    for (ObservedNode n : before.nodes()) if (!still.contains(n.ref())) removed.add(n.ref());

    Map<String, ObservedList> wasList = new HashMap<>();
    for (ObservedList l : before.lists()) wasList.put(l.ref(), l);
    List<String> lists = new ArrayList<>();
    java.util.Set<String> stillLists = new java.util.HashSet<>();
    for (ObservedList l : after.lists()) {
      stillLists.add(l.ref());
      ObservedList old = wasList.get(l.ref());
      if (old == null || !CompactObservation.listBlock(old, before).equals(CompactObservation.listBlock(l, after))) {
        lists.add(l.ref());
      }
    }
    for (ObservedList l : before.lists()) if (!stillLists.contains(l.ref())) removed.add(l.ref());

    String headings = before.headings().equals(after.headings()) ? null
        : after.headings().isEmpty() ? "headings: none now\n" : CompactObservation.headingsLine(after.headings());
    String tabsBefore = tabs(before);
    String tabsAfter = tabs(after);
    String tabs = tabsBefore.equals(tabsAfter) ? null : tabsAfter.isEmpty() ? "tabs: only this one now\n" : tabsAfter;
    String statusBefore = CompactObservation.statusLines(before);
    String statusAfter = CompactObservation.statusLines(after);
    String status = statusBefore.equals(statusAfter) ? null
        : statusAfter.isEmpty() ? "partial, frames, form step: none of them now\n" : statusAfter;
    return new PageDelta(since, after, null, added, changed, nowOffscreen, nowOnScreen, removed, lists, headings, tabs,
        status, textDiff(before.text(), after.text()));
  }

  /** Whether nothing the compact form says changed (the header line aside). */
  public boolean empty() {
    return fullBecause == null && added.isEmpty() && changed.isEmpty() && nowOffscreen.isEmpty() && nowOnScreen.isEmpty()
        && removed.isEmpty() && lists.isEmpty()
        && headings == null && tabs == null && status == null && text.isEmpty() && after.lateEffects().isEmpty();
  }

  /** The delta as the reader gets it, or null when only the whole page can say what changed. */
  public String render() {
    return render("generation " + since);
  }

  /**
   * The delta with {@code base} naming the page it is said against for this reader ("generation 3" for an agent,
   * "turn 3" in a model's prompt), or null when only the whole page can say what changed.
   */
  public String render(String base) {
    if (fullBecause != null) return null;
    PageObservation o = after;
    StringBuilder b = new StringBuilder();
    b.append("page delta since ").append(base).append(": \"").append(o.title() == null ? "" : o.title().replace("\"", "\\\""))
        .append("\" ").append(o.url() == null ? "" : o.url()).append(" · ").append(o.nodes().size())
        .append(o.nodes().size() == 1 ? " control" : " controls");
    if (!o.lists().isEmpty()) b.append(" · ").append(o.lists().size()).append(o.lists().size() == 1 ? " list" : " lists");
    b.append('\n');
    if (empty()) return b.append("Nothing on the page changed since ").append(base).append(".\n").toString();
    b.append("Only changes; a ref not named here is unchanged.\n");
    return body(b).toString();
  }

  /**
   * The delta for a model's prompt, whose text already says what it is said against and that a ref it does not
   * name is unchanged: a short first line (the address and title only when they changed since {@code before}), then
   * the changes. Null when only the whole page can say what changed.
   */
  public String renderShort(String base, PageObservation before) {
    if (fullBecause != null) return null;
    PageObservation o = after;
    StringBuilder b = new StringBuilder("changes since ").append(base);
    if (!Objects.equals(before.url(), o.url()) || !Objects.equals(before.title(), o.title())) {
      b.append(": now \"").append(o.title() == null ? "" : o.title().replace("\"", "\\\"")).append("\" ")
          .append(o.url() == null ? "" : o.url());
    }
    b.append('\n');
    if (empty()) return b.append("none\n").toString();
    return body(b).toString();
  }

  private StringBuilder body(StringBuilder b) {
    PageObservation o = after;
    if (!removed.isEmpty()) b.append("removed: ").append(String.join(", ", removed)).append('\n');
    nodes(b, "added:", added);
    nodes(b, "changed (whole lines):", changed);
    if (!nowOffscreen.isEmpty()) b.append("now offscreen: ").append(String.join(", ", nowOffscreen)).append('\n');
    if (!nowOnScreen.isEmpty()) b.append("now on screen: ").append(String.join(", ", nowOnScreen)).append('\n');
    if (!lists.isEmpty()) {
      b.append("lists added or changed:\n");
      for (String ref : lists) b.append(CompactObservation.listBlock(o.list(ref), o));
    }
    if (headings != null) b.append(headings);
    if (tabs != null) b.append(tabs);
    if (status != null) b.append(status);
    b.append(CompactObservation.lateLines(o));
    if (!text.isEmpty()) {
      b.append("text diff:\n");
      for (String line : text) b.append(line).append('\n');
    }
    return b;
  }

  private void nodes(StringBuilder b, String head, List<String> refs) {
    if (refs.isEmpty()) return;
    b.append(head).append('\n');
    String section = null;
    boolean first = true;
    for (String ref : refs) {
      ObservedNode n = after.node(ref);
      if (first ? n.section() != null : !Objects.equals(section, n.section())) {
        b.append(n.section() == null ? "## (no section)" : "## " + n.section()).append('\n');
      }
      section = n.section();
      first = false;
      b.append(CompactObservation.nodeLine(n, after));
      if (n.offscreen()) b.append(" offscreen");
      b.append('\n');
    }
  }

  /** What the compact form tells of a node, wherever on the page it is said, but whether it is in view. */
  private static String seen(ObservedNode n, PageObservation o) {
    return CompactObservation.nodeLine(n, o) + "\u0000" + n.section() + "\u0000" + (o.modal() != null && n.obscured());
  }

  private static String tabs(PageObservation o) {
    StringBuilder b = new StringBuilder();
    CompactTabs.append(b, o);
    return b.toString();
  }

  /** Whether two addresses are one document: the same address but for its fragment (a single-page app's route). */
  public static boolean sameDocument(String a, String b) {
    return Objects.equals(document(a), document(b));
  }

  private static String document(String url) {
    if (url == null) return null;
    int hash = url.indexOf('#');
    return hash < 0 ? url : url.substring(0, hash);
  }

  private static List<String> textDiff(String before, String after) {
    if (Objects.equals(before, after)) return List.of();
    List<String> a = lines(before);
    List<String> z = lines(after);
    List<String> diff = UnifiedDiffUtils.generateUnifiedDiff("before", "after", a, DiffUtils.diff(a, z), 0);
    // the two file lines (--- before, +++ after) say nothing to the reader
    return diff.size() <= 2 ? List.of() : diff.subList(2, diff.size());
  }

  private static List<String> lines(String s) {
    if (s == null || s.isEmpty()) return List.of();
    return Arrays.asList(s.split("\n", -1));
  }
}

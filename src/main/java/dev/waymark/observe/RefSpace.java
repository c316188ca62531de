package dev.waymark.observe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Refs that keep their meaning from one observation of a document to the next. The observer numbers every
 * observation afresh in document order ({@code e1..eN}), so a control added above the others shifts the refs of
 * everything after it. A ref space carries the refs a reader already holds to the same elements in a new
 * observation, and gives an element it has not seen a ref never used before in this document, so a ref never comes
 * to mean another element. {@code view} is the observation with the carried refs; {@code toRaw} maps each of them
 * to the observer's ref in the observation it came from, which is how the session resolves it. Pure: no I/O.
 *
 * <p>Two nodes are the same element when (in this order, each pass over what earlier passes left):
 * <ol>
 *   <li>a selector that does not count positions names them both (with the same role, tag and type): the selector
 *   is unique in the document, so it is the same element;</li>
 *   <li>they show the same thing (role, tag, type, name, text, item text, link and section), the k-th such node
 *   before with the k-th after: a row that moved keeps its refs;</li>
 *   <li>a positional selector names them both: the element in that place, whose changed text the reader is told.</li>
 * </ol>
 * Lists match by their item selector, then by section and field names.
 */
public record RefSpace(PageObservation view, Map<String, String> toRaw, int nextNode, int nextList) {

  public RefSpace {
    toRaw = Map.copyOf(toRaw);
  }

  /** A new space over a document's first observation: its refs as the observer gave them. */
  public static RefSpace start(PageObservation raw) {
    Map<String, String> same = new HashMap<>();
    int nodes = 0;
    int lists = 0;
    for (ObservedNode n : raw.nodes()) {
      same.put(n.ref(), n.ref());
      nodes = Math.max(nodes, number(n.ref()));
    }
    for (ObservedList l : raw.lists()) {
      same.put(l.ref(), l.ref());
      lists = Math.max(lists, number(l.ref()));
    }
    return new RefSpace(raw, same, nodes + 1, lists + 1);
  }

  /** This space carried to a fresh observation of the same document. */
  public RefSpace carry(PageObservation raw) {
    Map<Integer, ObservedNode> matched = matchNodes(view.nodes(), raw.nodes());
    // every number below nextNode has been handed out in this document: a new element never gets one of them
    int next = nextNode;
    Map<String, String> refs = new LinkedHashMap<>();
    List<ObservedNode> nodes = new ArrayList<>(raw.nodes().size());
    for (int i = 0; i < raw.nodes().size(); i++) {
      ObservedNode n = raw.nodes().get(i);
      ObservedNode was = matched.get(i);
      String ref = was != null ? was.ref() : "e" + next++;
      refs.put(ref, n.ref());
      nodes.add(renamed(n, ref));
    }
    Map<Integer, ObservedList> listMatch = matchLists(view.lists(), raw.lists());
    int nextL = nextList;
    List<ObservedList> lists = new ArrayList<>(raw.lists().size());
    for (int i = 0; i < raw.lists().size(); i++) {
      ObservedList l = raw.lists().get(i);
      ObservedList was = listMatch.get(i);
      String ref = was != null ? was.ref() : "l" + nextL++;
      refs.put(ref, l.ref());
      lists.add(new ObservedList(ref, l.selector(), l.count(), l.section(), l.fields(), l.pagination(), l.total()));
    }
    PageObservation carried = new PageObservation(raw.url(), raw.title(), nodes, raw.headings(), raw.text(), raw.truncated(),
        raw.modal(), raw.modalFrame(), raw.omitted(), raw.frames(), lists, raw.taskTabs(), raw.openTabs(),
        raw.otherOpenTabs(), raw.formStep(), raw.lateEffects());
    return new RefSpace(carried, refs, next, nextL);
  }

  /** The observer's ref for a ref of this space, or null when the space has no such ref now. */
  public String raw(String ref) {
    return ref == null ? null : toRaw.get(ref);
  }

  /** For each index into {@code after}, the node of {@code before} that is the same element. */
  private static Map<Integer, ObservedNode> matchNodes(List<ObservedNode> before, List<ObservedNode> after) {
    Map<Integer, ObservedNode> out = new HashMap<>();
    boolean[] taken = new boolean[before.size()];
    // 1: a selector that names one element in the document
    Map<String, Integer> byLocator = new HashMap<>();
    for (int j = 0; j < before.size(); j++) {
      ObservedNode b = before.get(j);
      if (!b.positional()) byLocator.putIfAbsent(locator(b), j);
    }
    for (int i = 0; i < after.size(); i++) {
      ObservedNode a = after.get(i);
      if (a.positional()) continue;
      Integer j = byLocator.get(locator(a));
      if (j != null && !taken[j]) {
        taken[j] = true;
        out.put(i, before.get(j));
      }
    }
    // 2: what the node shows, in order among the nodes that show the same
    pairInOrder(before, after, taken, out, RefSpace::content);
    // 3: the same place, for nodes only their position names
    pairInOrder(before, after, taken, out, n -> n.positional() ? locator(n) : null);
    return out;
  }

  private static void pairInOrder(List<ObservedNode> before, List<ObservedNode> after, boolean[] taken,
      Map<Integer, ObservedNode> out, java.util.function.Function<ObservedNode, String> key) {
    Map<String, java.util.ArrayDeque<Integer>> waiting = new HashMap<>();
    for (int j = 0; j < before.size(); j++) {
      String k = taken[j] ? null : key.apply(before.get(j));
      if (k != null) waiting.computeIfAbsent(k, x -> new java.util.ArrayDeque<>()).add(j);
    }
    for (int i = 0; i < after.size(); i++) {
      if (out.containsKey(i)) continue;
      String k = key.apply(after.get(i));
      java.util.ArrayDeque<Integer> q = k == null ? null : waiting.get(k);
      if (q == null || q.isEmpty()) continue;
      int j = q.poll();
      taken[j] = true;
      out.put(i, before.get(j));
    }
  }

  private static Map<Integer, ObservedList> matchLists(List<ObservedList> before, List<ObservedList> after) {
    Map<Integer, ObservedList> out = new HashMap<>();
    java.util.Set<Integer> taken = new java.util.HashSet<>();
    for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < after.size(); i++) {
        if (out.containsKey(i)) continue;
        for (int j = 0; j < before.size(); j++) {
          if (taken.contains(j)) continue;
          ObservedList a = after.get(i);
          ObservedList b = before.get(j);
          boolean same = pass == 0 ? a.selector() != null && a.selector().equals(b.selector())
              : Objects.equals(a.section(), b.section()) && fieldNames(a).equals(fieldNames(b));
          if (same) {
            taken.add(j);
            out.put(i, b);
            break;
          }
        }
      }
    }
    return out;
  }

  private static List<String> fieldNames(ObservedList l) {
    return l.fields().stream().map(ObservedListField::name).toList();
  }

  private static String locator(ObservedNode n) {
    if (n.selector() == null && n.path() == null) return null;
    return String.join("\u0000", String.valueOf(n.selector()), String.valueOf(n.path()), n.indexes().toString(),
        n.enter().toString(), String.valueOf(n.role()), String.valueOf(n.tag()), String.valueOf(n.type()));
  }

  private static String content(ObservedNode n) {
    return String.join("\u0000", String.valueOf(n.role()), String.valueOf(n.tag()), String.valueOf(n.type()),
        String.valueOf(n.name()), String.valueOf(n.text()), String.valueOf(n.context()), String.valueOf(n.href()),
        String.valueOf(n.section()));
  }

  private static ObservedNode renamed(ObservedNode n, String ref) {
    if (ref.equals(n.ref())) return n;
    return new ObservedNode(ref, n.role(), n.name(), n.tag(), n.type(), n.value(), n.placeholder(), n.disabled(), n.checked(),
        n.expanded(), n.options(), n.selector(), n.path(), n.indexes(), n.enter(), n.section(), n.context(), n.offscreen(),
        n.obscured(), n.similar(), n.href(), n.positional(), n.text(), n.widget());
  }

  /** The number of a ref ({@code e12} → 12); 0 for a ref of another shape. */
  static int number(String ref) {
    if (ref == null || ref.length() < 2) return 0;
    try {
      return Integer.parseInt(ref.substring(1));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}

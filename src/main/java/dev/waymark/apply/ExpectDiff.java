package dev.waymark.apply;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The effect an authored step was seen to have, from the page before it and the page after it (pure). It keeps the
 * strongest one or two facts that the next run will see the same way, and leaves out anything that would differ:
 * text with digits (counters, dates, ids), a real value (the observation holds tokens, and a token in a name is left
 * out), an element the caps or the repeat collapsing could have hidden. When in doubt it records less: a missing
 * expect only means replay does not wait, a wrong one stops a run that would have worked.
 */
public final class ExpectDiff {
  /** The steps whose effect is the page's reaction to them; the rest wait in their own way or change nothing. */
  static final Set<String> ACTIONS = Set.of(StepTypes.CLICK, StepTypes.FILL, StepTypes.SELECT, StepTypes.PRESS);
  static final int MAX_FACTS = 2;
  private static final Pattern UNSTABLE = Pattern.compile("\\d|\\{\\{");
  private static final int MAX_NAME = 80;

  private ExpectDiff() {}

  /** What {@code step} did between {@code before} and {@code after}, or null when nothing is sure enough to wait for. */
  public static Expect seen(Step step, PageObservation before, PageObservation after) {
    if (step == null || before == null || after == null || !ACTIONS.contains(step.type())) return null;
    String value = null, url = null, title = null;
    Expect.Element appears = null, gone = null;
    Expect.Count count = null;
    int facts = 0;
    if (StepTypes.FILL.equals(step.type()) || StepTypes.SELECT.equals(step.type())) {
      // A field that holds what was written, token and all (the observation is masked); a password reads back empty.
      ObservedNode field = step.selector() == null ? null : nodeBySelector(after, step.selector().css());
      if (field != null && step.value() != null && !step.value().isEmpty() && step.value().equals(field.value())) {
        value = step.value();
        facts++;
      }
      // Typing rarely does more than fill the field, and what it does (suggestions) depends on the data.
      return Expect.orNull(new Expect(null, null, null, null, value, null));
    }
    String routeBefore = route(before.url()), routeAfter = route(after.url());
    boolean moved = routeBefore != null && routeAfter != null && !routeBefore.equals(routeAfter);
    if (moved) {
      url = tail(after.url());
      if (url != null) facts++;
    }
    boolean complete = !before.truncated() && !after.truncated();
    if (!moved && complete && facts < MAX_FACTS) {
      count = countChange(before, after);
      if (count != null) facts++;
    }
    // After a move everything on the new page "appeared": only when the address says nothing stable is one named.
    if (complete && facts < MAX_FACTS && (!moved || url == null)) {
      appears = onlyIn(after, before);
      if (appears != null) facts++;
    }
    if (!moved && complete && facts < MAX_FACTS) {
      gone = onlyIn(before, after);
      if (gone != null) facts++;
    }
    if (facts < MAX_FACTS && after.title() != null && !after.title().isBlank()
        && !Objects.equals(before.title(), after.title()) && stable(after.title())) {
      title = after.title().strip();
    }
    return Expect.orNull(new Expect(url, title, appears, gone, null, count));
  }

  /** The address a person would call "where the page is": host, path and a hash route, without the query. */
  static String route(String url) {
    URI u = parse(url);
    if (u == null || u.getRawPath() == null) return null;
    String fragment = u.getRawFragment();
    String hashRoute = fragment != null && (fragment.startsWith("/") || fragment.startsWith("!")) ? "#" + fragment : "";
    return u.getHost() + (u.getRawPath().isEmpty() ? "/" : u.getRawPath()) + hashRoute;
  }

  /**
   * What the address ends with after the step: its hash route when it has one, else its last path segment. Only
   * the end, so a run against another deployment (another host, a path prefix) still recognizes the same page.
   */
  static String tail(String url) {
    URI u = parse(url);
    if (u == null || u.getRawPath() == null) return null;
    String fragment = u.getRawFragment();
    // A hash-routed app keeps its path (served as /app/, /app/index.html or elsewhere): the route says where it is.
    if (fragment != null && (fragment.startsWith("/") || fragment.startsWith("!"))) {
      String route = "#" + fragment;
      return UNSTABLE.matcher(route).find() ? null : route;
    }
    String path = u.getRawPath().isEmpty() ? "/" : u.getRawPath();
    String last = path.substring(path.lastIndexOf('/'));
    // "/" and "/index.html" name the same page on most servers, and say nothing about which page it is.
    if ("/".equals(last) || last.matches("/index\\.html?") || UNSTABLE.matcher(last).find()) return null;
    return last;
  }

  private static URI parse(String url) {
    if (url == null || url.isBlank()) return null;
    try {
      return new URI(url.strip());
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /** The one list (same item selector on both pages) whose count changed, and by how much. */
  private static Expect.Count countChange(PageObservation before, PageObservation after) {
    Map<String, Integer> was = new HashMap<>();
    for (ObservedList l : before.lists()) if (l.selector() != null) was.merge(l.selector(), l.count(), (a, b) -> -1);
    List<Expect.Count> changed = new ArrayList<>();
    for (ObservedList l : after.lists()) {
      Integer n = was.get(l.selector());
      if (n != null && n >= 0 && l.count() != n) changed.add(new Expect.Count(l.selector(), l.count() - n));
    }
    return changed.size() == 1 ? changed.get(0) : null;
  }

  /**
   * An element named once on {@code in} and not at all on {@code notIn}: the first such interactive element, else
   * heading. Names that repeat (row buttons) or could differ next time are passed over.
   */
  private static Expect.Element onlyIn(PageObservation in, PageObservation notIn) {
    Map<String, Integer> here = census(in), there = census(notIn);
    for (String key : here.keySet()) {
      if (here.get(key) == 1 && !there.containsKey(key)) {
        int cut = key.indexOf('\u0000');
        return new Expect.Element(key.substring(0, cut), key.substring(cut + 1));
      }
    }
    return null;
  }

  private static Map<String, Integer> census(PageObservation p) {
    Map<String, Integer> out = new java.util.LinkedHashMap<>();
    for (ObservedNode n : p.nodes()) {
      // A collapsed run hides members whose names nobody saw: its shape is not a fact.
      if (n.similar() > 0) continue;
      if (n.role() != null && !n.role().isBlank() && n.name() != null && stable(n.name())) {
        out.merge(n.role() + '\u0000' + n.name().strip(), 1, Integer::sum);
      }
    }
    for (ObservedHeading h : p.headings()) {
      if (h.text() != null && stable(h.text())) out.merge("heading" + '\u0000' + h.text().strip(), 1, Integer::sum);
    }
    return out;
  }

  private static boolean stable(String text) {
    String t = text.strip();
    return !t.isEmpty() && t.length() <= MAX_NAME && !UNSTABLE.matcher(t).find();
  }

  private static ObservedNode nodeBySelector(PageObservation p, String css) {
    if (css == null) return null;
    for (ObservedNode n : p.nodes()) if (css.equals(n.selector())) return n;
    return null;
  }
}

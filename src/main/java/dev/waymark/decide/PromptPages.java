package dev.waymark.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.PageDelta;
import dev.waymark.observe.PageObservation;
import dev.waymark.observe.RefSpace;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.StepTypes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The pages one session's model was shown (decision 0063). A model source sends each turn as one fresh request, so
 * a delta must be said against a page the same request holds: the base page sits in the prompt's stable prefix
 * (the part a provider caches from the turn before), and each later turn's tail says only what changed since it.
 * The base is taken afresh (the whole page, written to the cache once) on the first turn, on another document, when
 * a modal opened or closed, and when the changes since the base would be more than half the page.
 *
 * <p>The page is shown in the model's own ref space ({@link RefSpace}), as agents get it over MCP: within a
 * document a ref keeps naming the same element, so the base and the delta agree, and the model's ref is translated
 * to the observer's before the session resolves it. One instance per session; its methods may be called from any
 * thread.
 */
public final class PromptPages {
  /** A delta is sent when it is at most this share of the whole page; otherwise the page becomes the new base. */
  public static final double MAX_DELTA_SHARE = 0.5;
  /** Steps after which the page is another document even at the same address (another tab, a reload). */
  private static final Set<String> NEW_DOCUMENT = Set.of(StepTypes.NAVIGATE, StepTypes.SWITCH_TAB, StepTypes.CLOSE_TAB,
      StepTypes.ADOPT_TAB, StepTypes.USER_STEP);

  /**
   * The page for one turn: {@code base} (the whole page as it was at {@code baseTurn}, in the model's refs) and
   * {@code delta}, what changed since, or null on the turn the base was taken (the page now is the base).
   * {@code trailRefs} gives, for a turn of the trail, the ref the model wrote where the session recorded the
   * observer's. {@code earlierBases} are the bases taken before this one (by the turn each was read), which stay
   * where they are in the prompt so that its cached prefix stays whole; the renderer drops those older than the
   * shown trail.
   */
  public record Shown(String base, int baseTurn, String delta, String why, Map<Integer, WrittenRef> trailRefs,
      SortedMap<Integer, String> earlierBases) {
    public Shown {
      trailRefs = Map.copyOf(trailRefs);
      earlierBases = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(earlierBases));
    }

    /** Whether this turn's page is a delta against an earlier base. */
    public boolean isDelta() {
      return delta != null;
    }
  }

  /** A ref the model wrote on a turn, with the observer's ref it was translated to (the one the trail records). */
  public record WrittenRef(String model, String observer) {}

  private RefSpace space;
  private PageObservation shownRaw;
  private PageObservation base;
  private String baseText;
  private int baseTurn;
  private final Map<Integer, WrittenRef> written = new HashMap<>();
  /** Bases taken before the current one, by turn: at most {@link #EARLIER_KEPT}. */
  private final TreeMap<Integer, String> earlier = new TreeMap<>();
  /** More than the trail ever shows (twice its window), so a base is dropped only once the trail has moved past it. */
  private static final int EARLIER_KEPT = 2 * PromptRenderer.DEFAULT_TRAIL_TURNS;
  private boolean tabsShown;

  /**
   * Whether a page of this session has shown tab lines (a second task tab, or the person's tab on the task's sites),
   * {@code page} included: from then on a turn offers the tab steps (decision 0070), so a popup that came and went
   * changes the cached system text once, not each time.
   */
  public synchronized boolean tabsShown(PageObservation page) {
    if (page != null && page.showsTabs()) tabsShown = true;
    return tabsShown;
  }

  /**
   * The page for turn {@code turn} (counting from one) of a session whose trail so far is {@code trail}: the base
   * and the delta since it, or a new base. A turn number at or before an earlier base (a trail cleared or undone)
   * starts afresh.
   */
  public synchronized Shown show(PageObservation raw, int turn, List<ExtTurn> trail) {
    if (raw == null) {
      space = null;
      base = null;
      return null;
    }
    if (turn < baseTurn) {
      written.keySet().removeIf(t -> t >= turn);
      earlier.tailMap(turn, true).clear();
    }
    boolean fresh = space == null || turn < baseTurn || movedDocument(trail) || !PageDelta.sameDocument(space.view().url(), raw.url());
    if (fresh) {
      space = RefSpace.start(raw);
    } else if (raw != shownRaw) {
      space = space.carry(raw);
    }
    shownRaw = raw;
    String why = null;
    if (!fresh) {
      PageDelta d = PageDelta.between(baseTurn, base, space.view());
      String delta = d.renderShort("the page at turn " + baseTurn, base);
      if (delta == null) {
        why = d.fullBecause();
      } else if (CompactObservation.estimateTokens(delta)
          > MAX_DELTA_SHARE * CompactObservation.estimateTokens(CompactObservation.render(space.view()))) {
        why = "the changes since turn " + baseTurn + " would be more than half the page";
      } else {
        return new Shown(baseText, baseTurn, delta, null, trailRefs(), earlier);
      }
    }
    if (base != null && baseTurn < turn) earlier.put(baseTurn, baseText);
    while (earlier.size() > EARLIER_KEPT) earlier.pollFirstEntry();
    base = space.view();
    baseText = CompactObservation.render(base);
    baseTurn = turn;
    return new Shown(baseText, baseTurn, null, why, trailRefs(), earlier);
  }

  /** Whether the session's last turn performed a step after which the page is another document. */
  private static boolean movedDocument(List<ExtTurn> trail) {
    if (trail == null || trail.isEmpty()) return false;
    ExtTurn last = trail.get(trail.size() - 1);
    return last.ok() && last.type() != null && NEW_DOCUMENT.contains(last.type());
  }

  /**
   * The decision with its step's ref translated from the model's ref space to the observer's ref in {@code raw}
   * (the page the session resolves it against), remembered for the trail of turn {@code turn}. A decision that is
   * not JSON, or has no ref, goes as it came: the session says what is wrong with it. A ref the model was never
   * shown that the observer uses for another element is made one the page does not hold, so the session refuses
   * it with nothing done instead of reaching that element.
   */
  public synchronized String translate(String decision, PageObservation raw, int turn) {
    if (decision == null || raw == null || space == null || !PageDelta.sameDocument(space.view().url(), raw.url())) {
      return decision;
    }
    JsonNode json;
    try {
      json = Json.mapper().readTree(decision);
    } catch (Exception notJson) {
      return decision;
    }
    if (json == null || !json.isObject() || !json.path("step").path("ref").isTextual()) return decision;
    String ref = json.path("step").path("ref").asText().strip();
    boolean wasShown = space.view().node(ref) != null || space.view().list(ref) != null;
    RefSpace now = raw == shownRaw ? space : space.carry(raw);
    String observer = wasShown ? now.raw(ref) : null;
    if (observer == null) {
      if (raw.node(ref) == null && raw.list(ref) == null) return decision;
      observer = ref + (wasShown ? " (no longer on the page)" : " (not on the page as you were shown it)");
    }
    written.put(turn, new WrittenRef(ref, observer));
    if (observer.equals(ref)) return decision;
    ObjectNode copy = ((ObjectNode) json).deepCopy();
    ((ObjectNode) copy.get("step")).put("ref", observer);
    return Json.write(copy);
  }

  /** The turns whose decision named a ref the observer calls otherwise. */
  private Map<Integer, WrittenRef> trailRefs() {
    Map<Integer, WrittenRef> out = new HashMap<>();
    for (Map.Entry<Integer, WrittenRef> e : written.entrySet()) {
      if (!e.getValue().model().equals(e.getValue().observer())) out.put(e.getKey(), e.getValue());
    }
    return out;
  }
}

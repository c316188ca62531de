package dev.waymark.decide;

import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.LastObservation;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;

/**
 * What the last step did to the page, for the next prompt: nothing visible ({@code unchanged}) or a move to
 * another address ({@code moved}, from {@code fromUrl} to {@code toUrl}).
 */
public record TurnHints(boolean unchanged, boolean moved, String fromUrl, String toUrl) {
  public static final TurnHints NONE = new TurnHints(false, false, null, null);

  /** The hints the last turn's output carries, as ApplyTurn computed them. */
  public static TurnHints of(ApplyOutput last) {
    if (last == null) return NONE;
    ExtTurn t = last.lastTurn();
    return new TurnHints(last.unchanged(), last.moved(), null, t == null ? null : t.url());
  }

  /**
   * Fresh hints for the page observed now: whether the last turn's step left the page as it was when that
   * turn was decided, and whether the address changed since. Only a turn whose step reached the page
   * can have changed it, so a refused turn gives no hint.
   */
  public static TurnHints between(ApplyOutput last, PageObservation now) {
    if (last == null || now == null || !last.ok()) return NONE;
    ExtTurn t = last.lastTurn();
    String before = t == null ? null : t.url();
    boolean moved = before != null && now.url() != null && !before.equals(now.url());
    boolean unchanged = !moved && LastObservation.unchanged(last.lastObservation(), now);
    return new TurnHints(unchanged, moved, before, now.url());
  }
}

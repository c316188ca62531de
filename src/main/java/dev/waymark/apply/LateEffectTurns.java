package dev.waymark.apply;

import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.StepOutcome;
import java.util.List;

/**
 * Names the session turn behind each late effect (decision 0073): the browser reports a late effect by the id its click
 * was sent under, and the model reads its trail by turns, never by the workflow's step ids. Pure.
 */
public final class LateEffectTurns {
  private LateEffectTurns() {}

  /**
   * The page with each late effect naming the turn of {@code trail} that sent its step (null: the page as it is). A
   * late effect that does not say its sending (a page read back from a journal) keeps what it had.
   */
  public static PageObservation named(PageObservation page, List<ExtTurn> trail) {
    if (page == null || page.lateEffects().isEmpty()) return page;
    return page.withLateEffects(page.lateEffects().stream()
        .map(l -> l.sentAs() == null ? l : l.atTurn(ExtTurn.turnThatSent(trail, l.sentAs()))).toList());
  }

  /** The outcome with each late effect naming the turn of {@code trail} that sent its step. */
  public static StepOutcome named(StepOutcome outcome, List<ExtTurn> trail) {
    return outcome == null ? null : outcome.withLateTurns(sentAs -> ExtTurn.turnThatSent(trail, sentAs));
  }
}

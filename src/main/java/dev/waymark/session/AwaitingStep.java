package dev.waymark.session;

import dev.waymark.apply.StepDecisions;
import dev.waymark.workflow.Step;

/**
 * A step that was waiting for the person's approval when its session stopped: journaled when it starts to wait,
 * so a crash at that moment loses nothing. It was never performed.
 */
public record AwaitingStep(Step step, String reasoning) {

  /**
   * The step as a person's decision for the editor: its resolved selector instead of a ref (refs mean nothing
   * outside the observation they came from), every other field as it was.
   */
  public String asDecision() {
    return StepDecisions.decision(step, null, reasoning);
  }
}

package dev.waymark.session;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.UserSteps;

/**
 * A userStep waiting for the person, as the studio shows it: the reason, the method, the sentence to read, what
 * else ends it (null: only Continue), and its bound in ms (0: none).
 */
public record WaitingUserStep(String stepId, String prompt, String method, String instruction, String continues, long limitMs) {
  static WaitingUserStep of(Step step) {
    return new WaitingUserStep(step.id(), step.prompt(), step.method(), UserSteps.instruction(step),
        UserSteps.continuesWhen(step.continueOn()), UserSteps.limitMs(step));
  }
}

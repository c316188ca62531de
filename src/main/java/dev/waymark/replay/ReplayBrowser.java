package dev.waymark.replay;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;

/**
 * Where a replay performs its steps. Page failures come back as failed results, never exceptions; a step
 * whose effect is unknown comes back {@code uncertain} and is never sent again.
 */
public interface ReplayBrowser {
  /** Performs one step with the real values of exactly the tokens it uses. */
  StepResult perform(Step step, Map<String, String> values, int timeoutMs) throws InterruptedException;

  /**
   * The same, handing a long step's progress (an extractList's rows and pages so far) to {@code progress} on the
   * calling thread while it runs. A browser that cannot tell performs it without.
   */
  default StepResult perform(Step step, Map<String, String> values, int timeoutMs,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) throws InterruptedException {
    return perform(step, values, timeoutMs);
  }

  /**
   * Shows a userStep's prompt to the person in the page and waits until they continue, its
   * {@code continue_on} condition holds, or {@code limitMs} passes (0: no limit of its own).
   */
  StepResult gate(Step step, long limitMs) throws InterruptedException;
}

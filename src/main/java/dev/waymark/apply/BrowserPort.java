package dev.waymark.apply;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;

/** Where an apply turn performs its step: the real browser through the bridge, or a fake in tests. */
@FunctionalInterface
public interface BrowserPort {
  /**
   * Performs the step and reports what happened. {@code values} holds the real strings of exactly the
   * tokens the step uses. Page failures come back as a failed result, never as an exception.
   */
  StepResult perform(Step step, Map<String, String> values, int timeoutMs);

  /**
   * The same, with the turn's {@code workflow_id} and {@code client_id}: a port that talks to browsers carries the
   * workflow id to the browser and honours the client hint; one that does not ignores both.
   */
  default StepResult perform(Step step, Map<String, String> values, int timeoutMs, Route route) {
    return perform(step, values, timeoutMs);
  }
}

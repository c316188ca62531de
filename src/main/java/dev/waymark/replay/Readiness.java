package dev.waymark.replay;

import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.util.List;
import java.util.Set;

/**
 * Which steps wait for the page to take input before acting (pure). The first action on a page waits when a step
 * on that page expects the page's own script to react (an element appears, a list grows, without the address
 * changing): such a page may bind its handlers after it loaded, and input given before that is lost. Pages whose
 * effects are the browser's own (a link followed, a form submitted, a field filled) are not held up.
 */
final class Readiness {
  private static final Set<String> ACTIONS = Set.of(StepTypes.CLICK, StepTypes.FILL, StepTypes.SELECT, StepTypes.PRESS);

  private Readiness() {}

  /** Step {@code i} as it is sent: with {@code expect.ready} when it is the first action on a page that needs it. */
  static Step prepared(List<Step> steps, int i) {
    Step step = steps.get(i);
    if (!ACTIONS.contains(step.type()) || (step.expect() != null && step.expect().ready())) return step;
    for (int j = i - 1; j >= 0 && !leavesPage(steps.get(j)); j--) {
      if (ACTIONS.contains(steps.get(j).type())) return step;
    }
    for (int j = i; j < steps.size(); j++) {
      Step s = steps.get(j);
      if (s.expect() != null && s.expect().byScript()) {
        Expect e = step.expect() == null ? new Expect(null, null, null, null, null, null) : step.expect();
        return step.withExpect(e.readyFirst());
      }
      if (leavesPage(s)) break;
    }
    return step;
  }

  /** After this step the browser stands on another page (a navigation, or an address the step was seen to change). */
  private static boolean leavesPage(Step s) {
    return StepTypes.NAVIGATE.equals(s.type()) || (s.expect() != null && s.expect().url() != null);
  }
}

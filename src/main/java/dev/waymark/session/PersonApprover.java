package dev.waymark.session;

import dev.waymark.risk.Approval;
import dev.waymark.workflow.Step;

/**
 * How a person's own step (a take-over) gets the approval its risk category asks for: the window or the
 * command line answers {@code Approval.byPerson(step, channel)} for the step the person chose, or null to stop.
 */
@FunctionalInterface
public interface PersonApprover {
  Approval approve(Step step);
}

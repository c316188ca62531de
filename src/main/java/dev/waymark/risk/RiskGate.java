package dev.waymark.risk;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Step;
import java.util.Set;

/**
 * Classifies a resolved step from the element and the page, deterministically and outside any model.
 * {@code node} is the element the step acts on (null for page-level steps); {@code taskOrigins} are the
 * origins (scheme://host:port) the task is allowed to work on.
 */
public interface RiskGate {
  RiskAssessment assess(Step step, ObservedNode node, PageObservation page, Set<String> taskOrigins);
}

package dev.waymark.session;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.RiskAssessment;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.RiskGate;
import dev.waymark.workflow.Step;
import java.util.List;
import java.util.Set;

/** A risk gate for tests: a click on an element named like a submit or an order is SUBMIT; nothing else is risky. */
public final class KeywordRiskGate implements RiskGate {
  @Override
  public RiskAssessment assess(Step step, ObservedNode node, PageObservation page, Set<String> taskOrigins) {
    if ("click".equals(step.type()) && node != null && node.name() != null
        && node.name().matches("(?i).*(order|submit|send).*")) {
      return new RiskAssessment(Set.of(RiskCategory.SUBMIT), List.of("the button is named \"" + node.name() + "\""));
    }
    return RiskAssessment.none();
  }
}

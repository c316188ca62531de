package dev.waymark.session;

import dev.waymark.observe.ObservedNode;
import dev.waymark.risk.RiskCategory;
import dev.waymark.workflow.Step;
import java.util.List;
import java.util.Set;

/**
 * A checked step held for the person: what it does, the element it acts on, where the decision came from,
 * which risk categories it falls in and why. {@code value} is the value as written (a token, never the real
 * string); {@code url} is the page it would act on.
 */
public record PendingApproval(
    Step step,
    String ref,
    ObservedNode node,
    String decidedBy,
    String reasoning,
    String value,
    String url,
    Set<RiskCategory> categories,
    List<String> reasons,
    boolean edited) {

  public PendingApproval {
    categories = Set.copyOf(categories);
    reasons = List.copyOf(reasons);
  }
}

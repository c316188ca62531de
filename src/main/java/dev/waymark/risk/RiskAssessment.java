package dev.waymark.risk;

import java.util.List;
import java.util.Set;

/** The categories a step falls in and, for each, the evidence in words a person can check. */
public record RiskAssessment(Set<RiskCategory> categories, List<String> reasons) {
  public RiskAssessment {
    categories = Set.copyOf(categories);
    reasons = List.copyOf(reasons);
  }

  public static RiskAssessment none() {
    return new RiskAssessment(Set.of(), List.of());
  }

  public boolean risky() {
    return !categories.isEmpty();
  }
}

package dev.waymark.risk;

import dev.waymark.observe.ObservedNode;
import dev.waymark.workflow.Step;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * Categories found so far, each with its first reason, and the words a reason names an element with. Apart
 * from the rules that find them so that every rule (the gate's own, {@link NavigationRisks}) reports the same
 * way: one reason a category, phrased for a person to check.
 */
final class RiskFindings {
  private final EnumSet<RiskCategory> categories = EnumSet.noneOf(RiskCategory.class);
  private final List<String> reasons = new ArrayList<>();

  void add(RiskCategory c, String reason) {
    if (categories.add(c)) reasons.add(c.description() + ": " + reason);
  }

  boolean has(RiskCategory c) {
    return categories.contains(c);
  }

  boolean risky() {
    return !categories.isEmpty();
  }

  RiskAssessment assessment() {
    return new RiskAssessment(categories, reasons);
  }

  static String describe(ObservedNode n) {
    return describe(n, null);
  }

  static String describe(ObservedNode n, Step step) {
    if (n == null) return step != null && step.selector() != null ? "the element " + step.selector().describe() : "the element";
    String role = n.role() == null || n.role().isBlank() ? nz(n.tag()) : n.role();
    return role + (n.name() == null || n.name().isBlank() ? "" : " \"" + abbreviate(n.name()) + "\"");
  }

  static String abbreviate(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= 60 ? one : one.substring(0, 59) + "…";
  }

  private static String nz(String s) {
    return s == null ? "" : s;
  }
}

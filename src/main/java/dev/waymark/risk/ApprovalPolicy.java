package dev.waymark.risk;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What happens to a step in each risk category: performed (AUTO), held for the person (ASK) or refused (BLOCK).
 * By default every category asks; a step in no category is performed. A step in several categories gets the
 * strictest of their policies. Serializes as {@code {"submit": "ask", "payment": "block", ...}} for settings.
 */
public final class ApprovalPolicy {
  private final Map<RiskCategory, Policy> policies;

  private ApprovalPolicy(Map<RiskCategory, Policy> policies) {
    EnumMap<RiskCategory, Policy> m = new EnumMap<>(RiskCategory.class);
    for (RiskCategory c : RiskCategory.values()) m.put(c, policies.getOrDefault(c, Policy.ASK));
    this.policies = Collections.unmodifiableMap(m);
  }

  /** Every category asks the person. */
  public static ApprovalPolicy defaults() {
    return new ApprovalPolicy(Map.of());
  }

  public Policy policy(RiskCategory c) {
    return policies.get(c);
  }

  public ApprovalPolicy with(RiskCategory c, Policy p) {
    EnumMap<RiskCategory, Policy> m = new EnumMap<>(policies);
    m.put(c, p);
    return new ApprovalPolicy(m);
  }

  /** The strictest policy of the assessment's categories; AUTO for a step in none. */
  public Policy decide(RiskAssessment a) {
    Policy out = Policy.AUTO;
    for (RiskCategory c : a.categories()) {
      Policy p = policies.get(c);
      if (p.ordinal() > out.ordinal()) out = p;
    }
    return out;
  }

  /** Classifies a step and decides its policy in one go. */
  public RiskCheck check(RiskGate gate, dev.waymark.workflow.Step step, dev.waymark.observe.ObservedNode node,
      dev.waymark.observe.PageObservation page, java.util.Set<String> taskOrigins) {
    RiskAssessment a = gate.assess(step, node, page, taskOrigins);
    return new RiskCheck(a, decide(a));
  }

  /**
   * Whether a step may be performed now: AUTO always; ASK only with the person's approval of exactly this step;
   * BLOCK never, approval or not.
   */
  public static boolean mayPerform(RiskCheck check, dev.waymark.workflow.Step step, Approval approval) {
    return switch (check.policy()) {
      case AUTO -> true;
      case ASK -> approval != null && approval.covers(step);
      case BLOCK -> false;
    };
  }

  @JsonValue
  public Map<String, String> toSettings() {
    Map<String, String> out = new LinkedHashMap<>();
    policies.forEach((c, p) -> out.put(c.name().toLowerCase(Locale.ROOT), p.name().toLowerCase(Locale.ROOT)));
    return out;
  }

  /** Reads settings; a missing category asks, an unknown category or policy name is an error that names it. */
  @JsonCreator
  public static ApprovalPolicy fromSettings(Map<String, String> settings) {
    EnumMap<RiskCategory, Policy> m = new EnumMap<>(RiskCategory.class);
    if (settings != null) {
      for (Map.Entry<String, String> e : settings.entrySet()) {
        RiskCategory c;
        Policy p;
        try {
          c = RiskCategory.valueOf(e.getKey().strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException ex) {
          throw new IllegalArgumentException("unknown risk category \"" + e.getKey() + "\" in the approval settings; known: "
              + java.util.Arrays.stream(RiskCategory.values()).map(x -> x.name().toLowerCase(Locale.ROOT)).toList());
        }
        try {
          p = Policy.valueOf(e.getValue().strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException ex) {
          throw new IllegalArgumentException("policy \"" + e.getValue() + "\" for " + e.getKey() + " is not auto, ask or block");
        }
        m.put(c, p);
      }
    }
    return new ApprovalPolicy(m);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ApprovalPolicy other && other.policies.equals(policies);
  }

  @Override
  public int hashCode() {
    return policies.hashCode();
  }

  @Override
  public String toString() {
    return "ApprovalPolicy" + toSettings();
  }
}

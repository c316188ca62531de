package dev.waymark.risk;

/** A step's risk assessment and the policy that follows from it. */
public record RiskCheck(RiskAssessment assessment, Policy policy) {}

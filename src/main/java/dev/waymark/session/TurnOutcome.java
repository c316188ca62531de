package dev.waymark.session;

import dev.waymark.apply.ApplyOutput;

/** What a submitted decision came to: a turn recorded (performed or not), or a step waiting for the person. */
public record TurnOutcome(Kind kind, ApplyOutput output, PendingApproval pending) {
  /** RECORDED: the turn is in the trail. AWAITING_APPROVAL: nothing happened yet; the person decides. */
  public enum Kind { RECORDED, AWAITING_APPROVAL }

  public static TurnOutcome recorded(ApplyOutput out) {
    return new TurnOutcome(Kind.RECORDED, out, null);
  }

  public static TurnOutcome awaiting(PendingApproval p) {
    return new TurnOutcome(Kind.AWAITING_APPROVAL, null, p);
  }

  public boolean ok() {
    return output != null && output.ok();
  }

  public String error() {
    return output == null ? null : output.error();
  }
}

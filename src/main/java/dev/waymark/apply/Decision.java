package dev.waymark.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One parsed decision: the reasoning, whether the goal is reached, and the raw step object (still
 * unchecked, with its {@code ref}). {@code blocked} and {@code handoff} carry the decision-level outcomes
 * that are not steps; {@code resolve} ("happened" or "did_not_happen") settles the session's uncertain step.
 */
public record Decision(String reasoning, boolean done, ObjectNode step, String blocked, String handoff, String resolve) {
  public Decision(String reasoning, boolean done, ObjectNode step, String blocked, String handoff) {
    this(reasoning, done, step, blocked, handoff, null);
  }
}

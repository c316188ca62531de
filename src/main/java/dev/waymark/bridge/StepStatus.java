package dev.waymark.bridge;

/**
 * What the extension knows about a step id (the {@code step_status} reply), asked after a reconnect.
 *
 * @param stepId the step's id
 * @param state  what happened to it
 * @param result the performed body when {@code state} is DONE, else null
 */
public record StepStatus(String stepId, State state, PerformResult result) {
  /** States of a step in the extension's ledger. */
  public enum State {
    /** Finished; {@code result} says how. */
    DONE,
    /** Still running in the extension. */
    RUNNING,
    /** Started, but the extension's worker stopped before it finished: the effect is uncertain. */
    INTERRUPTED,
    /** This browser session never received it. */
    NEVER_STARTED,
    /** The extension cannot tell (e.g. the browser restarted since). */
    UNKNOWN
  }
}

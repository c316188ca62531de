package dev.waymark.session;

import dev.waymark.apply.ApplyOutput;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An immutable picture of the session for listeners: its state, the page, the step waiting for approval, what
 * the session is busy with. It names which variables have a value, never the values. {@code uncertain} is the
 * last step whose effect is unknown, until the person or the next turn resolves it. {@code streaming} is the
 * model's reply as it arrives, while a decision source is writing one. {@code userStep} is the userStep
 * waiting for the person's Continue, while the browser shows it. {@code pageActions} counts the steps that reached
 * the page (sent to the browser, or done there by the person) since the session object was made: an agent's
 * interaction generation moves with it. {@code longStep} is the long step running now (an extractList) and how far it
 * has got, which the person may stop; null otherwise.
 */
public record SessionSnapshot(
    SessionState state,
    Set<String> valuesEntered,
    PageObservation observation,
    long observationSerial,
    PendingApproval pending,
    String activity,
    String notice,
    ApplyOutput lastOutput,
    String proposedDecision,
    long proposalSerial,
    String journalFile,
    Step uncertain,
    String streaming,
    TurnUsage lastUsage,
    WaitingUserStep userStep,
    long pageActions,
    dev.waymark.workflow.StepProgress longStep) {

  public SessionSnapshot {
    valuesEntered = Set.copyOf(valuesEntered);
  }

  /** A snapshot with no long step running. */
  public SessionSnapshot(SessionState state, Set<String> valuesEntered, PageObservation observation, long observationSerial,
      PendingApproval pending, String activity, String notice, ApplyOutput lastOutput, String proposedDecision,
      long proposalSerial, String journalFile, Step uncertain, String streaming, TurnUsage lastUsage,
      WaitingUserStep userStep, long pageActions) {
    this(state, valuesEntered, observation, observationSerial, pending, activity, notice, lastOutput, proposedDecision,
        proposalSerial, journalFile, uncertain, streaming, lastUsage, userStep, pageActions, null);
  }

  public List<Step> steps() { return state.steps(); }
  public List<String> notes() { return state.notes(); }
  public List<ExtTurn> trail() { return state.trail(); }
  public Map<String, String> variables() { return state.variables(); }
  public int budget() { return state.budget(); }
  public int failures() { return state.failures(); }
  public boolean continueLoop() { return state.continueLoop(); }
  public boolean busy() { return activity != null; }

  /** The names of variables that have no value yet: what the person must enter before the steps can run. */
  public List<String> missingValues() {
    return state.variables().keySet().stream().filter(n -> !valuesEntered.contains(n)).toList();
  }

  /** The note written for a step, by its position among the accepted steps. */
  public String noteFor(String stepId) {
    for (int i = 0; i < state.steps().size(); i++) {
      if (stepId.equals(state.steps().get(i).id())) return i < state.notes().size() ? state.notes().get(i) : null;
    }
    return null;
  }
}

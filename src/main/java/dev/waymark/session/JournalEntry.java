package dev.waymark.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.waymark.apply.Capabilities;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * One line of the session journal. {@code kind} is {@code state} (a whole state: the start of a journal),
 * {@code goal}, {@code variables}, {@code turn}, {@code undo}, {@code budget}, {@code capabilities}, {@code awaiting} (a step starts
 * waiting for approval; the next turn settles it) or {@code closed}; each kind carries only the fields it changes,
 * so replaying the lines in order rebuilds the session.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JournalEntry(
    @JsonProperty("kind") String kind,
    @JsonProperty("at") String at,
    @JsonProperty("state") SessionState state,
    @JsonProperty("goal") String goal,
    @JsonProperty("workflow_id") String workflowId,
    @JsonProperty("variables") Map<String, String> variables,
    @JsonProperty("turn") ExtTurn turn,
    @JsonProperty("step") Step step,
    @JsonProperty("note") String note,
    @JsonProperty("observation") PageObservation observation,
    @JsonProperty("budget") Integer budget,
    @JsonProperty("failures") Integer failures,
    @JsonProperty("given_back") Integer givenBack,
    @JsonProperty("last_observation") String lastObservation,
    @JsonProperty("last_url") String lastUrl,
    @JsonProperty("done") Boolean done,
    @JsonProperty("continue") Boolean continueLoop,
    @JsonProperty("step_id") String stepId,
    @JsonProperty("task_origins") Set<String> taskOrigins,
    // What the model decision of this turn cost, when a model decided it.
    @JsonProperty("usage") TurnUsage usage,
    // The extension client a turn's step was for (the spec's client_id), when a browser was connected.
    @JsonProperty("client_id") String clientId,
    // The slot a turn's step stored its data under (slot → data), for the steps after it to use as {{ slot }}.
    @JsonProperty("stored") Map<String, String> stored,
    // kind capabilities: what the session allows from now on.
    @JsonProperty("capabilities") Capabilities capabilities,
    // Who answered for the person on this turn (an approval, a userStep's Continue): studio, terminal or chrome.
    @JsonProperty("answered_by") String answeredBy,
    // kind expect: the seen effect of step_id (empty: dropped).
    @JsonProperty("expect") dev.waymark.workflow.Expect expect) {

  public static final String STATE = "state", GOAL = "goal", VARIABLES = "variables", TURN = "turn", UNDO = "undo",
      BUDGET = "budget", CLOSED = "closed", AWAITING = "awaiting", CAPABILITIES = "capabilities",
      // The effect a recorded step was seen to have, or the person's edit of it (an empty expect drops it).
      EXPECT = "expect";

  /** Mutable assembly of one entry; only the session writes entries. */
  static final class B {
    String kind, goal, workflowId, note, lastObservation, lastUrl, stepId, clientId, answeredBy;
    SessionState state;
    Map<String, String> variables;
    ExtTurn turn;
    Step step;
    PageObservation observation;
    Integer budget, failures, givenBack;
    Boolean done, continueLoop;
    Set<String> taskOrigins;
    TurnUsage usage;
    Map<String, String> stored;
    Capabilities capabilities;
    dev.waymark.workflow.Expect expect;

    B(String kind) {
      this.kind = kind;
    }

    JournalEntry build() {
      return new JournalEntry(kind, Instant.now().toString(), state, goal, workflowId, variables, turn, step, note,
          observation, budget, failures, givenBack, lastObservation, lastUrl, done, continueLoop, stepId, taskOrigins,
          usage, clientId, stored, capabilities, answeredBy, expect);
    }
  }

  static JournalEntry of(String kind) {
    return new B(kind).build();
  }

  static JournalEntry state(SessionState s) {
    B b = new B(STATE);
    b.state = s;
    return b.build();
  }

  static JournalEntry goal(String goal, String workflowId) {
    B b = new B(GOAL);
    b.goal = goal;
    b.workflowId = workflowId;
    return b.build();
  }

  static JournalEntry variables(Map<String, String> variables) {
    B b = new B(VARIABLES);
    b.variables = variables;
    return b.build();
  }

  static JournalEntry budget(int budget, boolean cont, int failures, boolean done) {
    B b = new B(BUDGET);
    b.budget = budget;
    b.continueLoop = cont;
    b.failures = failures;
    b.done = done;
    return b.build();
  }

  static JournalEntry capabilities(Capabilities caps) {
    B b = new B(CAPABILITIES);
    b.capabilities = caps;
    return b.build();
  }

  static JournalEntry awaiting(Step step, String reasoning) {
    B b = new B(AWAITING);
    b.step = step;
    b.note = reasoning;
    return b.build();
  }

  static JournalEntry expect(String stepId, dev.waymark.workflow.Expect expect) {
    B b = new B(EXPECT);
    b.stepId = stepId;
    b.expect = expect == null ? new dev.waymark.workflow.Expect(null, null, null, null, null, null) : expect;
    return b.build();
  }

  static JournalEntry undo(String stepId, ExtTurn turn) {
    B b = new B(UNDO);
    b.stepId = stepId;
    b.turn = turn;
    return b.build();
  }

  /** The state after this entry, given the state before it. */
  SessionState applyTo(SessionState s) {
    return switch (kind) {
      case STATE -> state;
      case GOAL -> s.withGoal(goal, workflowId != null ? workflowId : s.workflowId());
      case VARIABLES -> s.withVariables(variables);
      case BUDGET -> s.withLoop(budget, failures, done != null ? done : s.done(), continueLoop);
      case TURN -> SessionMath.afterTurn(s, this);
      case UNDO -> SessionMath.afterUndo(s, stepId, turn);
      case CAPABILITIES -> s.withCapabilities(capabilities);
      case EXPECT -> SessionMath.withExpect(s, stepId, expect);
      case CLOSED, AWAITING -> s;
      default -> throw new IllegalArgumentException("unknown journal entry kind \"" + kind + "\"");
    };
  }
}

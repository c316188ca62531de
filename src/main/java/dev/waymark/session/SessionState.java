package dev.waymark.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.waymark.apply.Capabilities;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything of an authoring session that outlives the process: what a session file holds and what the journal
 * replays into. It has no values field on purpose: real strings never reach a file.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record SessionState(
    @JsonProperty("format") int format,
    @JsonProperty("session_id") String sessionId,
    @JsonProperty("workflow_id") String workflowId,
    @JsonProperty("goal") String goal,
    @JsonProperty("variables") Map<String, String> variables,
    @JsonProperty("steps") List<Step> steps,
    @JsonProperty("notes") List<String> notes,
    @JsonProperty("trail") List<ExtTurn> trail,
    @JsonProperty("budget") int budget,
    @JsonProperty("failures") int failures,
    @JsonProperty("max_failures") int maxFailures,
    @JsonProperty("given_back") int givenBack,
    @JsonProperty("last_observation") String lastObservation,
    @JsonProperty("last_url") String lastUrl,
    @JsonProperty("done") boolean done,
    @JsonProperty("continue") boolean continueLoop,
    // The page each accepted step was made against, by step id, so a reader can see what the decider saw.
    @JsonProperty("observations") Map<String, PageObservation> observations,
    @JsonProperty("task_origins") Set<String> taskOrigins,
    // What accepted steps stored under their `store` slot (page data, already masked), usable as {{ slot }} later.
    @JsonProperty("stored") Map<String, String> stored,
    // What the session allows beyond the page (decision 0028); a file written before capabilities reads as all.
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("capabilities") Capabilities capabilities) {

  public static final int FORMAT = 1;
  public static final int DEFAULT_BUDGET = 30;

  public SessionState {
    variables = variables == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    steps = steps == null ? List.of() : List.copyOf(steps);
    notes = notes == null ? List.of() : List.copyOf(notes);
    trail = trail == null ? List.of() : List.copyOf(trail);
    observations = observations == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(observations));
    taskOrigins = taskOrigins == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(taskOrigins));
    stored = stored == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stored));
    if (maxFailures <= 0) maxFailures = dev.waymark.apply.ApplyInput.DEFAULT_MAX_FAILURES;
    if (format <= 0) format = FORMAT;
    if (capabilities == null) capabilities = Capabilities.ALL;
  }

  /** A new session with nothing done yet. */
  public static SessionState fresh(String sessionId, String workflowId, String goal, int budget) {
    return new Builder().sessionId(sessionId).workflowId(workflowId).goal(goal).budget(budget).continueLoop(budget > 0)
        .build();
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public SessionState withGoal(String newGoal, String newWorkflowId) {
    return toBuilder().goal(newGoal).workflowId(newWorkflowId).build();
  }

  public SessionState withVariables(Map<String, String> newVariables) {
    return toBuilder().variables(newVariables).build();
  }

  public SessionState withCapabilities(Capabilities caps) {
    return toBuilder().capabilities(caps).build();
  }

  public SessionState withTaskOrigins(Set<String> origins) {
    return toBuilder().taskOrigins(origins).build();
  }

  /** The loop's counters: turns left, failures in a row, whether the goal is reached and the loop may go on. */
  public SessionState withLoop(int newBudget, int newFailures, boolean newDone, boolean mayContinue) {
    return toBuilder().budget(newBudget).failures(newFailures).done(newDone).continueLoop(mayContinue).build();
  }

  /** Mutable assembly of a state; the record stays immutable. */
  public static final class Builder {
    private int format = FORMAT, budget, failures, maxFailures, givenBack;
    private String sessionId, workflowId, goal, lastObservation, lastUrl;
    private Map<String, String> variables;
    private List<Step> steps;
    private List<String> notes;
    private List<ExtTurn> trail;
    private boolean done, continueLoop;
    private Map<String, PageObservation> observations;
    private Set<String> taskOrigins;
    private Map<String, String> stored;
    private Capabilities capabilities;

    public Builder() {}

    Builder(SessionState s) {
      format = s.format; sessionId = s.sessionId; workflowId = s.workflowId; goal = s.goal; variables = s.variables;
      steps = s.steps; notes = s.notes; trail = s.trail; budget = s.budget; failures = s.failures;
      maxFailures = s.maxFailures; givenBack = s.givenBack; lastObservation = s.lastObservation; lastUrl = s.lastUrl;
      done = s.done; continueLoop = s.continueLoop; observations = s.observations; taskOrigins = s.taskOrigins;
      stored = s.stored;
      capabilities = s.capabilities;
    }

    public Builder sessionId(String v) { sessionId = v; return this; }
    public Builder workflowId(String v) { workflowId = v; return this; }
    public Builder goal(String v) { goal = v; return this; }
    public Builder variables(Map<String, String> v) { variables = v; return this; }
    public Builder steps(List<Step> v) { steps = v; return this; }
    public Builder notes(List<String> v) { notes = v; return this; }
    public Builder trail(List<ExtTurn> v) { trail = v; return this; }
    public Builder budget(int v) { budget = v; return this; }
    public Builder failures(int v) { failures = v; return this; }
    public Builder maxFailures(int v) { maxFailures = v; return this; }
    public Builder givenBack(int v) { givenBack = v; return this; }
    public Builder lastObservation(String v) { lastObservation = v; return this; }
    public Builder lastUrl(String v) { lastUrl = v; return this; }
    public Builder done(boolean v) { done = v; return this; }
    public Builder continueLoop(boolean v) { continueLoop = v; return this; }
    public Builder observations(Map<String, PageObservation> v) { observations = v; return this; }
    public Builder taskOrigins(Set<String> v) { taskOrigins = v; return this; }
    public Builder stored(Map<String, String> v) { stored = v; return this; }
    public Builder capabilities(Capabilities v) { capabilities = v; return this; }

    public SessionState build() {
      return new SessionState(format, sessionId, workflowId, goal, variables, steps, notes, trail, budget, failures,
          maxFailures, givenBack, lastObservation, lastUrl, done, continueLoop, observations, taskOrigins, stored, capabilities);
    }
  }
}

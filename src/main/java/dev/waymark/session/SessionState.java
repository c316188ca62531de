package dev.waymark.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
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
    @JsonProperty("task_origins") Set<String> taskOrigins) {

  public static final int FORMAT = 1;
  public static final int DEFAULT_BUDGET = 30;

  public SessionState {
    variables = variables == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    steps = steps == null ? List.of() : List.copyOf(steps);
    notes = notes == null ? List.of() : List.copyOf(notes);
    trail = trail == null ? List.of() : List.copyOf(trail);
    observations = observations == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(observations));
    taskOrigins = taskOrigins == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(taskOrigins));
    if (maxFailures <= 0) maxFailures = dev.waymark.apply.ApplyInput.DEFAULT_MAX_FAILURES;
    if (format <= 0) format = FORMAT;
  }

  /** A new session with nothing done yet. */
  public static SessionState fresh(String sessionId, String workflowId, String goal, int budget) {
    return new SessionState(FORMAT, sessionId, workflowId, goal, Map.of(), List.of(), List.of(), List.of(), budget, 0,
        0, 0, null, null, false, budget > 0, Map.of(), Set.of());
  }
}

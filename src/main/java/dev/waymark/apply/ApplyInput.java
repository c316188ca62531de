package dev.waymark.apply;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options of one apply turn, under the spec's names. {@code values} are real strings: they never leave
 * this record except toward the browser port, so this record is never serialized with them.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ApplyInput(
    @JsonProperty("decision") String decision,
    @JsonProperty("observation") PageObservation observation,
    @JsonProperty("steps") List<Step> steps,
    @JsonProperty("last_observation") String lastObservation,
    @JsonProperty("last_url") String lastUrl,
    @JsonProperty("trail") List<ExtTurn> trail,
    @JsonProperty("notes") List<String> notes,
    @JsonProperty("variables") Map<String, String> variables,
    @com.fasterxml.jackson.annotation.JsonIgnore Map<String, String> values,
    @JsonProperty("workflow_id") String workflowId,
    @JsonProperty("client_id") String clientId,
    @JsonProperty("budget") int budget,
    @JsonProperty("failures") int failures,
    @JsonProperty("max_failures") int maxFailures,
    @JsonProperty("timeout_ms") int timeoutMs,
    // Beyond the spec: the session's writable set, how many waits were already handed back, and who decided.
    @JsonProperty("writable") Set<String> writable,
    @JsonProperty("given_back") int givenBack,
    @JsonProperty("decided_by") String decidedBy,
    // What accepted steps stored (slot → the data they read), usable as {{ slot }} by later steps.
    @JsonProperty("stored") Map<String, String> stored,
    // The step whose effect is uncertain (sent, never answered), if the session holds one: a decision may resolve it.
    @JsonProperty("uncertain") Step uncertain,
    // What the session allows beyond the page: download, file_upload, viewport_control (null: all of them).
    @JsonProperty("capabilities") Capabilities capabilities) {

  public static final int DEFAULT_MAX_FAILURES = 3;
  public static final int DEFAULT_TIMEOUT_MS = 15_000;
  public static final int MAX_GIVEN_BACK = 5;

  public ApplyInput {
    steps = steps == null ? List.of() : List.copyOf(steps);
    trail = trail == null ? List.of() : List.copyOf(trail);
    notes = notes == null ? List.of() : List.copyOf(notes);
    variables = variables == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
    stored = stored == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stored));
    writable = writable == null || writable.isEmpty() ? StepTypes.MODEL_WRITABLE_DEFAULT : Set.copyOf(writable);
    if (maxFailures <= 0) maxFailures = DEFAULT_MAX_FAILURES;
    if (timeoutMs <= 0) timeoutMs = DEFAULT_TIMEOUT_MS;
    if (decidedBy == null || decidedBy.isBlank()) decidedBy = Provenance.MODEL;
    if (capabilities == null) capabilities = Capabilities.ALL;
  }

  @Override
  public String toString() {
    // Never print values, even by accident in a log line or an assertion message.
    return "ApplyInput[workflow_id=" + workflowId + ", budget=" + budget + ", failures=" + failures
        + ", steps=" + steps.size() + ", trail=" + trail.size() + ", values=" + values.keySet() + "]";
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Mutable assembly of the options of a turn. */
  public static final class Builder {
    private String decision, lastObservation, lastUrl, workflowId, clientId, decidedBy;
    private PageObservation observation;
    private List<Step> steps;
    private List<ExtTurn> trail;
    private List<String> notes;
    private Map<String, String> variables, values, stored;
    private int budget = 20, failures, maxFailures, timeoutMs, givenBack;
    private Set<String> writable;
    private Step uncertain;
    private Capabilities capabilities;

    Builder() {}

    Builder(ApplyInput i) {
      decision = i.decision; observation = i.observation; steps = i.steps; lastObservation = i.lastObservation;
      lastUrl = i.lastUrl; trail = i.trail; notes = i.notes; variables = i.variables; values = i.values;
      workflowId = i.workflowId; clientId = i.clientId; budget = i.budget; failures = i.failures;
      maxFailures = i.maxFailures; timeoutMs = i.timeoutMs; writable = i.writable; givenBack = i.givenBack;
      decidedBy = i.decidedBy; stored = i.stored; uncertain = i.uncertain; capabilities = i.capabilities;
    }

    public Builder decision(String v) { decision = v; return this; }
    public Builder observation(PageObservation v) { observation = v; return this; }
    public Builder steps(List<Step> v) { steps = v; return this; }
    public Builder lastObservation(String v) { lastObservation = v; return this; }
    public Builder lastUrl(String v) { lastUrl = v; return this; }
    public Builder trail(List<ExtTurn> v) { trail = v; return this; }
    public Builder notes(List<String> v) { notes = v; return this; }
    public Builder variables(Map<String, String> v) { variables = v; return this; }
    public Builder values(Map<String, String> v) { values = v; return this; }
    public Builder workflowId(String v) { workflowId = v; return this; }
    public Builder clientId(String v) { clientId = v; return this; }
    public Builder budget(int v) { budget = v; return this; }
    public Builder failures(int v) { failures = v; return this; }
    public Builder maxFailures(int v) { maxFailures = v; return this; }
    public Builder timeoutMs(int v) { timeoutMs = v; return this; }
    public Builder writable(Set<String> v) { writable = v; return this; }
    public Builder givenBack(int v) { givenBack = v; return this; }
    public Builder decidedBy(String v) { decidedBy = v; return this; }
    public Builder stored(Map<String, String> v) { stored = v; return this; }
    public Builder uncertain(Step v) { uncertain = v; return this; }
    public Builder capabilities(Capabilities v) { capabilities = v; return this; }

    public ApplyInput build() {
      return new ApplyInput(decision, observation, steps, lastObservation, lastUrl, trail, notes, variables, values,
          workflowId, clientId, budget, failures, maxFailures, timeoutMs, writable, givenBack, decidedBy, stored, uncertain, capabilities);
    }
  }
}

package dev.waymark.decide;

import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.Capabilities;
import dev.waymark.apply.SecretMask;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.StepTypes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything one turn's prompt is built from. {@code observationText} is the page as compact text
 * (CompactObservation.render); {@code variables} are names to descriptions, never values, because a prompt
 * is sent to a model and kept in logs. {@code turn} counts from one. {@code mask} is a last line of defence: any
 * real value that still reaches the page text or the trail is replaced by its token before the prompt is built.
 * {@code uncertain} names the step whose effect is uncertain ("s3 (click Delete)"), when the session holds one, so
 * the turn's text can say how to resolve it.
 */
public record PromptInput(
    String goal,
    String observationText,
    List<ExtTurn> trail,
    TurnHints hints,
    Map<String, String> variables,
    // The step types the prompt offers: those the session may write, narrowed to what the turn can use (OfferedSteps).
    Set<String> writable,
    int turn,
    int budget,
    int failures,
    int maxFailures,
    SecretMask mask,
    // Slots accepted steps stored (slot → data read): the model may write them as {{ slot }}.
    Map<String, String> stored,
    String uncertain,
    // What the session allows (download, file_upload, viewport_control): the prompt offers only those.
    Capabilities capabilities) {

  public PromptInput {
    trail = trail == null ? List.of() : List.copyOf(trail);
    hints = hints == null ? TurnHints.NONE : hints;
    variables = variables == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    writable = writable == null || writable.isEmpty() ? StepTypes.MODEL_WRITABLE_DEFAULT : Set.copyOf(writable);
    if (turn <= 0) turn = trail.size() + 1;
    if (maxFailures <= 0) maxFailures = ApplyInput.DEFAULT_MAX_FAILURES;
    mask = mask == null ? SecretMask.none() : mask;
    stored = stored == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stored));
    capabilities = capabilities == null ? Capabilities.ALL : capabilities;
  }

  /**
   * The prompt input for the turn about to be taken with {@code next} (the ApplyInput whose decision is still to
   * come): trail, variables, writable types, budget and failures from it, its values only as a mask.
   */
  public static PromptInput forTurn(String goal, String observationText, ApplyInput next, TurnHints hints) {
    return new PromptInput(goal, observationText, next.trail(), hints, next.variables(), next.writable(),
        next.trail().size() + 1, next.budget(), next.failures(), next.maxFailures(), new SecretMask(next.values()),
        next.stored(), describe(next.uncertain()), next.capabilities());
  }

  /** This input with the step types the prompt offers narrowed to {@code offered} (see {@link OfferedSteps}). */
  PromptInput offering(Set<String> offered) {
    return new PromptInput(goal, observationText, trail, hints, variables, offered, turn, budget, failures, maxFailures,
        mask, stored, uncertain, capabilities);
  }

  private static String describe(dev.waymark.workflow.Step s) {
    if (s == null) return null;
    String label = s.label() == null || s.label().isBlank() ? "" : " \"" + s.label() + "\"";
    return "step " + s.id() + " (" + s.type() + label + ")";
  }

  @Override
  public String toString() {
    return "PromptInput[turn=" + turn + ", trail=" + trail.size() + ", variables=" + variables.keySet() + "]";
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Mutable assembly of a prompt input. */
  public static final class Builder {
    private String goal, observationText;
    private List<ExtTurn> trail;
    private TurnHints hints;
    private Map<String, String> variables;
    private Set<String> writable;
    private int turn, budget, failures, maxFailures;
    private SecretMask mask;
    private Map<String, String> stored;
    private String uncertain;
    private Capabilities capabilities;

    public Builder goal(String v) { goal = v; return this; }
    public Builder observationText(String v) { observationText = v; return this; }
    public Builder trail(List<ExtTurn> v) { trail = v; return this; }
    public Builder hints(TurnHints v) { hints = v; return this; }
    public Builder variables(Map<String, String> v) { variables = v; return this; }
    public Builder writable(Set<String> v) { writable = v; return this; }
    public Builder turn(int v) { turn = v; return this; }
    public Builder budget(int v) { budget = v; return this; }
    public Builder failures(int v) { failures = v; return this; }
    public Builder maxFailures(int v) { maxFailures = v; return this; }
    public Builder mask(SecretMask v) { mask = v; return this; }
    public Builder stored(Map<String, String> v) { stored = v; return this; }
    public Builder capabilities(Capabilities v) { capabilities = v; return this; }

    public Builder uncertain(String v) { uncertain = v; return this; }

    public PromptInput build() {
      return new PromptInput(goal, observationText, trail, hints, variables, writable, turn, budget, failures,
          maxFailures, mask, stored, uncertain, capabilities);
    }
  }
}

package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One turn of a session as the trail records it, accepted or not; a value stays as written, tokens and all. {@code effect}
 * says what the page did with the step's input ("no visible change", "the page took the value and cleared the field");
 * {@code outcome} what else the step made happen (a dialog, a download, a tab), null when nothing did, so a trail
 * written before it existed reads the same; {@code resolved} marks the turn that settled an uncertain step;
 * {@code sentAs} is the id the turn's step was sent to the browser under, unique to that sending (null when it sent
 * none, and in a trail written before it was kept), so what the page reports later of it (a click's late effect) can
 * name the turn.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ExtTurn(
    @JsonProperty("turn") int turn,
    @JsonProperty("reasoning") String reasoning,
    @JsonProperty("type") String type,
    @JsonProperty("label") String label,
    @JsonProperty("ref") String ref,
    @JsonProperty("value") String value,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("done") boolean done,
    @JsonProperty("error") String error,
    @JsonProperty("url") String url,
    @JsonProperty("effect") String effect,
    @JsonProperty("outcome") StepOutcome outcome,
    @JsonProperty("resolved") String resolved,
    @JsonProperty("sent_as") String sentAs) {

  /** {@code resolved}: this turn settled an uncertain step, "happened" or "did_not_happen". */
  public static final String HAPPENED = "happened", DID_NOT_HAPPEN = "did_not_happen";

  public ExtTurn {
    outcome = StepOutcome.orNull(outcome);
  }

  /** A turn that sent nothing to the browser, or does not say under which id. */
  public ExtTurn(int turn, String reasoning, String type, String label, String ref, String value, boolean ok, boolean done,
      String error, String url, String effect, StepOutcome outcome, String resolved) {
    this(turn, reasoning, type, label, ref, value, ok, done, error, url, effect, outcome, resolved, null);
  }

  /**
   * The turn of {@code trail} that sent a step under {@code sentAs}, or null (not sent by a turn of this trail, or a
   * trail written before turns kept it). Step ids alone cannot tell: a step that failed leaves its id to the next one.
   */
  public static Integer turnThatSent(java.util.List<ExtTurn> trail, String sentAs) {
    if (sentAs == null) return null;
    for (int i = trail.size() - 1; i >= 0; i--) {
      ExtTurn t = trail.get(i);
      if (sentAs.equals(t.sentAs())) return t.turn() > 0 ? t.turn() : i + 1;
    }
    return null;
  }

  /** A turn that resolved nothing. */
  public ExtTurn(int turn, String reasoning, String type, String label, String ref, String value, boolean ok, boolean done,
      String error, String url, String effect, StepOutcome outcome) {
    this(turn, reasoning, type, label, ref, value, ok, done, error, url, effect, outcome, null);
  }

  /** A turn without an outcome (nothing happened besides the step). */
  public ExtTurn(int turn, String reasoning, String type, String label, String ref, String value, boolean ok, boolean done,
      String error, String url, String effect) {
    this(turn, reasoning, type, label, ref, value, ok, done, error, url, effect, null);
  }

  /** A turn without an effect note (one that performed nothing, or a person's resolution). */
  public ExtTurn(int turn, String reasoning, String type, String label, String ref, String value, boolean ok, boolean done,
      String error, String url) {
    this(turn, reasoning, type, label, ref, value, ok, done, error, url, null);
  }
}

package dev.waymark.apply;

import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One turn of the spec's apply component, as pure code: decision in, outputs out. Refusals and page errors
 * are ordinary outcomes that come back as {@code error} text, never as exceptions, because a loop that
 * stopped on them would throw away the one thing that lets the model correct itself.
 *
 * <p>The turn has two halves so a person can stand between them: {@link #prepare} checks and resolves the
 * step; the caller may ask for approval; {@link #complete} or {@link #refuse} builds the outputs.
 */
public final class ApplyTurn {
  private ApplyTurn() {}

  /** The result of the first half: a step to perform, or a turn that already ended. */
  public sealed interface Prepared permits Ready, Finished {}

  /** A checked step that may now be approved and performed. */
  public record Ready(PreparedStep step) implements Prepared {}

  /** A turn that ends without performing anything: unreadable, refused, done, blocked or handed off. */
  public record Finished(ApplyOutput output) implements Prepared {}

  /** Both halves at once, for callers with no person between them. */
  public static ApplyOutput apply(ApplyInput in, BrowserPort port) {
    Prepared p = prepare(in);
    if (p instanceof Finished f) return f.output();
    PreparedStep ready = ((Ready) p).step();
    StepResult result = port.perform(ready.step(), ready.values(), timeoutFor(in, ready.step()), Route.of(in));
    return complete(in, ready, result);
  }

  /** The timeout the browser gets: the step's own when it sets one, the turn's otherwise. */
  public static int timeoutFor(ApplyInput in, Step step) {
    return step.timeoutMs() > 0 ? step.timeoutMs() : in.timeoutMs();
  }

  public static Prepared prepare(ApplyInput in) {
    Decision d;
    try {
      d = DecisionParser.parse(in.decision());
    } catch (DecisionException e) {
      return new Finished(failed(in, null, null, null, e.getMessage()));
    }
    if (d.resolve() != null) {
      return new Finished(Resolution.of(in, d));
    }
    if (d.done()) {
      return new Finished(ended(in, d.reasoning(), true, null, null));
    }
    if (d.blocked() != null) {
      return new Finished(ended(in, d.reasoning(), false, d.blocked(), null));
    }
    if (d.handoff() != null) {
      return new Finished(ended(in, d.reasoning(), false, null, d.handoff()));
    }
    try {
      PreparedStep ready = StepWriter.write(d.step(), d.reasoning(), in);
      Step step = ready.step().toBuilder()
          .id(nextId(in.steps()))
          .provenance(new Provenance(in.decidedBy(), d.reasoning()))
          .build();
      return new Ready(ready.withStep(step));
    } catch (DecisionException e) {
      String type = d.step().path("type").asText(null);
      String ref = d.step().path("ref").asText(null);
      String value = d.step().path("value").asText(null);
      // The decision's own label stays on the refused turn: it is what the trail reader recognizes the turn by.
      String label = d.step().path("label").isTextual() ? d.step().get("label").asText() : null;
      return new Finished(failed(in, d.reasoning(), new TurnStep(type, label, ref, value), null, e.getMessage()));
    }
  }

  /** The second half: the browser's report on the prepared step becomes the turn's outputs. */
  public static ApplyOutput complete(ApplyInput in, PreparedStep p, StepResult result) {
    SecretMask mask = new SecretMask(in.values());
    Step step = p.step();
    // What else the step made happen, each dialog attributed to this step, masked like every other text here.
    // A late effect names the turn that sent its click: the model reads its turns, not the workflow's step ids.
    StepOutcome outcome = StepOutcome.orNull(LateEffectTurns.named(result.outcome().raisedBy(step.id()).masked(mask::mask),
        in.trail()));
    TurnStep ts = new TurnStep(step.type(), step.label(), p.ref(), step.value(), result.effect(), outcome, null, result.sentAs());
    String url = result.url() != null ? result.url() : in.observation() == null ? null : in.observation().url();
    boolean handedBack = StepTypes.USER_STEP.equals(step.type()) && in.givenBack() < ApplyInput.MAX_GIVEN_BACK;
    if (result.ok()) {
      List<Step> steps = new ArrayList<>(in.steps());
      steps.add(maskStep(step, mask));
      List<String> notes = new ArrayList<>(in.notes());
      notes.add(mask.mask(p.reasoning()));
      String data = result.data() != null ? mask.mask(result.data()) : null;
      return build(in, mask, steps, notes, maskStep(step, mask), ts, true, false, null, data,
          p.reasoning(), 0, url, false, null, null, handedBack);
    }
    String error = result.error() == null || result.error().isBlank() ? "the page refused the step" : result.error();
    if (result.uncertain()) {
      error = "the effect of this " + step.type() + " is uncertain (" + error + "); it was not repeated. "
          + "Look at the page as it is now and decide whether it happened";
    }
    return build(in, mask, in.steps(), in.notes(), maskStep(step, mask), ts, false, false, error,
        null, p.reasoning(), in.failures() + 1, url, result.uncertain(), null, null, handedBack);
  }

  /** A prepared step that was not performed: the person rejected it or the policy blocked it. */
  public static ApplyOutput refuse(ApplyInput in, PreparedStep p, String reason) {
    SecretMask mask = new SecretMask(in.values());
    Step step = p.step();
    String error = reason == null || reason.isBlank() ? "the step was rejected" : reason;
    return build(in, mask, in.steps(), in.notes(), null, new TurnStep(step.type(), step.label(), p.ref(), step.value()),
        false, false, error, null, p.reasoning(), in.failures() + 1, currentUrl(in), false, null, null, false);
  }

  static ApplyOutput failed(ApplyInput in, String reasoning, TurnStep ts, String data, String error) {
    SecretMask mask = new SecretMask(in.values());
    TurnStep turn = ts == null ? new TurnStep(null, null, null, null) : ts;
    return build(in, mask, in.steps(), in.notes(), null, turn, false, false, error, data, reasoning,
        in.failures() + 1, currentUrl(in), false, null, null, false);
  }

  private static ApplyOutput ended(ApplyInput in, String reasoning, boolean done, String blocked, String handoff) {
    SecretMask mask = new SecretMask(in.values());
    String error = blocked != null ? "blocked: " + blocked : handoff != null ? "handed off: " + handoff : null;
    return build(in, mask, in.steps(), in.notes(), null, new TurnStep(null, null, null, null), false, done, error, null,
        reasoning, in.failures(), currentUrl(in), false, blocked, handoff, false);
  }

  // effect: what the page did with the step's input, as the browser reported it (the trail shows it to the model);
  // outcome: what else it made happen, already masked; resolved: the turn settled an uncertain step.
  // sentAs: the id the step went to the browser under (a performed step's; null for one that was not sent).
  record TurnStep(String type, String label, String ref, String value, String effect, StepOutcome outcome,
      String resolved, String sentAs) {
    TurnStep(String type, String label, String ref, String value) {
      this(type, label, ref, value, null, null, null, null);
    }

    TurnStep(String type, String label, String ref, String value, String effect, StepOutcome outcome, String resolved) {
      this(type, label, ref, value, effect, outcome, resolved, null);
    }
  }

  static ApplyOutput build(ApplyInput in, SecretMask mask, List<Step> steps, List<String> notes, Step step,
      TurnStep ts, boolean ok, boolean done, String error, String data, String reasoning, int failures, String url,
      boolean uncertain, String blocked, String handoff, boolean handedBack) {
    String maskedError = mask.mask(error);
    String maskedReasoning = mask.mask(reasoning == null ? "" : reasoning);
    String decidedUrl = mask.mask(in.observation() == null ? null : in.observation().url());
    url = mask.mask(url);
    List<ExtTurn> trail = new ArrayList<>(in.trail());
    trail.add(new ExtTurn(in.trail().size() + 1, maskedReasoning, ts.type(), mask.mask(ts.label()), mask.mask(ts.ref()),
        mask.mask(ts.value()), ok, done, maskedError, decidedUrl, mask.mask(ts.effect()), ts.outcome(), ts.resolved(),
        ts.sentAs()));
    int givenBack = in.givenBack() + (handedBack ? 1 : 0);
    int budget = Math.max(0, in.budget() - 1 + (handedBack ? 1 : 0));
    boolean cont = !done && budget > 0 && failures < in.maxFailures() && blocked == null && handoff == null;
    PageObservation obs = in.observation();
    String digest = ObservationDigest.of(obs);
    boolean unchanged = LastObservation.unchanged(in.lastObservation(), obs);
    boolean moved = in.lastUrl() != null && decidedUrl != null && !mask.mask(in.lastUrl()).equals(decidedUrl);
    return new ApplyOutput(steps, step, notes, trail, steps.size(), ok, done, maskedError, data, maskedReasoning,
        failures, budget, matchUrl(url), url, cont, mask.mask(blocked), mask.mask(handoff), uncertain, unchanged, moved,
        digest, givenBack, ts.outcome());
  }

  private static String currentUrl(ApplyInput in) {
    return in.observation() == null ? in.lastUrl() : in.observation().url();
  }

  static Step maskStep(Step step, SecretMask mask) {
    if (mask.isEmpty()) return step;
    Provenance p = step.provenance();
    return step.toBuilder()
        .label(mask.mask(step.label()))
        .value(mask.mask(step.value()))
        .provenance(p == null ? null : new Provenance(p.by(), mask.mask(p.reasoning())))
        .build();
  }

  /** Host and path of an address, which is how the next turn finds the session's tab again. */
  public static String matchUrl(String url) {
    if (url == null || url.isBlank()) return null;
    try {
      URI u = URI.create(url.trim());
      if (u.getHost() == null) return url;
      String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
      return u.getHost() + (u.getPort() > 0 ? ":" + u.getPort() : "") + path;
    } catch (IllegalArgumentException e) {
      return url;
    }
  }

  /** The next id that no step of the workflow holds: s1, s2, … */
  public static String nextId(List<Step> steps) {
    Set<String> taken = new HashSet<>();
    int max = 0;
    for (Step s : steps) {
      if (s.id() == null) continue;
      taken.add(s.id());
      if (s.id().matches("s\\d{1,9}")) max = Math.max(max, Integer.parseInt(s.id().substring(1)));
    }
    int n = max + 1;
    while (taken.contains("s" + n)) n++;
    return "s" + n;
  }
}

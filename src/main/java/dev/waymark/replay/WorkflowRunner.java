package dev.waymark.replay;

import dev.waymark.apply.SecretMask;
import dev.waymark.workflow.Condition;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Tokens;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays an exported workflow without a model: each step in order through a {@link ReplayBrowser}, with the real
 * values of exactly the tokens it uses. A step whose condition does not hold is skipped; an optional step's failure
 * is reported and the run goes on; any other failure stops the run; an uncertain step stops it and is never
 * repeated. A browser lost before a step was sent ({@link BrowserLostException}) ends the run as
 * {@link ReplayResult.Outcome#BROWSER_LOST}, which a caller may start again on a new session; one lost after the step
 * was sent makes that step uncertain. {@code store} saves a step's data under a slot that later steps may use as {@code {{ slot }}} and that
 * the result lists. Re-entry ({@link ReEntry}) starts at a resume point (named, or the latest one the browser stands
 * at), rewinding the browser there first when needed; earlier steps run anyway only when they say {@code always}.
 *
 * <p>One runner performs one run on the calling thread, which it blocks; it holds no threads of its own.
 */
public final class WorkflowRunner {
  /** {@code --start-at auto}: start at the latest resume point whose predicate holds. */
  public static final String AUTO = "auto";
  /** The workflow's default step timeout when the run names none. */
  public static final int DEFAULT_TIMEOUT_MS = 15_000;
  /** How long a resume-point predicate check may take: it reads the page as it is, it does not wait for it. */
  static final int PROBE_TIMEOUT_MS = 3_000;

  private static final Logger LOG = LoggerFactory.getLogger(WorkflowRunner.class);

  /**
   * How to run.
   *
   * @param values           real values by variable name; never printed, logged or stored
   * @param startAt          null (the beginning), {@link #AUTO}, or a resume point id
   * @param defaultTimeoutMs the timeout of a step that sets no {@code timeout_ms}
   * @param onStep           called with each step's (masked) result as soon as it is known
   * @param progress         one line of progress at a time (masked), for a person watching
   * @param plain            the names among {@code values} that are not secrets (a rows file's cells, which the
   *                         person prints beside the run): every other value is masked in all the run says
   * @param log              the record of the steps this run sends, and of what an unfinished earlier run did
   */
  public record Options(Map<String, String> values, String startAt, int defaultTimeoutMs,
                        Consumer<ReplayStepResult> onStep, Consumer<String> progress, Set<String> plain, RunLog log) {
    public Options {
      values = values == null ? Map.of() : Map.copyOf(values);
      if (defaultTimeoutMs <= 0) defaultTimeoutMs = DEFAULT_TIMEOUT_MS;
      onStep = onStep == null ? r -> { } : onStep;
      progress = progress == null ? s -> { } : progress;
      plain = plain == null ? Set.of() : Set.copyOf(plain);
      log = log == null ? RunLog.NONE : log;
    }

    public static Options of(Map<String, String> values) {
      return new Options(values, null, DEFAULT_TIMEOUT_MS, null, null, null, null);
    }

    public Options withStartAt(String s) {
      return new Options(values, s, defaultTimeoutMs, onStep, progress, plain, log);
    }

    public Options withTimeout(int ms) {
      return new Options(values, startAt, ms, onStep, progress, plain, log);
    }

    public Options withListeners(Consumer<ReplayStepResult> step, Consumer<String> lines) {
      return new Options(values, startAt, defaultTimeoutMs, step, lines, plain, log);
    }

    /** The same options with the values of {@code names} left unmasked: they are not secrets. */
    public Options withPlain(Set<String> names) {
      return new Options(values, startAt, defaultTimeoutMs, onStep, progress, names, log);
    }

    /** The same options keeping the run's record in {@code l}. */
    public Options withLog(RunLog l) {
      return new Options(values, startAt, defaultTimeoutMs, onStep, progress, plain, l);
    }

    /** The values that are masked: all but the plain ones. */
    Map<String, String> secrets() {
      Map<String, String> s = new LinkedHashMap<>(values);
      s.keySet().removeAll(plain);
      return s;
    }
  }

  /** A variable some step needs that has no value, with the steps that use it. */
  public record MissingValue(String name, List<String> stepIds) {
    @Override
    public String toString() {
      return "{{ " + name + " }} (used by " + String.join(", ", stepIds) + ")";
    }
  }

  private final ReplayBrowser browser;

  public WorkflowRunner(ReplayBrowser browser) {
    this.browser = browser;
  }

  // ---- checks before a run -------------------------------------------------------------------------------

  /**
   * The variables the steps use that have neither a value nor an earlier step storing a slot of that name,
   * in order of first use.
   */
  public static List<MissingValue> missingValues(Workflow workflow, Map<String, String> values) {
    Map<String, List<String>> missing = new LinkedHashMap<>();
    Set<String> storedSoFar = new LinkedHashSet<>();
    List<Step> steps = workflow.steps();
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      for (String name : Tokens.names(s)) {
        if (values.containsKey(name) || storedSoFar.contains(name)) continue;
        missing.computeIfAbsent(name, k -> new ArrayList<>()).add(idOf(s, i));
      }
      if (s.store() != null && !s.store().isBlank()) storedSoFar.add(s.store());
    }
    List<MissingValue> out = new ArrayList<>();
    missing.forEach((k, v) -> out.add(new MissingValue(k, v)));
    return out;
  }

  /** The resume point ids of a workflow, in step order. */
  public static List<String> resumePoints(Workflow workflow) {
    List<String> ids = new ArrayList<>();
    for (Step s : workflow.steps()) if (s.resume() != null && s.resume().id() != null) ids.add(s.resume().id());
    return ids;
  }

  // ---- the run -------------------------------------------------------------------------------------------

  /** Runs the workflow; page failures are outcomes in the result, never exceptions. */
  public ReplayResult run(Workflow workflow, Options options) {
    return new Run(workflow, options).go();
  }

  /** The state of one run. */
  private final class Run implements ReEntry.Moves {
    private final List<Step> steps;
    private final Options o;
    private final SecretMask mask;
    private final Map<String, String> stored = new LinkedHashMap<>();
    private final List<ReplayStepResult> results = new ArrayList<>();
    /** Dialogs a check of a condition met (the page asked while it was read): the next step reports them. */
    private final List<StepOutcome.Dialog> probed = new ArrayList<>();
    private final Set<String> rewindIds = new LinkedHashSet<>();

    Run(Workflow workflow, Options options) {
      this.steps = workflow.steps();
      this.o = options;
      this.mask = new SecretMask(options.secrets());
    }

    ReplayResult go() {
      try {
        ReEntry.Start s = new ReEntry(steps, this).start(o.startAt(), o.log().prior());
        if (s.stop() != null) return end(s.stop(), null, s.error(), s.failedStep());
        int start = s.index();
        String startPoint = s.point();
        for (int i = 0; i < steps.size(); i++) {
          Step step = steps.get(i);
          if (i < start && !step.always()) continue;
          if (i < start) progress("running " + idOf(step, i) + " before the start point: it is marked always");
          ReplayStepResult r = perform(step, i, false);
          if (r.uncertain()) {
            return end(ReplayResult.Outcome.UNCERTAIN, startPoint, "step " + r.stepId() + describeLabel(r)
                + " may or may not have taken effect: " + r.error() + " Check the page by hand; the step is not repeated.", r.stepId());
          }
          if (!r.ok() && !step.optional()) {
            return end(ReplayResult.Outcome.STEP_FAILED, startPoint, "step " + r.stepId() + describeLabel(r) + " failed: "
                + r.error(), r.stepId());
          }
        }
        return end(ReplayResult.Outcome.COMPLETED, startPoint, null, null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return end(ReplayResult.Outcome.STOPPED, null, "the run was interrupted", null);
      } catch (Lost lost) {
        return end(ReplayResult.Outcome.BROWSER_LOST, null, "the browser was lost before step " + lost.stepId
            + " was sent (nothing of that step happened): " + lost.getMessage(), lost.stepId);
      }
    }

    private ReplayResult end(ReplayResult.Outcome outcome, String start, String error, String failedStep) {
      o.log().ended(outcome);
      String why = mask.mask(error);
      return new ReplayResult(outcome == ReplayResult.Outcome.COMPLETED, results, stored, start, why, failedStep, outcome);
    }

    // ---- one step ----

    /** The first token of {@code value} that a step stored rather than the values giving it, or null. */
    private static String slotIn(String value, Map<String, String> values, Map<String, String> stored) {
      for (String name : Tokens.names(value == null ? "" : value)) {
        if (!values.containsKey(name) && stored.containsKey(name)) return name;
      }
      return null;
    }

    private ReplayStepResult perform(Step step, int index, boolean rewind) throws InterruptedException {
      String id = rewind ? step.id() : idOf(step, index);
      Map<String, String> needed = new LinkedHashMap<>();
      List<String> unknown = new ArrayList<>();
      for (String name : Tokens.names(step)) {
        String v = o.values().containsKey(name) ? o.values().get(name) : stored.get(name);
        if (v == null) unknown.add(Tokens.token(name));
        else needed.put(name, v);
      }
      StepResult r;
      String slotUpload = StepTypes.UPLOAD.equals(step.type()) ? slotIn(step.value(), o.values(), stored) : null;
      if (slotUpload != null) {
        // The file is read at the token's value: a slot holds what a page gave, never a path to send from here.
        r = StepResult.failure(id, "an upload takes a file variable, not the slot " + Tokens.token(slotUpload)
            + ": give the file's path as a value of that name", null);
      } else if (!unknown.isEmpty()) {
        // A slot an earlier step should have stored is empty (that step was skipped or read nothing).
        r = StepResult.failure(id, "no value for " + String.join(", ", unknown)
            + ": neither the values nor an earlier step's store hold it", null);
      } else {
        try {
          o.log().sent(id, step.type());
          if (StepTypes.USER_STEP.equals(step.type())) {
            r = gate(step, id);
          } else {
            // The first action on a page whose script reacts to it waits until that page takes input (Readiness).
            Step sent = rewind ? step : Readiness.prepared(steps, index);
            Step withId = sent.id() == null ? sent.withId(id) : sent;
            // A list over many pages prints how far it has got, so a long run is not silent.
            r = StepTypes.EXTRACT_LIST.equals(step.type())
                ? browser.perform(withId, needed, timeoutOf(step), p -> progress(id + ": " + p.describe()))
                : browser.perform(withId, needed, timeoutOf(step));
          }
        } catch (BrowserLostException e) {
          String why = e.getMessage() == null ? "the browser session is gone" : e.getMessage();
          if (!e.sent()) {
            // Listed like any step that did not happen, then the whole run ends: the caller may start it again.
            record(step, index, rewind, id, StepResult.failure(id, "the browser was lost before the step was sent: " + why, null));
            throw new Lost(id, mask.mask(why));
          }
          r = StepResult.uncertain(id, "the browser was lost after the step was sent, so whether it took effect is "
              + "unknown: " + why + ". It is not repeated.");
        }
      }
      return record(step, index, rewind, id, r);
    }

    private ReplayStepResult record(Step step, int index, boolean rewind, String id, StepResult r) {
      StepOutcome outcome = r.outcome().afterDialogs(probed);
      probed.clear();
      ReplayStepResult out = new ReplayStepResult(id, step.type(), mask.mask(step.label()), r.ok(), r.skipped(),
          mask.mask(r.error()), mask.mask(r.data()), mask.mask(r.url()), step.optional() && !r.ok(), r.uncertain(), rewind,
          mask.mask(r.effect()), StepOutcome.orNull(outcome.masked(mask::mask)));
      if (out.ok() && !out.skipped() && step.store() != null && !step.store().isBlank()) {
        stored.put(step.store(), out.data());
      }
      results.add(out);
      o.log().result(out);
      o.onStep().accept(out);
      String shown = out.label() != null && !out.label().isBlank() ? out.label() : mask.mask(step.prompt());
      String what = shown == null || shown.isBlank() ? step.type() : step.type() + " " + shown;
      // "step n of N" for a person watching a long run; a rewind is not one of the N.
      progress((rewind ? "" : "step " + (index + 1) + " of " + steps.size() + ": ") + id + ": " + what + " - " + (out.uncertain() ? "UNCERTAIN: " + out.error()
          : out.skipped() ? "skipped (" + out.data() + ")"
          : out.ok() ? "ok" : (out.optional() ? "failed (optional, going on): " : "failed: ") + out.error()));
      return out;
    }

    private StepResult gate(Step step, String id) throws InterruptedException {
      // The gate itself knows nothing of conditions: check the step's condition first, as the executor would.
      if (step.condition() != null && !emptyCondition(step.condition())) {
        Probe p = probe(step.condition(), id);
        if (!p.holds) return StepResult.skipped(id, p.detail, p.url);
      }
      // The person's pace is not the step timeout: only the step's own bounds apply (0: as long as it takes).
      long limit = dev.waymark.workflow.UserSteps.limitMs(step);
      String also = dev.waymark.workflow.UserSteps.continuesWhen(step.continueOn());
      progress(id + ": waiting for the person: " + mask.mask(dev.waymark.workflow.UserSteps.instruction(step))
          + " (in the Waymark side panel of the browser)" + (also == null ? "" : " " + mask.mask(also))
          + (limit > 0 ? " (at most " + limit + " ms)" : ""));
      return browser.gate(step, limit);
    }

    private int timeoutOf(Step step) {
      return step.timeoutMs() > 0 ? step.timeoutMs() : o.defaultTimeoutMs();
    }

    /** The browser went away before anything of step {@code stepId} was sent: the run ends, nothing is uncertain. */
    private static final class Lost extends RuntimeException {
      final String stepId;

      Lost(String stepId, String why) {
        super(why, null, false, false);
        this.stepId = stepId;
      }
    }

    private record Probe(boolean holds, String detail, String url) {}

    /**
     * Checks a predicate through the executor: a {@code wait} step that only carries the condition, so the page
     * is read as it is (skipped: it does not hold) and nothing on it is touched.
     */
    private Probe probe(Condition when, String what) throws InterruptedException {
      Step check = Step.builder(StepTypes.WAIT).id("probe").label("check " + what).condition(when)
          .waitFor(new WaitConfig(null, null, null, false, 1, 0)).timeoutMs(PROBE_TIMEOUT_MS).build();
      StepResult r;
      try {
        r = browser.perform(check, Map.of(), PROBE_TIMEOUT_MS);
      } catch (BrowserLostException e) {
        // A check reads the page and changes nothing, so even a sent one leaves nothing uncertain behind.
        throw new Lost(what, mask.mask(e.getMessage()));
      }
      // what the page asked while it was read is no check's doing: told with the next step, as answered before it
      probed.addAll(r.outcome().asBeforeStep().dialogs());
      boolean holds = r.ok() && !r.skipped();
      if (!r.ok()) LOG.debug("The check of {} did not answer: {}", what, mask.mask(r.error()));
      return new Probe(holds, mask.mask(r.ok() ? r.data() : r.error()), mask.mask(r.url()));
    }

    // ---- what re-entry does through the run ----

    @Override
    public ReplayStepResult rewind(Step action, int fromIndex) throws InterruptedException {
      return perform(action, fromIndex, true);
    }

    @Override
    public boolean holds(Condition when, String what) throws InterruptedException {
      return probe(when, what).holds;
    }

    @Override
    public void progress(String line) {
      o.progress().accept(mask.mask(line));
    }
  }

  // ---- helpers -------------------------------------------------------------------------------------------

  static String idOf(Step s, int index) {
    return s.id() != null && !s.id().isBlank() ? s.id() : "step-" + (index + 1);
  }

  private static String describeLabel(ReplayStepResult r) {
    return r.label() == null || r.label().isBlank() ? " (" + r.type() + ")" : " (" + r.type() + " \"" + r.label() + "\")";
  }

  static boolean emptyCondition(Condition c) {
    return c.selector() == null && c.text() == null && c.urlIncludes() == null;
  }
}

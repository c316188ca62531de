package dev.waymark.session;

import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.Capabilities;
import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RiskGate;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Selector;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One authoring session: goal, variables, values, steps, notes, trail, budget, failures, the page and the step
 * waiting for the person. All state lives on one named thread; every operation is queued onto it and answers
 * with a future. Listeners receive immutable {@link SessionSnapshot}s through the notifier executor
 * ({@code Platform::runLater} in the studio, direct in tests), always after the change is in the journal.
 *
 * <p>Failures the person must act on complete the future exceptionally with a {@link SessionException} whose
 * message says what happened and what to do; refusals of a decision are ordinary turns in the trail.
 *
 * <p>A facade over {@link SessionExecutor} (threads), {@link SnapshotPublisher}, {@link SessionModel} (state, journal),
 * {@link TurnPipeline} (gate, perform, record), {@link PersonSteps} and {@link ModelDriver} (decision sources).
 */
public final class AuthoringSession implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AuthoringSession.class);
  public static final String THREAD_NAME = "waymark-session";
  public static final String IO_THREAD_NAME = "waymark-session-io";
  public static final String HIGHLIGHT_THREAD_NAME = "waymark-session-highlight";

  /** How the session is wired: browser, risk gate, approval policy, where journals go (null: no journal). */
  public record Config(SessionBrowser browser, RiskGate riskGate, ApprovalPolicy policy, Path journalDir,
      Executor notifier, int timeoutMs) {
    public Config {
      Objects.requireNonNull(browser, "browser");
      Objects.requireNonNull(riskGate, "riskGate");
      if (policy == null) policy = ApprovalPolicy.defaults();
      if (notifier == null) notifier = Runnable::run;
      if (timeoutMs <= 0) timeoutMs = ApplyInput.DEFAULT_TIMEOUT_MS;
    }
  }

  private final Config config;
  private final SessionExecutor executor;
  private final SessionModel model;
  private final TurnPipeline turns;
  private final PersonSteps person;
  private final ModelDriver driver;
  private volatile ApprovalPolicy policy;

  public AuthoringSession(Config config) {
    this.config = config;
    this.policy = config.policy();
    this.executor = new SessionExecutor(THREAD_NAME, IO_THREAD_NAME, HIGHLIGHT_THREAD_NAME);
    this.model = new SessionModel(config.browser(), config.journalDir(), config.timeoutMs(),
        SessionState.fresh(newId(), "workflow", "", SessionState.DEFAULT_BUDGET), config.notifier());
    this.turns = new TurnPipeline(model, config.riskGate(), () -> policy);
    this.person = new PersonSteps(model, turns);
    this.driver = new ModelDriver(new DecisionHost(this, executor, model), executor.decisions());
  }

  private static String newId() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  /** Adds a listener and sends it the current snapshot right away, through the notifier. */
  public void addListener(Consumer<SessionSnapshot> l) {
    model.publisher().add(l);
  }

  public void removeListener(Consumer<SessionSnapshot> l) {
    model.publisher().remove(l);
  }

  /** The last published snapshot; safe from any thread. */
  public SessionSnapshot latest() {
    return model.publisher().latest();
  }

  public ApprovalPolicy policy() {
    return policy;
  }

  /** Replaces the approval policy; it applies from the next step checked. */
  public void setPolicy(ApprovalPolicy p) {
    policy = Objects.requireNonNull(p);
  }

  /**
   * Starts a new, empty session (the previous one's journal is closed as finished, and its control of the browser
   * released). It keeps the capabilities the previous session had, so a setting applies to every session of the
   * studio.
   */
  public CompletableFuture<SessionSnapshot> start(String workflowId, String goal, int budget) {
    return start(workflowId, goal, budget, null);
  }

  /** Starts a new session that allows {@code capabilities} (null: as the previous one); the journal's first line holds them. */
  public CompletableFuture<SessionSnapshot> start(String workflowId, String goal, int budget, Capabilities capabilities) {
    return call(null, () -> {
      model.requireNoPending();
      // The session that did something ends here: the viewport it set and the download settings go back, and the
      // extension forgets its tabs (adopted ones stay open), so the new session starts from the person's browser.
      if (!model.state.trail().isEmpty()) model.browser().release();
      Capabilities caps = capabilities != null ? capabilities : model.state.capabilities();
      model.replaceState(SessionState.fresh(newId(), SessionModel.blankTo(workflowId, "workflow"),
          goal == null ? "" : goal, budget > 0 ? budget : SessionState.DEFAULT_BUDGET).withCapabilities(caps));
      return latest();
    });
  }

  /**
   * Adds sites (scheme://host[:port]) the task may go to without the person's approval, as a task's allowed sites say;
   * the next turn's journal line records them. An address that has no origin is refused with the reason.
   */
  public CompletableFuture<SessionSnapshot> allowSites(java.util.Collection<String> urls) {
    return change(() -> model.allowSites(urls));
  }

  /** What the session allows from the next decision on (download, file_upload, viewport_control); journaled. */
  public CompletableFuture<SessionSnapshot> setCapabilities(Capabilities capabilities) {
    return change(() -> model.setCapabilities(Objects.requireNonNull(capabilities, "capabilities")));
  }

  /** Continues a session read from a session file or replayed from a journal; values must be entered again. */
  public CompletableFuture<SessionSnapshot> load(SessionState loaded) {
    return load(loaded, null);
  }

  /** Continues a session whose last step was waiting for approval when it stopped: it is proposed again, not performed. */
  public CompletableFuture<SessionSnapshot> load(SessionState loaded, AwaitingStep awaiting) {
    return call(null, () -> {
      model.requireNoPending();
      model.values.clear();
      model.replaceState(loaded);
      if (awaiting != null && awaiting.step() != null) {
        String label = awaiting.step().label() == null ? awaiting.step().type() : awaiting.step().label();
        model.notice = "A step was waiting for your approval when the session stopped and was not performed: " + label
            + ". It is in the decision editor: apply it to review and approve it again, or write another decision";
        model.propose(awaiting.asDecision());
      }
      return latest();
    });
  }

  @Override
  public void close() {
    driver.stop();
    executor.shutDown(model::closeJournal);
  }

  /** Ends the session but leaves its journal unfinished, so the studio offers to recover it later. */
  public void closeForRecovery() {
    driver.stop();
    executor.shutDown(model::releaseJournal);
  }

  public CompletableFuture<SessionSnapshot> setGoal(String goal, String workflowId) {
    return change(() -> model.setGoal(goal, workflowId));
  }

  /** Declares (or re-describes) a variable: a name steps may use as {@code {{ name }}}. */
  public CompletableFuture<SessionSnapshot> declareVariable(String name, String description) {
    return change(() -> model.declareVariable(name, description));
  }

  public CompletableFuture<SessionSnapshot> removeVariable(String name) {
    return change(() -> model.removeVariable(name));
  }

  /** Sets a declared variable's real value, in memory only (typed into the page, masked elsewhere); empty clears it. */
  public CompletableFuture<SessionSnapshot> setValue(String name, String value) {
    return change(() -> model.setValue(name, value));
  }

  /** Reads the page now; the next decision is made against it. */
  public CompletableFuture<PageObservation> observe() {
    return call("Reading the page", () -> {
      model.readPage();
      return model.observation;
    });
  }

  /** Outlines an element in the page (null clears), on a thread of its own: neither a step nor a model delays it. */
  public CompletableFuture<Void> highlight(Selector selector) {
    return CompletableFuture.runAsync(() -> {
      try {
        config.browser().highlight(selector);
      } catch (BrowserUnavailableException e) {
        throw new SessionException(e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SessionException("The highlight was cancelled", e);
      } catch (RuntimeException e) {
        LOG.warn("highlight failed", e);
        throw new SessionException("The element could not be highlighted: " + e.getMessage(), e);
      }
    }, executor.highlights());
  }

  /**
   * A picture of the page the session observed last, with its elements' boxes, on the highlight thread (neither a step
   * nor a model delays it); fields holding a variable's value are blurred in the browser before it is taken.
   */
  public CompletableFuture<dev.waymark.observe.PagePicture> picture() {
    PageObservation page = latest().observation();
    return CompletableFuture.supplyAsync(() -> {
      try {
        return config.browser().picture(dev.waymark.observe.PagePicture.Request.of(page));
      } catch (BrowserUnavailableException e) {
        throw new SessionException(e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SessionException("The picture was cancelled", e);
      } catch (RuntimeException e) {
        LOG.warn("picture failed", e);
        throw new SessionException("The page's picture could not be taken: " + e.getMessage(), e);
      }
    }, executor.highlights());
  }

  /** Runs one decision through the turn: check, risk gate, then perform or wait for approval ({@link Provenance}). */
  public CompletableFuture<TurnOutcome> submit(String decision, String decidedBy) {
    return call("Applying the decision", () -> turns.submit(decision, decidedBy));
  }

  /** The error the turn would report for a decision, or null when it would be applied; nothing is recorded. */
  public CompletableFuture<String> check(String decision, String decidedBy) {
    return call(null, () -> turns.check(decision, decidedBy));
  }

  /** Performs the waiting step, given the person's approval of exactly it ({@code Approval.byPerson}). */
  public CompletableFuture<TurnOutcome> approve(Approval approval) {
    return call("Performing the approved step", () -> turns.approve(approval));
  }

  /** Refuses the waiting step; the reason becomes the turn's error, which the next decision reads. */
  public CompletableFuture<TurnOutcome> reject(String reason) {
    return call(null, () -> turns.reject(reason));
  }

  /**
   * Refuses the waiting step from one of the person's channels (studio, terminal, chrome), only when the step with
   * {@code stepId} still waits: an answer that comes after another channel answered is refused.
   */
  public CompletableFuture<TurnOutcome> reject(String stepId, String reason, String channel) {
    return call(null, () -> turns.reject(reason, stepId, channel));
  }

  /**
   * The person's Continue for the userStep waiting now, from {@code channel}. Not queued: the session thread is the
   * one waiting on the person. False when that step no longer waits (answered elsewhere, or stale).
   */
  public boolean continueUserStep(String stepId, String channel) {
    WaitingUserStep w = latest().userStep();
    if (w == null || stepId == null || !stepId.equals(w.stepId())) return false;
    return config.browser().continueUserStep(stepId, channel);
  }

  /**
   * The person's Stop for the long step running now (an extractList), named by its step id: it ends at its next
   * check with the rows read so far, truncated, and is recorded like any step. Not queued: the session thread is the
   * one waiting for it. Completes with false when that step no longer runs (nothing changes).
   */
  public CompletableFuture<Boolean> stopLongStep(String stepId) {
    dev.waymark.workflow.StepProgress running = latest().longStep();
    if (running == null || stepId == null || !stepId.equals(running.stepId())) return CompletableFuture.completedFuture(false);
    return config.browser().cancel(stepId);
  }

  /** Replaces the waiting step by the person's edit, checked and gated again; an unusable edit keeps the original. */
  public CompletableFuture<TurnOutcome> edit(String decision) {
    return call("Checking the edited step", () -> turns.edit(decision));
  }

  /** The person performs a step themselves, instead of the waiting one or without one (see {@link PersonSteps}). */
  public CompletableFuture<TurnOutcome> takeOver(TakeOver action, PersonApprover approver) {
    return call("Performing the person's step", () -> person.takeOver(action, approver));
  }

  /** Records an action the person already did in the page as their step, values as tokens, without repeating it. */
  public CompletableFuture<TurnOutcome> recordPersonAction(PersonAction a) {
    return call(null, () -> person.recordPersonAction(a));
  }

  /** SHA-256 of salt + each value, by name: the extension recognises a typed value as its token without seeing it. */
  public CompletableFuture<Map<String, String>> valueDigests(byte[] salt) {
    byte[] s = salt.clone();
    return call(null, () -> person.valueDigests(s));
  }

  /** Removes the last accepted step from the workflow. The page is not changed back; the trail says so. */
  public CompletableFuture<SessionSnapshot> undoLastStep() {
    return change(model::undoLastStep);
  }

  /**
   * Replaces the effect replay waits for after step {@code stepId} (the person's edit); null or empty drops it, so
   * replay performs the step without waiting for anything.
   */
  public CompletableFuture<SessionSnapshot> setExpect(String stepId, dev.waymark.workflow.Expect expect) {
    return change(() -> model.setExpect(stepId, expect));
  }

  /** The person says whether the last uncertain step took effect; if it did it joins the workflow; the trail says so. */
  public CompletableFuture<SessionSnapshot> resolveUncertain(boolean happened) {
    return change(() -> model.resolveUncertain(happened));
  }

  /** Gives the loop more turns and clears the failure count, after the person looked at what went wrong. */
  public CompletableFuture<SessionSnapshot> keepGoing(int extraTurns) {
    return change(() -> model.keepGoing(extraTurns));
  }

  /** Asks a source for the next decision: submitted with {@code autoApply} (the outcome), else proposed (null). */
  public CompletableFuture<TurnOutcome> decideNext(DecisionSource source, PromptRenderer renderer, boolean autoApply) {
    return driver.decideNext(source, renderer, autoApply);
  }

  /** Decides turn after turn until done, out of turns or failures, a step waits, or {@link #stop}; the last outcome. */
  public CompletableFuture<TurnOutcome> run(DecisionSource source, PromptRenderer renderer) {
    return driver.run(source, renderer);
  }

  /** Ends a running loop after the turn in progress. */
  public void stop() {
    driver.stop();
  }

  /** Puts a decision in front of the person, to look at, edit and apply (a model's proposal). */
  public CompletableFuture<SessionSnapshot> propose(String decision) {
    return change(() -> model.propose(decision));
  }

  public CompletableFuture<Path> save(Path file) {
    return call("Saving the session", () -> {
      SessionFile.save(file, model.state, model.redactor());
      return file;
    });
  }

  public CompletableFuture<String> exportYaml() {
    return call(null, () -> Exporter.yaml(model.state, model.redactor()));
  }

  public CompletableFuture<Path> export(Path file) {
    return call("Exporting the workflow", () -> {
      Exporter.write(file, model.state, model.redactor());
      return file;
    });
  }

  /** The names of variables the steps use that have no value yet: what the person must enter before replaying. */
  public static List<String> missingValues(SessionSnapshot s) {
    return s.missingValues();
  }

  private <T> CompletableFuture<T> call(String activity, Callable<T> work) {
    return executor.call(() -> model.during(activity, work));
  }

  /** A change of the session whose answer is the snapshot after it. */
  private CompletableFuture<SessionSnapshot> change(Runnable work) {
    return call(null, () -> {
      work.run();
      return latest();
    });
  }
}

package dev.waymark.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.ApplyTurn;
import dev.waymark.apply.SecretMask;
import dev.waymark.apply.ObservationMask;
import dev.waymark.apply.PreparedStep;
import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.DecisionSourceException;
import dev.waymark.decide.Prompt;
import dev.waymark.decide.Reply;
import dev.waymark.observe.PageObservation;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskAssessment;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.RiskCheck;
import dev.waymark.risk.RiskGate;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
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
 */
public final class AuthoringSession implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AuthoringSession.class);
  public static final String THREAD_NAME = "waymark-session";
  public static final String IO_THREAD_NAME = "waymark-session-io";
  static final String TAKE_OVER_REASONING = "the person performed this step themselves";
  static final String RECORDED_REASONING = "the person did this in the page while the studio recorded";

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

  private final ExecutorService thread;
  private final ExecutorService io;
  private final Config config;
  private final List<Consumer<SessionSnapshot>> listeners = new CopyOnWriteArrayList<>();
  private volatile ApprovalPolicy policy;
  private volatile SessionSnapshot latest;
  private volatile boolean stopRequested;

  // Session-thread state.
  private SessionState state;
  private final Map<String, String> values = new LinkedHashMap<>();
  private PageObservation observation;
  private long observationSerial;
  private Pending pending;
  private String activity;
  private String notice;
  private ApplyOutput lastOutput;
  private String proposed;
  private long proposalSerial;
  private SessionJournal journal;
  private Step uncertain;
  private String uncertainNote;
  private PageObservation uncertainPage;
  private String streaming;
  /** The cost of the model decision not yet journaled, and of the last one, for the window. */
  private TurnUsage nextUsage;
  private TurnUsage lastUsage;
  private volatile long lastStreamFlush;

  private record Pending(ApplyInput in, PreparedStep ready, PendingApproval view, PageObservation page, RiskCheck check) {}

  public AuthoringSession(Config config) {
    this.config = config;
    this.policy = config.policy();
    this.thread = Executors.newSingleThreadExecutor(r -> named(r, THREAD_NAME));
    this.io = Executors.newSingleThreadExecutor(r -> named(r, IO_THREAD_NAME));
    this.state = SessionState.fresh(newId(), "workflow", "", SessionState.DEFAULT_BUDGET);
    this.latest = snapshotNow();
  }

  private static Thread named(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  private static String newId() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  // ---- listening ----------------------------------------------------------------------------------------

  /** Adds a listener and sends it the current snapshot right away, through the notifier. */
  public void addListener(Consumer<SessionSnapshot> l) {
    listeners.add(l);
    SessionSnapshot s = latest;
    config.notifier().execute(() -> l.accept(s));
  }

  public void removeListener(Consumer<SessionSnapshot> l) {
    listeners.remove(l);
  }

  /** The last published snapshot; safe from any thread. */
  public SessionSnapshot latest() {
    return latest;
  }

  public ApprovalPolicy policy() {
    return policy;
  }

  /** Replaces the approval policy; it applies from the next step checked. */
  public void setPolicy(ApprovalPolicy p) {
    policy = Objects.requireNonNull(p);
  }

  // ---- lifecycle ----------------------------------------------------------------------------------------

  /** Starts a new, empty session (the previous one's journal is closed as finished). */
  public CompletableFuture<SessionSnapshot> start(String workflowId, String goal, int budget) {
    return call(null, () -> {
      requireNoPending();
      replaceState(SessionState.fresh(newId(), blankTo(workflowId, "workflow"), goal == null ? "" : goal,
          budget > 0 ? budget : SessionState.DEFAULT_BUDGET));
      return latest;
    });
  }

  /** Continues a session read from a session file or replayed from a journal; values must be entered again. */
  public CompletableFuture<SessionSnapshot> load(SessionState loaded) {
    return load(loaded, null);
  }

  /**
   * Continues a session replayed from a journal whose last step was waiting for approval when it stopped. That
   * step was never performed; it becomes the proposed decision, with its resolved selector, for the person to
   * apply and approve again (or drop), and a notice says so.
   */
  public CompletableFuture<SessionSnapshot> load(SessionState loaded, AwaitingStep awaiting) {
    return call(null, () -> {
      requireNoPending();
      values.clear();
      replaceState(loaded);
      if (awaiting != null && awaiting.step() != null) {
        proposed = awaiting.asDecision();
        proposalSerial++;
        String label = awaiting.step().label() == null ? awaiting.step().type() : awaiting.step().label();
        notice = "A step was waiting for your approval when the session stopped and was not performed: " + label
            + ". It is in the decision editor: apply it to review and approve it again, or write another decision";
        publish();
      }
      return latest;
    });
  }

  private void replaceState(SessionState s) throws IOException {
    closeJournal();
    values.keySet().retainAll(s.variables().keySet());
    state = s;
    pending = null;
    lastOutput = null;
    notice = null;
    if (config.journalDir() != null) {
      journal = SessionJournal.create(config.journalDir(), s.sessionId());
      journal.append(JournalEntry.state(s), redactor());
    }
    publish();
  }

  private void closeJournal() {
    if (journal == null) return;
    try {
      journal.closeClean(redactor());
    } catch (IOException e) {
      LOG.warn("cannot close the journal {}", journal.file(), e);
    }
    journal = null;
  }

  @Override
  public void close() {
    shutDown(this::closeJournal);
  }

  /**
   * Ends the session but leaves its journal unfinished, so the studio offers to recover it: for a run that
   * stopped short of its goal (budget spent, blocked, a source that failed) and should be picked up again.
   */
  public void closeForRecovery() {
    shutDown(this::releaseJournal);
  }

  private void releaseJournal() {
    if (journal == null) return;
    try {
      journal.close();
    } catch (IOException e) {
      LOG.warn("cannot close the journal {}", journal.file(), e);
    }
    journal = null;
  }

  private void shutDown(Runnable journalEnd) {
    stopRequested = true;
    if (thread.isShutdown()) return;
    try {
      thread.submit(journalEnd).get(5, TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warn("the session thread did not close the journal in time", e);
    }
    thread.shutdownNow();
    io.shutdownNow();
    try {
      thread.awaitTermination(2, TimeUnit.SECONDS);
      io.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- goal and variables -------------------------------------------------------------------------------

  public CompletableFuture<SessionSnapshot> setGoal(String goal, String workflowId) {
    return call(null, () -> {
      String id = blankTo(workflowId, state.workflowId());
      String g = goal == null ? "" : goal;
      if (g.equals(state.goal()) && id.equals(state.workflowId())) return latest;
      record(JournalEntry.goal(g, id));
      return latest;
    });
  }

  /** Declares (or re-describes) a variable: a name steps may use as {@code {{ name }}}. */
  public CompletableFuture<SessionSnapshot> declareVariable(String name, String description) {
    return call(null, () -> {
      String n = name == null ? "" : name.trim();
      if (!n.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
        throw new SessionException("\"" + n + "\" cannot be a variable name; use letters, digits and _ . -, starting with a letter or _");
      }
      Map<String, String> vars = new LinkedHashMap<>(state.variables());
      vars.put(n, description == null ? "" : description);
      record(JournalEntry.variables(vars));
      return latest;
    });
  }

  public CompletableFuture<SessionSnapshot> removeVariable(String name) {
    return call(null, () -> {
      Map<String, String> vars = new LinkedHashMap<>(state.variables());
      if (vars.remove(name) == null) return latest;
      values.remove(name);
      record(JournalEntry.variables(vars));
      return latest;
    });
  }

  /**
   * Sets the real value of a declared variable, in memory only: it is typed into the page when a step uses the
   * token, and masked everywhere else. A null or empty value clears it.
   */
  public CompletableFuture<SessionSnapshot> setValue(String name, String value) {
    return call(null, () -> {
      if (!state.variables().containsKey(name)) {
        throw new SessionException("\"" + name + "\" is not a declared variable; declare it first");
      }
      if (value == null || value.isEmpty()) values.remove(name);
      else values.put(name, value);
      publish();
      return latest;
    });
  }

  // ---- the page -----------------------------------------------------------------------------------------

  /** Reads the page now; the next decision is made against it. */
  public CompletableFuture<PageObservation> observe() {
    return call("Reading the page", () -> {
      readPage();
      return observation;
    });
  }

  /** Outlines an element in the page (null clears); runs beside the session thread, so a long step does not delay it. */
  public CompletableFuture<Void> highlight(Selector selector) {
    CompletableFuture<Void> f = new CompletableFuture<>();
    io.execute(() -> {
      try {
        config.browser().highlight(selector);
        f.complete(null);
      } catch (BrowserUnavailableException e) {
        f.completeExceptionally(new SessionException(e.getMessage(), e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        f.completeExceptionally(e);
      } catch (RuntimeException e) {
        LOG.warn("highlight failed", e);
        f.completeExceptionally(new SessionException("The element could not be highlighted: " + e.getMessage(), e));
      }
    });
    return f;
  }

  private void readPage() throws InterruptedException {
    try {
      // The page may echo a value the session typed; nothing past this line ever sees it.
      observation = ObservationMask.mask(config.browser().observe(), new SecretMask(values));
      observationSerial++;
      if (state.taskOrigins().isEmpty() && origin(observation.url()) != null) {
        // The first page the session works on defines where it may go without asking.
        Set<String> origins = new LinkedHashSet<>(state.taskOrigins());
        origins.add(origin(observation.url()));
        state = withOrigins(state, origins);
      }
    } catch (BrowserUnavailableException e) {
      throw new SessionException(e.getMessage(), e);
    }
  }

  // ---- turns --------------------------------------------------------------------------------------------

  /**
   * Runs one decision (a model's reply or a person's text) through the turn: parse and check, the risk gate,
   * then perform, or hold for approval when a category asks. {@code decidedBy} is {@link Provenance#MODEL} or
   * {@link Provenance#PERSON}.
   */
  public CompletableFuture<TurnOutcome> submit(String decision, String decidedBy) {
    return call("Applying the decision", () -> {
      requireNoPending();
      ensureObservation();
      ApplyInput in = input(decision, decidedBy);
      ApplyTurn.Prepared p = ApplyTurn.prepare(in);
      if (p instanceof ApplyTurn.Finished f) return recordTurn(in, f.output(), null);
      return gate(in, ((ApplyTurn.Ready) p).step(), false);
    });
  }

  /**
   * Checks a decision against the current page and the may-write rules without recording or performing
   * anything: answers the error the turn would report, or null when the decision would be applied.
   */
  public CompletableFuture<String> check(String decision, String decidedBy) {
    return call(null, () -> {
      ApplyInput in = pending != null && Provenance.PERSON.equals(decidedBy)
          ? pending.in().toBuilder().decision(decision).decidedBy(decidedBy).build()
          : input(decision, decidedBy);
      ApplyTurn.Prepared p = ApplyTurn.prepare(in);
      if (p instanceof ApplyTurn.Finished f && !f.output().done() && f.output().blocked() == null
          && f.output().handoff() == null) {
        return f.output().error();
      }
      return null;
    });
  }

  /**
   * Performs the step waiting for approval. {@code approval} must be the person's approval of exactly that step
   * ({@code Approval.byPerson(snapshot.pending().step(), channel)}, made by the window or the command line).
   */
  public CompletableFuture<TurnOutcome> approve(Approval approval) {
    return call("Performing the approved step", () -> {
      Pending p = requirePending();
      if (!ApprovalPolicy.mayPerform(p.check(), p.ready().step(), approval)) {
        throw new SessionException(p.check().policy() == Policy.BLOCK ? "The approval policy refuses this step"
            : "That approval is not of the step waiting now (it was edited or replaced); look at it again and approve it");
      }
      pending = null;
      return perform(p.in(), p.ready(), p.page());
    });
  }

  /** Refuses the waiting step; the reason becomes the turn's error, which the next decision reads. */
  public CompletableFuture<TurnOutcome> reject(String reason) {
    return call(null, () -> {
      Pending p = requirePending();
      pending = null;
      String why = reason == null || reason.isBlank() ? "the person rejected the step" : reason.strip();
      return recordTurn(p.in(), ApplyTurn.refuse(p.in(), p.ready(), why), null);
    });
  }

  /**
   * Replaces the waiting step by the person's edited decision. The edit is checked like any decision and goes
   * through the risk gate again, so an edited step that is still risky waits for approval once more; an edit
   * that cannot be used is reported to the person and the original step keeps waiting.
   */
  public CompletableFuture<TurnOutcome> edit(String decision) {
    return call("Checking the edited step", () -> {
      Pending p = requirePending();
      ApplyInput in = p.in().toBuilder().decision(decision).decidedBy(Provenance.PERSON).build();
      ApplyTurn.Prepared prepared = ApplyTurn.prepare(in);
      if (prepared instanceof ApplyTurn.Finished f) {
        if (f.output().error() != null && !f.output().done() && f.output().blocked() == null && f.output().handoff() == null) {
          throw new SessionException("The edited decision cannot be used: " + f.output().error());
        }
        pending = null;
        return recordTurn(in, f.output(), null);
      }
      pending = null;
      return gate(in, ((ApplyTurn.Ready) prepared).step(), true);
    });
  }

  /**
   * The person performs an action themselves. A step waiting for approval is refused first (its error says
   * the person took over); the person's step is checked, performed without the approval gate (the person is
   * the one deciding) but still refused when the policy blocks its category, and recorded as decided by the
   * person. With no step waiting, this is how a person authors a step directly.
   */
  public CompletableFuture<TurnOutcome> takeOver(TakeOver action, PersonApprover approver) {
    return call("Performing the person's step", () -> {
      ensureObservation();
      String decision = takeOverDecision(action);
      ApplyInput probe = input(decision, Provenance.PERSON);
      ApplyTurn.Prepared trial = ApplyTurn.prepare(probe);
      if (trial instanceof ApplyTurn.Finished f) {
        throw new SessionException("That action cannot be performed: " + f.output().error());
      }
      if (pending != null) {
        Pending p = pending;
        pending = null;
        String label = ((ApplyTurn.Ready) trial).step().step().label();
        recordTurn(p.in(), ApplyTurn.refuse(p.in(), p.ready(), "the person took over and did this instead: " + label), null);
      }
      ApplyInput in = input(decision, Provenance.PERSON);
      ApplyTurn.Prepared p = ApplyTurn.prepare(in);
      if (p instanceof ApplyTurn.Finished f) return recordTurn(in, f.output(), null);
      PreparedStep ready = ((ApplyTurn.Ready) p).step();
      RiskCheck check = policy.check(config.riskGate(), ready.step(), ready.node(), observation, state.taskOrigins());
      if (check.policy() == Policy.BLOCK) {
        return recordTurn(in, ApplyTurn.refuse(in, ready, blockedReason(check.assessment())), null);
      }
      if (check.policy() == Policy.ASK) {
        // The person chose this step; their approval of exactly it comes from the window or the command line.
        Approval approval = approver == null ? null : approver.approve(ready.step());
        if (!ApprovalPolicy.mayPerform(check, ready.step(), approval)) {
          return recordTurn(in, ApplyTurn.refuse(in, ready, "the person did not approve their own step"), null);
        }
      }
      return perform(in, ready, observation);
    });
  }

  /**
   * Records an action the person already performed in the page (take-over recording) as their step, without
   * performing it again. A value that is a declared variable's real value is written as its token; a password
   * the extension hid cannot become a step, so the person is told to fill it with a token instead.
   */
  public CompletableFuture<TurnOutcome> recordPersonAction(PersonAction a) {
    return call(null, () -> {
      if (a == null || a.action() == null) throw new SessionException("The recorded action is empty");
      if (pending != null) {
        throw new SessionException("You acted in the page while a step waits for approval; approve, reject or "
            + "take over that step first, then your action can be recorded");
      }
      if (PersonAction.HIDDEN_PASSWORD.equals(a.value())) {
        throw new SessionException("You typed a password in the page; it is never sent to the studio. Declare a variable "
            + "for it, enter its value under Variables, then fill the field with {{ name }} from the page tree");
      }
      String value = new dev.waymark.apply.SecretMask(values).mask(a.value());
      TakeOver t = switch (a.action()) {
        case "navigate" -> TakeOver.navigate(a.url());
        case "press" -> new TakeOver("press", null, a.selector(), a.key() != null ? a.key() : value, null, null);
        default -> new TakeOver(a.action(), null, a.selector(), value, null, null);
      };
      ApplyInput in = input(takeOverDecision(t, RECORDED_REASONING), Provenance.PERSON);
      ApplyTurn.Prepared p = ApplyTurn.prepare(in);
      if (p instanceof ApplyTurn.Finished f) {
        throw new SessionException("Your " + a.action() + " in the page could not be recorded: " + f.output().error());
      }
      PreparedStep ready = ((ApplyTurn.Ready) p).step();
      // It already happened in the page: the turn is complete with the page's own answer, nothing is sent.
      StepResult done = StepResult.success(ready.step().id(), null, a.url(), null);
      TurnOutcome o = recordTurn(in, ApplyTurn.complete(in, ready, done), null, observation);
      return o;
    });
  }

  /**
   * For take-over recording: the hex SHA-256 of {@code salt} followed by each entered value's UTF-8, by variable
   * name. The extension hashes what the person types the same way, so a typed value is recognised as its token
   * without the value itself being sent.
   */
  public CompletableFuture<Map<String, String>> valueDigests(byte[] salt) {
    byte[] s = salt.clone();
    return call(null, () -> {
      Map<String, String> out = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : values.entrySet()) {
        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
        md.update(s);
        md.update(e.getValue().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.put(e.getKey(), java.util.HexFormat.of().formatHex(md.digest()));
      }
      return out;
    });
  }

  static String takeOverDecision(TakeOver a) {
    return takeOverDecision(a, TAKE_OVER_REASONING);
  }

  static String takeOverDecision(TakeOver a, String reasoning) {
    if (a == null || a.type() == null || a.type().isBlank()) throw new SessionException("Choose an action to perform");
    ObjectNode step = Json.mapper().createObjectNode();
    step.put("type", a.type());
    if (a.ref() != null && !a.ref().isBlank()) step.put("ref", a.ref());
    else if (a.selector() != null) step.set("selector", Json.mapper().valueToTree(a.selector()));
    if (a.value() != null) step.put("value", a.value());
    if (a.url() != null) step.put("url", a.url());
    if (a.label() != null && !a.label().isBlank()) step.put("label", a.label());
    ObjectNode d = Json.mapper().createObjectNode();
    d.put("reasoning", reasoning);
    d.set("step", step);
    return Json.write(d);
  }

  /** Removes the last accepted step from the workflow. The page is not changed back; the trail says so. */
  public CompletableFuture<SessionSnapshot> undoLastStep() {
    return call(null, () -> {
      requireNoPending();
      if (state.steps().isEmpty()) throw new SessionException("There is no step to undo");
      Step last = state.steps().get(state.steps().size() - 1);
      ExtTurn turn = new ExtTurn(state.trail().size() + 1, "", null, last.label(), null, null, false, false,
          "the person removed step " + last.id() + " (" + last.label() + ") from the workflow; the page itself was not "
              + "changed back, so look at it as it is now", observation == null ? state.lastUrl() : observation.url());
      record(JournalEntry.undo(last.id(), turn));
      return latest;
    });
  }

  /**
   * The person looked at the page and says whether the last uncertain step took effect. If it did, it joins the
   * workflow as it was decided; either way the trail records the answer, so the next decision reads it.
   */
  public CompletableFuture<SessionSnapshot> resolveUncertain(boolean happened) {
    return call(null, () -> {
      if (uncertain == null) throw new SessionException("No step is waiting to be resolved");
      Step s = uncertain;
      String url = observation == null ? state.lastUrl() : observation.url();
      JournalEntry.B b = new JournalEntry.B(JournalEntry.TURN);
      if (happened) {
        b.step = s;
        b.note = uncertainNote == null ? "" : uncertainNote;
        b.turn = new ExtTurn(state.trail().size() + 1, "the person checked the page: step " + s.id() + " took effect",
            s.type(), s.label(), null, s.value(), true, false, null, url);
        b.failures = 0;
        b.continueLoop = state.budget() > 0 && !state.done();
      } else {
        b.turn = new ExtTurn(state.trail().size() + 1, "the person checked the page: step " + s.id() + " did not take effect",
            s.type(), s.label(), null, s.value(), false, false, "step " + s.id() + " (" + s.label()
                + ") did not take effect; it may be decided again", url);
      }
      if (happened) b.observation = uncertainPage;
      uncertain = null;
      uncertainNote = null;
      uncertainPage = null;
      record(b.build());
      return latest;
    });
  }

  /** Gives the loop more turns and clears the failure count, after the person looked at what went wrong. */
  public CompletableFuture<SessionSnapshot> keepGoing(int extraTurns) {
    return call(null, () -> {
      int budget = state.budget() + Math.max(0, extraTurns);
      record(JournalEntry.budget(budget, budget > 0, 0, false));
      return latest;
    });
  }

  // ---- decision sources ---------------------------------------------------------------------------------

  /**
   * Asks a decision source for the next decision, off the session thread. With {@code autoApply} the reply is
   * submitted as the model's decision; without, it becomes the proposed decision the person edits and applies.
   * Answers the outcome, or null when the reply was only proposed.
   */
  public CompletableFuture<TurnOutcome> decideNext(DecisionSource source, PromptRenderer renderer, boolean autoApply) {
    stopRequested = false;
    return call("Preparing the prompt", () -> {
      requireNoPending();
      ensureObservation();
      return new PromptArgs(state.goal(), observation, input("", Provenance.MODEL), lastOutput);
    }).thenComposeAsync(args -> {
      CompletableFuture<Reply> reply = new CompletableFuture<>();
      setActivityAsync("Waiting for " + source.name());
      try {
        Prompt prompt = renderer.renderTurn(args.goal(), args.page(), args.next(), args.last()).prompt();
        long t0 = System.nanoTime();
        Reply r = source.decide(prompt, this::streamed);
        TurnUsage usage = new TurnUsage(source.name(), prompt.chars(), prompt.estimatedTokens(), r.promptTokens(),
            r.completionTokens(), (System.nanoTime() - t0) / 1_000_000);
        LOG.info("turn decided by {}: {}", source.name(), usage.describe());
        call(null, () -> {
          nextUsage = usage;
          lastUsage = usage;
          return null;
        });
        reply.complete(r);
      } catch (DecisionSourceException e) {
        reply.completeExceptionally(new SessionException(source.name() + " could not decide: " + e.getMessage(), e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        reply.completeExceptionally(new SessionException("The decision was cancelled", e));
      } catch (RuntimeException e) {
        LOG.warn("decision source {} failed", source.name(), e);
        reply.completeExceptionally(new SessionException(source.name() + " failed: " + e.getMessage(), e));
      }
      return reply;
    }, io).handle((reply, err) -> {
      streamedDone();
      // On the session thread, so whoever sees the failure also sees the activity cleared.
      return call(null, () -> {
        setActivity(null);
        if (err != null) {
          Throwable cause = err instanceof java.util.concurrent.CompletionException && err.getCause() != null ? err.getCause() : err;
          throw cause instanceof SessionException se ? se : new SessionException(cause.getMessage(), cause);
        }
        return reply;
      });
    }).thenCompose(settled -> settled).thenCompose(reply -> {
      if (autoApply) return submit(reply.content(), Provenance.MODEL);
      return call(null, () -> {
        proposed = reply.content();
        proposalSerial++;
        publish();
        return (TurnOutcome) null;
      });
    });
  }

  private record PromptArgs(String goal, PageObservation page, ApplyInput next, ApplyOutput last) {}

  /**
   * Lets a source decide turn after turn until the goal is reached, the budget or failures end the loop, a
   * step waits for the person, or {@link #stop} is called. Answers the last outcome.
   */
  public CompletableFuture<TurnOutcome> run(DecisionSource source, PromptRenderer renderer) {
    stopRequested = false;
    return loop(source, renderer, null);
  }

  private CompletableFuture<TurnOutcome> loop(DecisionSource source, PromptRenderer renderer, TurnOutcome last) {
    SessionSnapshot s = latest;
    if (stopRequested || !s.continueLoop() || s.pending() != null
        || (last != null && last.kind() == TurnOutcome.Kind.AWAITING_APPROVAL)) {
      return CompletableFuture.completedFuture(last);
    }
    return decideNext(source, renderer, true).thenCompose(o -> loop(source, renderer, o));
  }

  /** Ends a running loop after the turn in progress. */
  public void stop() {
    stopRequested = true;
  }

  // ---- files --------------------------------------------------------------------------------------------

  public CompletableFuture<Path> save(Path file) {
    return call("Saving the session", () -> {
      SessionFile.save(file, state, redactor());
      return file;
    });
  }

  public CompletableFuture<String> exportYaml() {
    return call(null, () -> Exporter.yaml(state, redactor()));
  }

  public CompletableFuture<Path> export(Path file) {
    return call("Exporting the workflow", () -> {
      Exporter.write(file, state, redactor());
      return file;
    });
  }

  // ---- the turn, inside the session thread --------------------------------------------------------------

  private ApplyInput input(String decision, String decidedBy) {
    return ApplyInput.builder()
        .decision(decision)
        .observation(observation)
        .steps(state.steps())
        .lastObservation(state.lastObservation())
        .lastUrl(state.lastUrl())
        .trail(state.trail())
        .notes(state.notes())
        .variables(state.variables())
        .values(values)
        .workflowId(state.workflowId())
        .budget(state.budget())
        .failures(state.failures())
        .maxFailures(state.maxFailures())
        .timeoutMs(config.timeoutMs())
        .givenBack(state.givenBack())
        .decidedBy(decidedBy == null ? Provenance.MODEL : decidedBy)
        .build();
  }

  private TurnOutcome gate(ApplyInput in, PreparedStep ready, boolean edited) throws Exception {
    RiskCheck check = policy.check(config.riskGate(), ready.step(), ready.node(), observation, state.taskOrigins());
    RiskAssessment risk = check.assessment();
    if (check.policy() == Policy.BLOCK) return recordTurn(in, ApplyTurn.refuse(in, ready, blockedReason(risk)), null);
    if (check.policy() == Policy.ASK) {
      Step s = ready.step();
      PendingApproval view = new PendingApproval(s, ready.ref(), ready.node(), in.decidedBy(), ready.reasoning(),
          s.value(), observation == null ? null : observation.url(), risk.categories(), risk.reasons(), edited);
      pending = new Pending(in, ready, view, observation, check);
      // On disk before the person sees it: a crash while it waits leaves it for recovery, not lost.
      record(JournalEntry.awaiting(s, ready.reasoning()));
      return TurnOutcome.awaiting(view);
    }
    return perform(in, ready, observation);
  }

  private static String blockedReason(RiskAssessment risk) {
    String cats = risk.categories().stream().map(RiskCategory::description).sorted().collect(Collectors.joining(", "));
    return "the approval policy blocks " + cats + " steps" + (risk.reasons().isEmpty() ? "" : " (" + String.join("; ", risk.reasons()) + ")")
        + "; choose another way to reach the goal or ask the person";
  }

  private TurnOutcome perform(ApplyInput in, PreparedStep ready, PageObservation page) throws Exception {
    Step step = ready.step();
    setActivity("Performing: " + step.label());
    StepResult result;
    try {
      result = config.browser().perform(step.id(), step, ready.values(), ApplyTurn.timeoutFor(in, step));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      result = StepResult.uncertain(step.id(), "the session was interrupted while the browser worked");
    } catch (RuntimeException e) {
      // The step may have reached the page before the failure: never treat it as not done.
      LOG.warn("perform {} failed", step.id(), e);
      result = StepResult.uncertain(step.id(), "the browser connection failed: " + e.getMessage());
    }
    ApplyOutput out = ApplyTurn.complete(in, ready, result);
    Set<String> origins = null;
    Step maybe = out.uncertain() ? out.step() : null;
    if (out.ok() && StepTypes.NAVIGATE.equals(step.type()) && origin(step.url()) != null) {
      // A navigation that was allowed (by policy or by the person) widens where the task may go.
      origins = Set.of(origin(step.url()));
    }
    TurnOutcome o = recordTurn(in, out, origins, page);
    if (maybe != null) {
      uncertain = maybe;
      uncertainNote = out.reasoning();
      uncertainPage = page;
      publish();
    }
    if (!Thread.currentThread().isInterrupted()) {
      try {
        setActivity("Reading the page");
        readPage();
        publish();
      } catch (SessionException e) {
        notice = "The step was recorded, but the page could not be read afterwards: " + e.getMessage();
        publish();
      }
    }
    return o;
  }

  private TurnOutcome recordTurn(ApplyInput in, ApplyOutput out, Set<String> origins) throws IOException {
    return recordTurn(in, out, origins, observation);
  }

  private TurnOutcome recordTurn(ApplyInput in, ApplyOutput out, Set<String> origins, PageObservation page)
      throws IOException {
    JournalEntry.B b = new JournalEntry.B(JournalEntry.TURN);
    b.turn = out.lastTurn();
    if (out.ok() && out.step() != null) {
      b.step = out.step();
      b.note = out.notes().isEmpty() ? "" : out.notes().get(out.notes().size() - 1);
      b.observation = page;
    }
    b.budget = out.budget();
    b.failures = out.failures();
    b.givenBack = out.givenBack();
    b.lastObservation = out.lastObservation();
    b.lastUrl = in.observation() == null ? null : in.observation().url();
    b.done = out.done();
    b.continueLoop = out.continueLoop();
    Set<String> all = new LinkedHashSet<>(state.taskOrigins());
    if (origins != null) all.addAll(origins);
    b.taskOrigins = all;
    // The model decision waiting to be journaled belongs to this turn, whoever applied it in the end.
    b.usage = nextUsage;
    nextUsage = null;
    lastOutput = out;
    // A new turn is the decider's answer to an uncertain step: it no longer waits on the person.
    uncertain = null;
    record(b.build());
    return TurnOutcome.recorded(out);
  }

  /** Journals a change, applies it, then publishes: nobody sees a change that is not on disk. */
  private void record(JournalEntry e) throws IOException {
    SessionState next = e.applyTo(state);
    if (journal != null) {
      try {
        journal.append(e, redactor());
      } catch (IOException ex) {
        LOG.error("cannot write the journal {}", journal.file(), ex);
        notice = "The session journal could not be written (" + ex.getMessage()
            + "); save the session with File > Save so a crash cannot lose it";
      }
    }
    state = next;
    publish();
  }

  private void ensureObservation() throws InterruptedException {
    if (observation != null) return;
    try {
      readPage();
    } catch (SessionException e) {
      // Deciding without a page still works for navigate; the refusal of a ref says what is missing.
      LOG.debug("no observation before the turn: {}", e.getMessage());
    }
  }

  private Pending requirePending() {
    if (pending == null) throw new SessionException("No step is waiting for approval");
    return pending;
  }

  private void requireNoPending() {
    if (pending != null) {
      throw new SessionException("A step is waiting for approval: approve, reject, edit or take over it first");
    }
  }

  private Redactor redactor() {
    return new Redactor(values);
  }

  private static SessionState withOrigins(SessionState s, Set<String> origins) {
    return new SessionState(s.format(), s.sessionId(), s.workflowId(), s.goal(), s.variables(), s.steps(), s.notes(),
        s.trail(), s.budget(), s.failures(), s.maxFailures(), s.givenBack(), s.lastObservation(), s.lastUrl(), s.done(),
        s.continueLoop(), s.observations(), origins);
  }

  /** scheme://host[:port] of an address, or null when it has none (relative, back, reload). */
  static String origin(String url) {
    if (url == null) return null;
    try {
      URI u = URI.create(url.trim());
      if (u.getScheme() == null || u.getHost() == null) return null;
      return u.getScheme().toLowerCase() + "://" + u.getHost().toLowerCase() + (u.getPort() > 0 ? ":" + u.getPort() : "");
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String blankTo(String s, String dflt) {
    return s == null || s.isBlank() ? dflt : s.strip();
  }

  // ---- threading ----------------------------------------------------------------------------------------

  private <T> CompletableFuture<T> call(String what, Callable<T> work) {
    CompletableFuture<T> f = new CompletableFuture<>();
    try {
      thread.execute(() -> {
        String before = activity;
        try {
          if (what != null) setActivity(what);
          T v = work.call();
          f.complete(v);
        } catch (SessionException e) {
          f.completeExceptionally(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          f.completeExceptionally(new SessionException("The session was stopped", e));
        } catch (Exception e) {
          LOG.error("session operation failed", e);
          f.completeExceptionally(new SessionException("Something went wrong: " + e.getMessage()
              + ". The log has the details; the session itself is unchanged", e));
        } finally {
          if (what != null) {
            activity = before;
            publish();
          }
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      f.completeExceptionally(new SessionException("The session is closed", e));
    }
    return f;
  }

  /** The source's reply so far (the whole text each time): shown to the person, a few times a second at most. */
  private void streamed(String text) {
    long now = System.nanoTime();
    if (text == null || now - lastStreamFlush < 120_000_000L) return;
    lastStreamFlush = now;
    try {
      thread.execute(() -> {
        streaming = text;
        publish();
      });
    } catch (java.util.concurrent.RejectedExecutionException ignored) {
      // Closed while the model was still writing.
    }
  }

  private void streamedDone() {
    lastStreamFlush = 0;
    try {
      thread.execute(() -> {
        if (streaming == null) return;
        streaming = null;
        publish();
      });
    } catch (java.util.concurrent.RejectedExecutionException ignored) {
      // Closed: nobody is listening any more.
    }
  }

  private void setActivity(String what) {
    activity = what;
    publish();
  }

  private void setActivityAsync(String what) {
    try {
      thread.execute(() -> setActivity(what));
    } catch (java.util.concurrent.RejectedExecutionException ignored) {
      // Closed: nobody is listening any more.
    }
  }

  private void publish() {
    SessionSnapshot s = snapshotNow();
    latest = s;
    for (Consumer<SessionSnapshot> l : listeners) {
      config.notifier().execute(() -> l.accept(s));
    }
  }

  private SessionSnapshot snapshotNow() {
    return new SessionSnapshot(state, new LinkedHashSet<>(values.keySet()), observation, observationSerial,
        pending == null ? null : pending.view(), activity, notice, lastOutput, proposed, proposalSerial,
        journal == null ? null : journal.file().toString(), uncertain, streaming, lastUsage);
  }

  /** The names of variables the steps use that have no value yet: what the person must enter before replaying. */
  public static List<String> missingValues(SessionSnapshot s) {
    List<String> out = new ArrayList<>();
    for (String name : s.variables().keySet()) if (!s.valuesEntered().contains(name)) out.add(name);
    return out;
  }
}

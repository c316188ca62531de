package dev.waymark.session;

import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.ObservationMask;
import dev.waymark.apply.PreparedStep;
import dev.waymark.apply.SecretMask;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.RiskCheck;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session's state and everything that changes it, confined to the session thread: the persistent state and
 * its journal, the values (memory only), the page, the step waiting for approval, what the session is busy with.
 * Every change is journaled before it is applied and published; nobody sees a change that is not on disk.
 * The turn pipeline and person steps read and set these fields directly, always on the session thread.
 */
final class SessionModel {
  private static final Logger LOG = LoggerFactory.getLogger(SessionModel.class);

  /** A step that waits for the person, with everything needed to perform or refuse it later. */
  record Pending(ApplyInput in, PreparedStep ready, PendingApproval view, PageObservation page, RiskCheck check) {}

  private final SessionBrowser browser;
  private final Path journalDir;
  private final int timeoutMs;
  private final SnapshotPublisher publisher;

  SessionState state;
  final Map<String, String> values = new LinkedHashMap<>();
  PageObservation observation;
  private long observationSerial;
  Pending pending;
  private String activity;
  String notice;
  ApplyOutput lastOutput;
  private String proposed;
  private long proposalSerial;
  private SessionJournal journal;
  Step uncertain;
  String uncertainNote;
  PageObservation uncertainPage;
  private String streaming;
  /** The cost of the model decision not yet journaled, and of the last one, for the window. */
  TurnUsage nextUsage;
  private TurnUsage lastUsage;
  /** The userStep the browser is waiting on the person for, while it waits. */
  WaitingUserStep userStep;
  /** The channel of the person's answer that let the turn being recorded go ahead (studio, terminal, chrome). */
  String answeredBy;
  /** The long step running now (an extractList) and how far it has got, while it runs; the person may stop it. */
  dev.waymark.workflow.StepProgress longStep;
  /** Steps that reached the page (sent to the browser, or done there by the person): what an agent's generation counts. */
  long pageActions;

  SessionModel(SessionBrowser browser, Path journalDir, int timeoutMs, SessionState first, java.util.concurrent.Executor notifier) {
    this.browser = browser;
    this.journalDir = journalDir;
    this.timeoutMs = timeoutMs;
    this.state = first;
    this.publisher = new SnapshotPublisher(notifier, snapshot());
  }

  SnapshotPublisher publisher() {
    return publisher;
  }

  SessionBrowser browser() {
    return browser;
  }

  /** The browser the next step goes to, as the turn's client_id; a browser that cannot say leaves it to the host. */
  private String browserClientId() {
    try {
      return browser.clientId();
    } catch (RuntimeException e) {
      LOG.debug("the browser could not name its client: {}", e.getMessage());
      return null;
    }
  }

  // ---- publishing ---------------------------------------------------------------------------------------

  void publish() {
    publisher.publish(snapshot());
  }

  SessionSnapshot latest() {
    return publisher.latest();
  }

  private SessionSnapshot snapshot() {
    return new SessionSnapshot(state, new LinkedHashSet<>(values.keySet()), observation, observationSerial,
        pending == null ? null : pending.view(), activity, notice, lastOutput, proposed, proposalSerial,
        journal == null ? null : journal.file().toString(), uncertain, streaming, lastUsage, userStep, pageActions, longStep);
  }

  /** Runs work with {@code what} shown as the session's activity (null: none), restoring the previous after. */
  <T> T during(String what, Callable<T> work) throws Exception {
    if (what == null) return work.call();
    String before = activity;
    setActivity(what);
    try {
      return work.call();
    } finally {
      activity = before;
      publish();
    }
  }

  void setActivity(String what) {
    activity = what;
    publish();
  }

  /** The source's reply so far, shown while it writes; null when it is done. */
  void setStreaming(String text) {
    if (text == null && streaming == null) return;
    streaming = text;
    publish();
  }

  void setUsage(TurnUsage usage) {
    nextUsage = usage;
    lastUsage = usage;
  }

  /** A decision for the person to look at, edit and apply. */
  void propose(String decision) {
    proposed = decision;
    proposalSerial++;
    publish();
  }

  // ---- state and journal ------------------------------------------------------------------------------

  void replaceState(SessionState s) throws IOException {
    closeJournal();
    values.keySet().retainAll(s.variables().keySet());
    state = s;
    pending = null;
    lastOutput = null;
    notice = null;
    if (journalDir != null) {
      journal = SessionJournal.create(journalDir, s.sessionId());
      journal.append(JournalEntry.state(s), redactor());
    }
    publish();
  }

  /** Ends the journal as finished: nothing to recover. */
  void closeJournal() {
    if (journal == null) return;
    try {
      journal.closeClean(redactor());
    } catch (IOException e) {
      LOG.warn("cannot close the journal {}", journal.file(), e);
    }
    journal = null;
  }

  /** Closes the journal file but leaves it unfinished, so the studio offers to recover it. */
  void releaseJournal() {
    if (journal == null) return;
    try {
      journal.close();
    } catch (IOException e) {
      LOG.warn("cannot close the journal {}", journal.file(), e);
    }
    journal = null;
  }

  /** Journals a change, applies it, then publishes: nobody sees a change that is not on disk. */
  void record(JournalEntry e) {
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

  Redactor redactor() {
    return new Redactor(values);
  }

  // ---- the page ---------------------------------------------------------------------------------------

  void readPage() throws InterruptedException {
    try {
      // The page may echo a value the session typed; nothing past this line ever sees it.
      observation = ObservationMask.mask(browser.observe(), new SecretMask(values));
      observationSerial++;
      if (state.taskOrigins().isEmpty() && origin(observation.url()) != null) {
        // The first page the session works on defines where it may go without asking.
        Set<String> origins = new LinkedHashSet<>(state.taskOrigins());
        origins.add(origin(observation.url()));
        state = state.withTaskOrigins(origins);
      }
    } catch (BrowserUnavailableException e) {
      throw new SessionException(e.getMessage(), e);
    }
  }

  void ensureObservation() throws InterruptedException {
    if (observation != null) return;
    try {
      readPage();
    } catch (SessionException e) {
      // Deciding without a page still works for navigate; the refusal of a ref says what is missing.
      LOG.debug("no observation before the turn: {}", e.getMessage());
    }
  }

  /** The apply turn's input for a decision against the current page and state. */
  ApplyInput input(String decision, String decidedBy) {
    return ApplyInput.builder()
        .decision(decision)
        .observation(observation)
        .steps(state.steps())
        .lastObservation(state.lastObservation())
        .lastUrl(state.lastUrl())
        .trail(state.trail())
        .notes(state.notes())
        .variables(state.variables())
        .stored(state.stored())
        .values(values)
        .workflowId(state.workflowId())
        .clientId(browserClientId())
        .budget(state.budget())
        .failures(state.failures())
        .maxFailures(state.maxFailures())
        .timeoutMs(timeoutMs)
        .givenBack(state.givenBack())
        .decidedBy(decidedBy == null ? Provenance.MODEL : decidedBy)
        .uncertain(uncertain)
        .capabilities(state.capabilities())
        .build();
  }

  Pending requirePending() {
    if (pending == null) throw new SessionException("No step is waiting for approval");
    return pending;
  }

  void requireNoPending() {
    if (pending != null) {
      throw new SessionException("A step is waiting for approval: approve, reject, edit or take over it first");
    }
  }

  /** The address of the page now, or the last one the session knew. */
  String currentUrl() {
    return observation == null ? state.lastUrl() : observation.url();
  }

  // ---- the person's edits of the session --------------------------------------------------------------

  void setGoal(String goal, String workflowId) {
    String id = blankTo(workflowId, state.workflowId());
    String g = goal == null ? "" : goal;
    if (g.equals(state.goal()) && id.equals(state.workflowId())) return;
    record(JournalEntry.goal(g, id));
  }

  void declareVariable(String name, String description) {
    String n = name == null ? "" : name.trim();
    if (!dev.waymark.workflow.Tokens.isName(n)) {
      throw new SessionException("\"" + n + "\" cannot be a variable name; use letters, digits and _ . -, starting with a letter or _");
    }
    Map<String, String> vars = new LinkedHashMap<>(state.variables());
    vars.put(n, description == null ? "" : description);
    record(JournalEntry.variables(vars));
  }

  void removeVariable(String name) {
    Map<String, String> vars = new LinkedHashMap<>(state.variables());
    if (vars.remove(name) == null) return;
    values.remove(name);
    record(JournalEntry.variables(vars));
  }

  void setValue(String name, String value) {
    if (!state.variables().containsKey(name)) {
      throw new SessionException("\"" + name + "\" is not a declared variable; declare it first");
    }
    if (value == null || value.isEmpty()) values.remove(name);
    else values.put(name, value);
    publish();
  }

  void undoLastStep() {
    requireNoPending();
    if (state.steps().isEmpty()) throw new SessionException("There is no step to undo");
    Step last = state.steps().get(state.steps().size() - 1);
    ExtTurn turn = new ExtTurn(state.trail().size() + 1, "", null, last.label(), null, null, false, false,
        "the person removed step " + last.id() + " (" + last.label() + ") from the workflow; the page itself was not "
            + "changed back, so look at it as it is now", currentUrl());
    record(JournalEntry.undo(last.id(), turn));
  }

  void setExpect(String stepId, dev.waymark.workflow.Expect expect) {
    if (state.steps().stream().noneMatch(x -> x.id().equals(stepId))) {
      throw new SessionException("There is no step " + stepId + " in the workflow; pick one from the Steps list");
    }
    record(JournalEntry.expect(stepId, dev.waymark.workflow.Expect.orNull(expect)));
  }

  void resolveUncertain(boolean happened) {
    if (uncertain == null) throw new SessionException("No step is waiting to be resolved");
    Step s = uncertain;
    String url = currentUrl();
    JournalEntry.B b = new JournalEntry.B(JournalEntry.TURN);
    if (happened) {
      b.step = s;
      b.note = uncertainNote == null ? "" : uncertainNote;
      b.turn = new ExtTurn(state.trail().size() + 1, "the person checked the page: step " + s.id() + " took effect",
          s.type(), s.label(), null, s.value(), true, false, null, url, null, null, ExtTurn.HAPPENED);
      b.failures = 0;
      b.continueLoop = state.budget() > 0 && !state.done();
      b.observation = uncertainPage;
    } else {
      b.turn = new ExtTurn(state.trail().size() + 1, "the person checked the page: step " + s.id() + " did not take effect",
          s.type(), s.label(), null, s.value(), false, false, "step " + s.id() + " (" + s.label()
              + ") did not take effect; it may be decided again", url, null, null, ExtTurn.DID_NOT_HAPPEN);
    }
    uncertain = null;
    uncertainNote = null;
    uncertainPage = null;
    record(b.build());
  }

  void setCapabilities(dev.waymark.apply.Capabilities caps) {
    if (caps.equals(state.capabilities())) return;
    record(JournalEntry.capabilities(caps));
  }

  void allowSites(java.util.Collection<String> urls) {
    Set<String> origins = new LinkedHashSet<>(state.taskOrigins());
    for (String u : urls) {
      String o = origin(u);
      if (o == null) throw new SessionException("\"" + u + "\" is not a site: give it as scheme://host, e.g. https://shop.example");
      origins.add(o);
    }
    state = state.withTaskOrigins(origins);
    publish();
  }

  void keepGoing(int extraTurns) {
    int budget = state.budget() + Math.max(0, extraTurns);
    record(JournalEntry.budget(budget, budget > 0, 0, false));
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

  static String blankTo(String s, String dflt) {
    return s == null || s.isBlank() ? dflt : s.strip();
  }
}

package dev.waymark.ui.shell;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.apply.Capabilities;
import dev.waymark.session.CapabilitiesFile;
import dev.waymark.session.PolicyFile;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionFile;
import dev.waymark.session.SessionJournal;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.SessionState;
import dev.waymark.ui.common.Problems;
import dev.waymark.ui.common.UiThreads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The window's own state: goal and workflow id, what the session is busy with, messages for the person, the
 * session file, the recovery offer, the model loop; and the file actions (save, open, export, inspect).
 */
public final class StudioViewModel {
  private static final Logger LOG = LoggerFactory.getLogger(StudioViewModel.class);
  private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("d MMM HH:mm").withZone(ZoneId.systemDefault());

  private final StudioContext ctx;
  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final StringProperty goal = new SimpleStringProperty("");
  private final StringProperty workflowId = new SimpleStringProperty("");
  private final ReadOnlyStringWrapper activity = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
  private final ReadOnlyStringWrapper info = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper journal = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper usage = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Waymark");
  private final ReadOnlyObjectWrapper<Path> sessionFile = new ReadOnlyObjectWrapper<>();
  private final ReadOnlyObjectWrapper<SessionJournal.Replay> recovery = new ReadOnlyObjectWrapper<>();
  private final ReadOnlyStringWrapper recoveryText = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper modelRunning = new ReadOnlyBooleanWrapper();
  private final ReadOnlyObjectWrapper<dev.waymark.workflow.StepProgress> longStep = new ReadOnlyObjectWrapper<>();
  private final List<SessionJournal.Replay> recoverable;
  private final TravelActions travel;
  private String lastNotice;

  public StudioViewModel(StudioContext ctx, Consumer<String> problems) {
    this.ctx = ctx;
    this.session = ctx.session();
    this.ui = ctx.ui();
    this.problems = problems;
    this.recoverable = new ArrayList<>(ctx.recoverable());
    this.travel = new TravelActions(ctx);
    recovery.addListener((o, a, r) -> recoveryText.set(r == null ? "" : describe(r)));
    nextRecovery();
    sessionFile.addListener((o, a, b) -> updateTitle());
    goal.addListener((o, a, b) -> updateTitle());
  }

  public void accept(SessionSnapshot s) {
    if (!s.state().goal().equals(goal.get()) && !editingGoal) goal.set(s.state().goal());
    if (!s.state().workflowId().equals(workflowId.get()) && !editingGoal) workflowId.set(s.state().workflowId());
    busy.set(s.busy());
    journal.set(s.journalFile() == null ? "Not journaled" : "Journal: " + s.journalFile());
    usage.set(s.lastUsage() == null ? "" : "Last model turn: " + s.lastUsage().describe());
    activity.set(s.activity() == null ? "" : s.activity() + "…");
    longStep.set(s.longStep());
    if (s.notice() != null && !s.notice().equals(lastNotice)) problems.accept(s.notice());
    lastNotice = s.notice();
    goOnIfAnswered(s);
  }

  private boolean editingGoal;

  /** Commits the goal and workflow id fields to the session (on focus loss or Enter). */
  public void commitGoal() {
    String id = workflowId.get() == null ? "" : workflowId.get().strip();
    if (!id.isEmpty() && !id.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
      problems.accept("The workflow id \"" + id + "\" cannot be used; use letters, digits, - _ and .");
      return;
    }
    report(session.setGoal(goal.get(), id));
  }

  private void updateTitle() {
    Path f = sessionFile.get();
    String g = goal.get() == null || goal.get().isBlank() ? "" : " — " + abbreviate(goal.get(), 60);
    title.set("Waymark" + (f == null ? "" : " — " + f.getFileName()) + g);
  }

  // ---- recovery -----------------------------------------------------------------------------------------

  private void nextRecovery() {
    recovery.set(recoverable.isEmpty() ? null : recoverable.remove(0));
  }

  private static String describe(SessionJournal.Replay r) {
    SessionState s = r.state();
    String when;
    try {
      when = WHEN.format(Files.getLastModifiedTime(r.file()).toInstant());
    } catch (IOException e) {
      when = "earlier";
    }
    String g = s.goal() == null || s.goal().isBlank() ? "a session without a goal" : "\"" + abbreviate(s.goal(), 70) + "\"";
    return "A session did not close properly (" + when + "): " + g + ", " + s.steps().size() + " steps, "
        + s.trail().size() + " turns" + (r.tornTail() ? "; its last, half-written entry is dropped" : "")
        + (r.awaiting() == null ? "" : "; a step waited for your approval (not performed)")
        + ". Recover it? Values are never saved, so enter them again.";
  }

  public CompletableFuture<?> recover() {
    SessionJournal.Replay r = recovery.get();
    if (r == null) return CompletableFuture.completedFuture(null);
    return report(session.load(r.state(), r.awaiting()).thenRun(() -> {
      setAside(r.file(), "recovered");
      ui.execute(this::nextRecovery);
    }));
  }

  public void discardRecovery() {
    SessionJournal.Replay r = recovery.get();
    if (r == null) return;
    setAside(r.file(), "declined");
    nextRecovery();
  }

  private void setAside(Path file, String why) {
    try {
      SessionJournal.setAside(file, why);
    } catch (IOException e) {
      LOG.warn("cannot set the journal {} aside", file, e);
    }
  }

  // ---- files --------------------------------------------------------------------------------------------

  public void newSession() {
    sessionFile.set(null);
    report(session.start("workflow", "", 0));
  }

  public CompletableFuture<?> save() {
    Path f = sessionFile.get();
    if (f == null) return saveAs();
    return report(session.save(f).thenAccept(p -> ui.execute(() -> info.set("Saved " + p.getFileName()))));
  }

  public CompletableFuture<?> saveAs() {
    Optional<Path> f = ctx.files().save("Save session", safeName() + SessionFile.EXTENSION, "Waymark sessions", "*.json");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    return report(session.save(f.get()).thenAccept(p -> ui.execute(() -> {
      sessionFile.set(p);
      info.set("Saved " + p.getFileName());
    })));
  }

  public CompletableFuture<?> open() {
    Optional<Path> f = ctx.files().open("Open session", "Waymark sessions", "*.json");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    return openSession(f.get());
  }

  /** Opens a saved session (a file the person chose, or one the desktop opened Waymark with). */
  public CompletableFuture<?> openSession(Path file) {
    return report(CompletableFuture.supplyAsync(() -> {
      try {
        return SessionFile.open(file);
      } catch (IOException e) {
        throw new java.util.concurrent.CompletionException(new dev.waymark.session.SessionException(
            "The session could not be opened: " + e.getMessage(), e));
      }
    }, UiThreads.worker()).thenCompose(session::load).thenRun(() -> ui.execute(() -> {
      sessionFile.set(file);
      info.set("Opened " + file.getFileName() + "; enter the values of its variables again");
    })));
  }

  public CompletableFuture<?> export() {
    Optional<Path> f = ctx.files().save("Export workflow YAML", safeName() + ".yaml", "Workflow YAML", "*.yaml");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    return report(session.export(f.get()).thenAccept(p -> ui.execute(() -> info.set("Exported " + p.getFileName()))));
  }

  /** The session's workflow as a Playwright test (and a config beside it when its folder has none). */
  public CompletableFuture<?> exportPlaywright() {
    return told(travel.exportPlaywright(safeName()));
  }

  /** The session's workflow as a Chrome DevTools Recorder flow, tokens as written. */
  public CompletableFuture<?> exportRecorder() {
    return told(travel.exportRecorder(safeName()));
  }

  /** A Recorder flow as a workflow file beside it (never over one). */
  public CompletableFuture<?> importRecorder() {
    return told(travel.importRecorder());
  }

  private CompletableFuture<?> told(CompletableFuture<TravelActions.Report> f) {
    return report(f).thenAccept(r -> ui.execute(() -> {
      if (r == null) return;
      info.set(r.info());
      if (r.notice() != null) problems.accept(r.notice());
    }));
  }

  /** Writes the workflow YAML off the FX thread, then hands it to {@code clipboard} through the UI executor. */
  public CompletableFuture<?> copyYaml(Consumer<String> clipboard) {
    return report(session.exportYaml()).thenAccept(yaml -> ui.execute(() -> {
      clipboard.accept(yaml);
      info.set("Workflow YAML copied to the clipboard");
    }));
  }

  /** Reads a workflow file for inspection, off the FX thread; hands the name and text to {@code show}. */
  public CompletableFuture<?> inspectWorkflow(BiConsumer<String, String> show) {
    Optional<Path> f = ctx.files().open("Open a workflow to inspect", "Workflow YAML", "*.yaml");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    return readWorkflow(f.get(), show);
  }

  /** Reads a workflow file off the FX thread and hands its name and text to {@code show}. */
  public CompletableFuture<?> readWorkflow(Path file, BiConsumer<String, String> show) {
    return report(CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new java.util.concurrent.CompletionException(new dev.waymark.session.SessionException(
            "The workflow could not be read: " + e.getMessage(), e));
      }
    }, UiThreads.worker()).thenAccept(text -> ui.execute(() -> show.accept(file.getFileName().toString(), text))));
  }

  /** Persists the approval policy and applies it to the session. */
  public void applySettings(ApprovalPolicy settings) {
    session.setPolicy(settings);
    CompletableFuture.runAsync(() -> {
      try {
        PolicyFile.save(ctx.approvalFile(), settings);
      } catch (IOException e) {
        throw new java.util.concurrent.CompletionException(new dev.waymark.session.SessionException(
            "The approval policy is in use but could not be saved (" + e.getMessage() + "); it will be lost when Waymark closes", e));
      }
    }, UiThreads.worker()).whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
      else ui.execute(() -> info.set("Approval policy saved"));
    });
  }

  /** Applies the capabilities to the session (journaled) and saves them beside the approval policy, with it. */
  public void applySettings(ApprovalPolicy settings, Capabilities capabilities) {
    applySettings(settings);
    report(session.setCapabilities(capabilities));
    Path file = CapabilitiesFile.besidePolicy(ctx.approvalFile());
    CompletableFuture.runAsync(() -> {
      try {
        CapabilitiesFile.save(file, capabilities);
      } catch (IOException e) {
        throw new java.util.concurrent.CompletionException(new dev.waymark.session.SessionException(
            "The capabilities are in use but could not be saved (" + e.getMessage() + "); they will be lost when Waymark closes", e));
      }
    }, UiThreads.worker()).whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  // ---- the model ----------------------------------------------------------------------------------------

  public boolean hasModel() {
    return ctx.model() != null;
  }

  public String modelName() {
    return ctx.model() == null ? null : ctx.model().source().name();
  }

  /** Asks the model for one decision and puts it in the editor as a proposal. */
  public void askModel() {
    if (ctx.model() == null) return;
    report(session.decideNext(ctx.model().source(), ctx.model().renderer(), false));
  }

  /**
   * Lets the model decide turn after turn until it is done, stuck or stopped. A step that waits for approval pauses
   * the run, which goes on once the person has answered it (here or in Chrome) — as the tooltip promises; Stop ends it.
   */
  public void runModel() {
    if (ctx.model() == null || modelRunning.get()) return;
    modelRunning.set(true);
    report(session.run(ctx.model().source(), ctx.model().renderer())).whenComplete((o, e) -> ui.execute(() -> {
      if (e == null && o != null && o.kind() == dev.waymark.session.TurnOutcome.Kind.AWAITING_APPROVAL && !stopAsked) {
        goOnAfterApproval = true; // still running: Stop stays enabled while the step waits
        goOnIfAnswered(session.latest()); // answered already, before this turn's end reached the window
      } else {
        modelRunning.set(false);
      }
      stopAsked = false;
    }));
  }

  public void stopModel() {
    stopAsked = modelRunning.get() && !goOnAfterApproval;
    if (goOnAfterApproval) {
      goOnAfterApproval = false;
      modelRunning.set(false);
    }
    session.stop();
  }

  /** The run paused at an approval: it goes on once nothing waits for the person any more. */
  private boolean goOnAfterApproval;
  /** Stop was pressed during the turn in progress: the run does not pause at that turn's approval, it ends. */
  private boolean stopAsked;

  private void goOnIfAnswered(SessionSnapshot s) {
    if (!goOnAfterApproval || s.pending() != null || s.busy() || s.uncertain() != null || s.userStep() != null) return;
    goOnAfterApproval = false;
    modelRunning.set(false);
    runModel();
  }

  /** The person's Stop for the long step running now: it ends with what it has read so far, marked truncated. */
  public void stopLongStep() {
    dev.waymark.workflow.StepProgress running = longStep.get();
    if (running == null) return;
    report(session.stopLongStep(running.stepId())).thenAccept(stopped -> {
      if (!stopped) LOG.info("Stop of step {}: it was no longer running", running.stepId());
    });
  }

  private <T> CompletableFuture<T> report(CompletableFuture<T> f) {
    return f.whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  private String safeName() {
    String id = workflowId.get();
    return id == null || id.isBlank() ? "workflow" : id.replaceAll("[^A-Za-z0-9_.-]", "-");
  }

  private static String abbreviate(String s, int n) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= n ? one : one.substring(0, n - 1) + "…";
  }

  public void setEditingGoal(boolean editing) {
    editingGoal = editing;
  }

  /** Writable: the goal field is bound to it both ways; commitGoal sends it to the session. */
  public StringProperty goalInputProperty() { return goal; }
  /** Writable: the workflow id field is bound to it both ways; commitGoal sends it to the session. */
  public StringProperty workflowIdInputProperty() { return workflowId; }
  public ReadOnlyStringProperty activityProperty() { return activity.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
  public ReadOnlyStringProperty infoProperty() { return info.getReadOnlyProperty(); }
  public ReadOnlyStringProperty journalProperty() { return journal.getReadOnlyProperty(); }

  /** What the last model decision cost (prompt size, tokens, time), empty before the first. */
  public ReadOnlyStringProperty usageProperty() { return usage.getReadOnlyProperty(); }
  public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<Path> sessionFileProperty() { return sessionFile.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<SessionJournal.Replay> recoveryProperty() { return recovery.getReadOnlyProperty(); }
  public ReadOnlyStringProperty recoveryTextProperty() { return recoveryText.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty modelRunningProperty() { return modelRunning.getReadOnlyProperty(); }
  /** The long step running now (an extractList) and how far it has got; null when none runs. */
  public ReadOnlyObjectProperty<dev.waymark.workflow.StepProgress> longStepProperty() { return longStep.getReadOnlyProperty(); }
}

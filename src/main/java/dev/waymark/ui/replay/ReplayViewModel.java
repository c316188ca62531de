package dev.waymark.ui.replay;

import dev.waymark.apply.SecretMask;
import dev.waymark.decide.OutcomeSentences;
import dev.waymark.replay.Heals;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowYaml;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's replay of a workflow without a model: a workflow file or the session's own, each step's status (ok,
 * skipped, healed, failed, uncertain), time and what the page did, heals with their evidence, and the stored data.
 * The run is on a thread of its own; every property changes on the UI executor only.
 */
public final class ReplayViewModel {
  private static final Logger LOG = LoggerFactory.getLogger(ReplayViewModel.class);

  /** One step of the loaded workflow as the table shows it. */
  public record Row(String stepId, String type, String label, String status, String ms, String detail) {}

  private final Executor ui;
  private final Supplier<ReplayBrowser> browser;
  private final ReadOnlyStringWrapper workflowName = new ReadOnlyStringWrapper("No workflow loaded");
  private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Open a workflow file, or take the session's.");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
  private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(false);
  private final ObservableList<Row> rows = FXCollections.observableArrayList();
  private final ObservableList<String> stored = FXCollections.observableArrayList();
  private final ObservableList<String> heals = FXCollections.observableArrayList();
  private final ReadOnlyBooleanWrapper paused = new ReadOnlyBooleanWrapper(false);
  private final java.util.Set<String> breakpoints = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private Workflow workflow;
  private String yaml;
  private String fileName = "workflow.yaml";
  // Parallel to heals: the evidence and the person's answer (null: not yet; true: accepted; false: rejected).
  private final List<Heals.Found> found = new java.util.ArrayList<>();
  private final List<Boolean> answers = new java.util.ArrayList<>();
  private volatile Thread runner;
  private volatile PausableBrowser pausable;
  private final ReplayValues values;

  /** {@code browser} gives the browser to replay in when a run starts (null: no browser can be reached). */
  public ReplayViewModel(Executor ui, Supplier<ReplayBrowser> browser) {
    this.ui = ui;
    this.browser = browser;
    this.values = new ReplayValues(ui, status::set);
  }

  /** Takes values from the person's store once they approve which variables a workflow may use (null: none). */
  public void useVault(ReplayVault v) {
    values.use(v);
    if (workflow != null && !running.get()) status.set(values.readyText(workflow));
  }

  /** Loads a workflow from its YAML; a file with problems is listed, line by line, and nothing is loaded. */
  public void load(String name, String yaml) {
    if (running.get()) return;
    try {
      Workflow w = WorkflowYaml.read(yaml);
      workflow = w;
      this.yaml = yaml;
      this.fileName = name == null || name.isBlank() ? "workflow.yaml" : name;
      clearHeals();
      workflowName.set(name + " — " + w.steps().size() + (w.steps().size() == 1 ? " step" : " steps"));
      rows.setAll(w.steps().stream().map(s -> new Row(s.id(), s.type(), s.label(), "", "", "")).toList());
      stored.clear();
      heals.clear();
      loaded.set(true);
      values.clearQuestion();
      status.set(values.readyText(w));
    } catch (WorkflowLoadException e) {
      status.set(name + " cannot be replayed: " + e.problems().stream().map(Object::toString).collect(Collectors.joining("; ")));
    }
  }

  /** Replays the loaded workflow in the browser, step by step; Stop ends it. */
  public void run() {
    Workflow w = workflow;
    if (w == null || running.get()) return;
    List<String> needed = ReplayValues.needed(w);
    String text = yaml;
    if (!needed.isEmpty() && values.vault() == null) return;
    values.clearQuestion();
    ReplayBrowser connected = browser.get();
    if (connected == null) {
      status.set("No browser is connected: launch one in the Browser panel, then press Run again.");
      return;
    }
    PausableBrowser b = new PausableBrowser(connected, id -> ui.execute(() -> {
      paused.set(id != null);
      if (id != null) status.set("Paused before " + id + ": Step runs it, Resume goes on, Stop ends the replay.");
    }));
    b.breakpoints().addAll(breakpoints);
    pausable = b;
    running.set(true);
    stored.clear();
    clearHeals();
    rows.setAll(w.steps().stream().map(s -> new Row(s.id(), s.type(), s.label(), "waiting", "", "")).toList());
    status.set("Replaying " + w.steps().size() + " steps…");
    long[] last = {System.nanoTime()};
    Thread t = new Thread(() -> {
      ReplayResult result = null;
      try {
        Map<String, String> given = needed.isEmpty() ? Map.of() : values.values(text, needed);
        if (given == null) return;
        SecretMask mask = new SecretMask(given);
        result = new WorkflowRunner(b).run(w, WorkflowRunner.Options.of(given).withListeners(r -> {
          long now = System.nanoTime();
          long ms = (now - last[0]) / 1_000_000;
          last[0] = now;
          ui.execute(() -> show(r, ms, mask));
        }, line -> ui.execute(() -> status.set(mask.mask(line)))));
        result = ReplayValues.masked(result, mask);
      } catch (java.io.IOException e) {
        LOG.warn("the values could not be read: {}", e.getMessage());
        String why = e.getMessage();
        ui.execute(() -> status.set("Not run: " + why));
      } catch (RuntimeException e) {
        LOG.warn("the replay failed", e);
        String why = e.getMessage();
        ui.execute(() -> status.set("The replay stopped: " + why));
      } finally {
        ReplayResult done = result;
        ui.execute(() -> finish(done));
      }
    }, "waymark-replay");
    t.setDaemon(true);
    runner = t;
    t.start();
  }

  /** The person allows the loaded workflow to take the variables {@link #approvalNeededProperty} names; then it runs. */
  public void approve() {
    if (yaml != null) values.approve(yaml, workflow == null || workflow.name() == null ? fileName : workflow.name(), this::run);
  }

  /** The person does not allow it: nothing runs. */
  public void declineApproval() {
    values.decline();
  }

  /** Takes back every approval of the loaded workflow. */
  public void revokeApproval() {
    if (yaml != null) values.revoke(yaml);
  }

  /** Opens a KeePass file as the store, off the FX thread; the master password is wiped after use and never kept. */
  public void openKeePass(java.nio.file.Path file, char[] masterPassword) {
    values.openKeePass(file, masterPassword, () -> workflow == null ? "" : values.readyText(workflow));
  }

  /** Stops a running replay; a step already sent is reported as uncertain, never repeated. */
  public void stop() {
    Thread t = runner;
    if (t != null) t.interrupt();
  }

  /** Stops before the next step (Resume or Step goes on). */
  public void pause() {
    PausableBrowser b = pausable;
    if (b != null) b.pause();
  }

  /** Goes on after a pause or a breakpoint. */
  public void resume() {
    PausableBrowser b = pausable;
    if (b != null) b.resume();
  }

  /** Runs the one step the replay waits before, then stops again. */
  public void stepOnce() {
    PausableBrowser b = pausable;
    if (b != null) b.stepOnce();
  }

  /** Sets or clears a breakpoint before a step (also while a replay runs). */
  public void toggleBreakpoint(String stepId) {
    if (stepId == null) return;
    boolean on = breakpoints.add(stepId);
    if (!on) breakpoints.remove(stepId);
    PausableBrowser b = pausable;
    if (b != null) {
      if (on) b.breakpoints().add(stepId);
      else b.breakpoints().remove(stepId);
    }
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      if (r.stepId().equals(stepId)) rows.set(i, r);
    }
  }

  /** Whether the replay stops before this step. */
  public boolean hasBreakpoint(String stepId) {
    return breakpoints.contains(stepId);
  }

  private void show(ReplayStepResult r, long ms, SecretMask mask) {
    if (r.rewind()) return;
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      if (!row.stepId().equals(r.stepId())) continue;
      String state = r.uncertain() ? "uncertain" : !r.ok() ? (r.optional() ? "failed (optional)" : "failed")
          : r.skipped() ? "skipped" : r.outcome() != null && r.outcome().healed() != null ? "healed" : "ok";
      String said = OutcomeSentences.forPerson(r.type(), r.outcome());
      String detail = mask.mask(!r.ok() && r.error() != null ? r.error() : joined(r.effect(), said));
      rows.set(i, new Row(row.stepId(), row.type(), row.label(), state, Long.toString(ms), detail));
      Heals.Found f = Heals.of(workflow, r);
      if (f != null) {
        found.add(f);
        answers.add(null);
        heals.add(healLine(f, null));
      }
      return;
    }
  }

  private void finish(ReplayResult r) {
    running.set(false);
    paused.set(false);
    runner = null;
    pausable = null;
    if (r == null) return;
    r.stored().forEach((k, v) -> stored.add(k + " = " + v));
    status.set(r.ok() ? "Replayed every step" + (heals.isEmpty() ? "." : "; " + heals.size() + " healed — review them below.")
        : "The replay stopped" + (r.failedStep() == null ? "" : " at " + r.failedStep()) + ": " + r.error());
  }

  // ---- heals to review ----

  private void clearHeals() {
    heals.clear();
    found.clear();
    answers.clear();
  }

  private static String healLine(Heals.Found f, Boolean answer) {
    String line = f.stepId() + ": " + f.detail();
    if (!f.writable()) return line + " — a rewind: change it by hand";
    return line + (answer == null ? "" : answer ? " — accepted" : " — rejected");
  }

  /** Accepts the heal at {@code index} of {@link #heals()}: it goes into the healed copy. */
  public void acceptHeal(int index) {
    answer(index, true);
  }

  /** Rejects the heal at {@code index}: the healed copy keeps that step's selector as it was. */
  public void rejectHeal(int index) {
    answer(index, false);
  }

  private void answer(int index, boolean accept) {
    if (index < 0 || index >= found.size() || !found.get(index).writable()) return;
    answers.set(index, accept);
    heals.set(index, healLine(found.get(index), accept));
    long n = answers.stream().filter(Boolean.TRUE::equals).count();
    status.set(n == 0 ? "No heal accepted: nothing to save." : n + (n == 1 ? " heal" : " heals")
        + " accepted: Save writes the workflow with " + (n == 1 ? "its selector" : "their selectors") + " replaced.");
  }

  /** The workflow's YAML with the accepted heals' selectors replaced and nothing else changed; null when none is. */
  public String healedYaml() {
    List<Heals.Found> chosen = new java.util.ArrayList<>();
    for (int i = 0; i < found.size(); i++) if (Boolean.TRUE.equals(answers.get(i))) chosen.add(found.get(i));
    if (chosen.isEmpty() || yaml == null) return null;
    try {
      return Heals.healedYaml(yaml, chosen);
    } catch (WorkflowLoadException | dev.waymark.workflow.SelectorEdits.EditException e) {
      LOG.warn("the heals cannot be written into {}: {}", fileName, e.getMessage());
      status.set("The accepted heals cannot be written into " + fileName + ": " + e.getMessage()
          + ". Change those selectors by hand.");
      return null;
    }
  }

  /** The name a healed copy is offered under: NAME.healed.yaml beside the original. */
  public String healedFileName() {
    return fileName.replaceFirst("(?i)\\.ya?ml$", "") + ".healed.yaml";
  }

  /** Writes the healed copy to {@code target} (never over an existing file); says what happened in the status. */
  public boolean saveHealed(java.nio.file.Path target) {
    String text = healedYaml();
    if (text == null) {
      if (!status.get().startsWith("The accepted heals")) status.set("Accept at least one heal first: nothing was saved.");
      return false;
    }
    try {
      java.nio.file.Files.writeString(target, text, java.nio.charset.StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
      status.set("Saved the healed workflow to " + target + "; the original is unchanged.");
      return true;
    } catch (java.nio.file.FileAlreadyExistsException e) {
      status.set(target + " exists already and was not replaced: choose another name.");
    } catch (java.io.IOException e) {
      LOG.warn("cannot save the healed workflow to {}", target, e);
      status.set("Cannot save to " + target + ": " + e.getMessage() + ". Check that the folder is writable.");
    }
    return false;
  }

  private static String joined(String a, String b) {
    if (a == null || a.isBlank()) return b == null ? "" : b;
    return b == null || b.isBlank() ? a : a + ". " + b;
  }

  /** The steps of the loaded workflow, for a caller that wants them (null before one is loaded). */
  public List<Step> steps() {
    return workflow == null ? null : workflow.steps();
  }

  public ReadOnlyStringProperty workflowNameProperty() { return workflowName.getReadOnlyProperty(); }
  public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty loadedProperty() { return loaded.getReadOnlyProperty(); }
  /** The variables the person is asked to let the loaded workflow take (empty: no question). */
  public ReadOnlyObjectProperty<List<String>> approvalNeededProperty() { return values.approvalNeededProperty(); }
  public ReadOnlyBooleanProperty pausedProperty() { return paused.getReadOnlyProperty(); }
  public ObservableList<Row> rows() { return FXCollections.unmodifiableObservableList(rows); }
  public ObservableList<String> stored() { return FXCollections.unmodifiableObservableList(stored); }
  public ObservableList<String> heals() { return FXCollections.unmodifiableObservableList(heals); }
}

package dev.waymark.ui.steps;

import dev.waymark.observe.PageObservation;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.ui.common.Problems;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The accepted steps, the whole trail, the loop's counters, and what a selected step was based on. */
public final class StepsViewModel {
  /**
   * The trail's "What the page did": the step's effect, then what else it made happen (a dialog and how it was
   * answered, a download and whether it was let through, a new tab), in the person's words.
   */
  public static String pageDid(ExtTurn t) {
    String said = dev.waymark.decide.OutcomeSentences.forPerson(t.type(), t.outcome());
    String effect = t.effect() == null ? "" : t.effect().strip();
    if (said.isEmpty()) return effect.isEmpty() ? null : effect;
    return effect.isEmpty() ? said : effect + (effect.endsWith(".") ? " " : ". ") + said;
  }

  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final BiConsumer<PageObservation, String> showObservation;
  private final ObservableList<Step> steps = FXCollections.observableArrayList();
  private final ObservableList<Step> stepsView = FXCollections.unmodifiableObservableList(steps);
  private final ObservableList<ExtTurn> trail = FXCollections.observableArrayList();
  private final ObservableList<ExtTurn> trailView = FXCollections.unmodifiableObservableList(trail);
  private final ReadOnlyStringWrapper budget = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper failures = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper continueText = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper canContinue = new ReadOnlyBooleanWrapper(true);
  private final ReadOnlyObjectWrapper<Step> selected = new ReadOnlyObjectWrapper<>();
  private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper basedOn = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper expect = new ReadOnlyStringWrapper("");
  private final ReadOnlyBooleanWrapper hasExpect = new ReadOnlyBooleanWrapper();
  private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper();
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
  private final ReadOnlyStringWrapper uncertain = new ReadOnlyStringWrapper("");
  private SessionSnapshot last;

  public StepsViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, BiConsumer<PageObservation, String> showObservation) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
    this.showObservation = showObservation;
    selected.addListener((o, a, b) -> describeSelected());
  }

  public void accept(SessionSnapshot s) {
    last = s;
    busy.set(s.busy());
    if (!steps.equals(s.steps())) {
      Step keep = selected.get();
      steps.setAll(s.steps());
      // An edit (a dropped expect) replaces the step: the same id stays selected.
      if (keep != null && !steps.contains(keep)) {
        selected.set(steps.stream().filter(x -> x.id().equals(keep.id())).findFirst().orElse(null));
      }
    }
    if (trail.size() != s.trail().size() || !trail.equals(s.trail())) trail.setAll(s.trail());
    budget.set(s.budget() + (s.budget() == 1 ? " turn left" : " turns left"));
    failures.set(s.failures() + " of " + s.state().maxFailures() + " failures in a row");
    canContinue.set(s.continueLoop());
    continueText.set(s.state().done() ? "Goal reached" : s.continueLoop() ? "Can continue" : "Stopped: "
        + (s.budget() <= 0 ? "no turns left" : "too many failures in a row"));
    canUndo.set(!s.steps().isEmpty() && s.pending() == null);
    uncertain.set(s.uncertain() == null ? "" : "Did step " + s.uncertain().id() + " (" + s.uncertain().label()
        + ") take effect? The browser did not say, so it is not repeated. Look at the page, then answer.");
    describeSelected();
  }

  private void describeSelected() {
    Step s = selected.get();
    if (s == null || last == null) {
      note.set("");
      basedOn.set("");
      expect.set("");
      hasExpect.set(false);
      return;
    }
    hasExpect.set(s.expect() != null);
    expect.set(s.expect() == null ? "Replay waits for no effect after this step"
        : "Replay waits for " + String.join(" and ", s.expect().facts()));
    String n = last.noteFor(s.id());
    note.set(n == null || n.isBlank() ? "(no note)" : n);
    PageObservation o = last.state().observations().get(s.id());
    basedOn.set(o == null ? "The page it was made against was not kept"
        : "Made against " + o.url() + " — " + o.nodes().size() + " elements" + (o.modal() != null ? ", modal: " + o.modal() : ""));
  }

  /** The step the person picked in the table (null: none); its note and page are described. */
  public void select(Step step) {
    selected.set(step);
  }

  public void showBasis() {
    Step s = selected.get();
    if (s == null || last == null) return;
    PageObservation o = last.state().observations().get(s.id());
    if (o != null) showObservation.accept(o, "Showing the page step " + s.id() + " (" + s.label() + ") was made against");
  }

  /** Replay stops waiting for the selected step's effect (the person knows it will differ next time). */
  public void dropExpect() {
    Step s = selected.get();
    if (s == null || s.expect() == null) return;
    session.setExpect(s.id(), null).whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  public void undo() {
    session.undoLastStep().whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  public void resolveUncertain(boolean happened) {
    session.resolveUncertain(happened).whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  public ReadOnlyStringProperty uncertainProperty() { return uncertain.getReadOnlyProperty(); }

  public void keepGoing() {
    session.keepGoing(10).whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  /** The accepted steps, read-only: only snapshots change them. */
  public ObservableList<Step> steps() { return stepsView; }
  /** Every turn, read-only: only snapshots change it. */
  public ObservableList<ExtTurn> trail() { return trailView; }
  public ReadOnlyStringProperty budgetProperty() { return budget.getReadOnlyProperty(); }
  public ReadOnlyStringProperty failuresProperty() { return failures.getReadOnlyProperty(); }
  public ReadOnlyStringProperty continueTextProperty() { return continueText.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty canContinueProperty() { return canContinue.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<Step> selectedProperty() { return selected.getReadOnlyProperty(); }
  public ReadOnlyStringProperty noteProperty() { return note.getReadOnlyProperty(); }
  public ReadOnlyStringProperty basedOnProperty() { return basedOn.getReadOnlyProperty(); }
  public ReadOnlyStringProperty expectProperty() { return expect.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty hasExpectProperty() { return hasExpect.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty canUndoProperty() { return canUndo.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
}

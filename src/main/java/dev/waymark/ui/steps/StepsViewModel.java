package dev.waymark.ui.steps;

import dev.waymark.observe.PageObservation;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.ui.common.Problems;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The accepted steps, the whole trail, the loop's counters, and what a selected step was based on. */
public final class StepsViewModel {
  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final BiConsumer<PageObservation, String> showObservation;
  private final ObservableList<Step> steps = FXCollections.observableArrayList();
  private final ObservableList<ExtTurn> trail = FXCollections.observableArrayList();
  private final StringProperty budget = new SimpleStringProperty("");
  private final StringProperty failures = new SimpleStringProperty("");
  private final StringProperty continueText = new SimpleStringProperty("");
  private final BooleanProperty canContinue = new SimpleBooleanProperty(true);
  private final ObjectProperty<Step> selected = new SimpleObjectProperty<>();
  private final StringProperty note = new SimpleStringProperty("");
  private final StringProperty basedOn = new SimpleStringProperty("");
  private final BooleanProperty canUndo = new SimpleBooleanProperty();
  private final BooleanProperty busy = new SimpleBooleanProperty();
  private final StringProperty uncertain = new SimpleStringProperty("");
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
      if (keep != null && !steps.contains(keep)) selected.set(null);
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
      return;
    }
    String n = last.noteFor(s.id());
    note.set(n == null || n.isBlank() ? "(no note)" : n);
    PageObservation o = last.state().observations().get(s.id());
    basedOn.set(o == null ? "The page it was made against was not kept"
        : "Made against " + o.url() + " — " + o.nodes().size() + " elements" + (o.modal() != null ? ", modal: " + o.modal() : ""));
  }

  public void showBasis() {
    Step s = selected.get();
    if (s == null || last == null) return;
    PageObservation o = last.state().observations().get(s.id());
    if (o != null) showObservation.accept(o, "Showing the page step " + s.id() + " (" + s.label() + ") was made against");
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

  public StringProperty uncertainProperty() { return uncertain; }

  public void keepGoing() {
    session.keepGoing(10).whenComplete((v, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  public ObservableList<Step> steps() { return steps; }
  public ObservableList<ExtTurn> trail() { return trail; }
  public StringProperty budgetProperty() { return budget; }
  public StringProperty failuresProperty() { return failures; }
  public StringProperty continueTextProperty() { return continueText; }
  public BooleanProperty canContinueProperty() { return canContinue; }
  public ObjectProperty<Step> selectedProperty() { return selected; }
  public StringProperty noteProperty() { return note; }
  public StringProperty basedOnProperty() { return basedOn; }
  public BooleanProperty canUndoProperty() { return canUndo; }
  public BooleanProperty busyProperty() { return busy; }
}

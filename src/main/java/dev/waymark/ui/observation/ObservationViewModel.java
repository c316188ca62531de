package dev.waymark.ui.observation;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.Approval;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.TakeOver;
import dev.waymark.ui.common.Problems;
import dev.waymark.ui.common.UiThreads;
import dev.waymark.workflow.Selector;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The observation tree's state: the page shown (live or the one a step was made against), the filter, the
 * rows built off the FX thread, the selected element and the person's take-over action.
 */
public final class ObservationViewModel {
  public static final List<String> TAKE_OVER_ACTIONS = List.of("click", "fill", "select", "press", "navigate");

  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final ReadOnlyObjectWrapper<PageObservation> page = new ReadOnlyObjectWrapper<>();
  private final ReadOnlyBooleanWrapper historic = new ReadOnlyBooleanWrapper();
  private final ReadOnlyStringWrapper historicLabel = new ReadOnlyStringWrapper("");
  private final StringProperty filterText = new SimpleStringProperty("");
  private final ReadOnlyStringWrapper filterRole = new ReadOnlyStringWrapper("");
  private final ReadOnlyObjectWrapper<List<ObsRow>> rows = new ReadOnlyObjectWrapper<>(List.of());
  private final ObservableList<String> roles = FXCollections.observableArrayList();
  private final ObservableList<String> rolesView = FXCollections.unmodifiableObservableList(roles);
  private final ReadOnlyObjectWrapper<ObsRow> selected = new ReadOnlyObjectWrapper<>();
  private final ReadOnlyStringWrapper selectorText = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper pageLabel = new ReadOnlyStringWrapper("No page observed yet");
  private final StringProperty takeOverAction = new SimpleStringProperty("click");
  private final StringProperty takeOverValue = new SimpleStringProperty("");
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
  private final ReadOnlyBooleanWrapper recording = new ReadOnlyBooleanWrapper();
  private java.util.function.Function<Boolean, CompletableFuture<Boolean>> recorder =
      on -> CompletableFuture.failedFuture(new IllegalStateException("recording is not available"));
  private PageObservation live;
  private long liveSerial = -1;
  private long buildSerial;

  public ObservationViewModel(AuthoringSession session, Executor ui, Consumer<String> problems) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
    filterText.addListener((o, a, b) -> rebuild());
    filterRole.addListener((o, a, b) -> rebuild());
    page.addListener((o, a, b) -> {
      roles.setAll(ObservationTreeModel.roles(b));
      pageLabel.set(b == null ? "No page observed yet"
          : (b.title() == null || b.title().isBlank() ? "" : b.title() + " — ") + b.url() + "  (" + b.nodes().size() + " elements)");
      rebuild();
    });
    selected.addListener((o, a, b) -> onSelected(b));
  }

  /** Takes a new session snapshot (FX thread): a new live observation replaces the tree unless a step's page is shown. */
  public void accept(SessionSnapshot s) {
    busy.set(s.busy());
    if (s.observationSerial() == liveSerial) return;
    liveSerial = s.observationSerial();
    live = s.observation();
    if (!historic.get()) page.set(live);
  }

  /** Shows the page a step was made against; take-over stays off because its refs are stale. */
  public void showHistoric(PageObservation p, String label) {
    if (p == null) return;
    historic.set(true);
    historicLabel.set(label);
    page.set(p);
  }

  public void backToLive() {
    historic.set(false);
    page.set(live);
  }

  public CompletableFuture<PageObservation> observe() {
    backToLive();
    return session.observe().whenComplete((p, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  /** Filters the tree to one role ("" or null: any role). */
  public void setFilterRole(String role) {
    filterRole.set(role == null ? "" : role);
  }

  /** The row the person picked in the tree (null: none); its element is outlined in the page. */
  public void select(ObsRow row) {
    selected.set(row);
  }

  /** Sets the rows directly: for callers that already built them (the benchmark measures this FX half). */
  void setRows(List<ObsRow> built) {
    rows.set(built);
  }

  /** Whether a text or role filter is set, so the tree may open every section of a short result. */
  boolean filtering() {
    return !filterText.get().isBlank() || !filterRole.get().isBlank();
  }

  private void rebuild() {
    PageObservation p = page.get();
    String text = filterText.get();
    String role = filterRole.get();
    long serial = ++buildSerial;
    CompletableFuture.supplyAsync(() -> ObservationTreeModel.build(p, text, role), UiThreads.worker())
        .thenAccept(built -> ui.execute(() -> {
          if (serial == buildSerial) rows.set(built);
        }));
  }

  private void onSelected(ObsRow row) {
    if (row == null || row.selector() == null) {
      selectorText.set("");
      return;
    }
    selectorText.set(row.selector());
    if (historic.get()) return;
    Selector sel = null;
    if (row.isElement()) {
      ObservedNode n = row.node();
      sel = new Selector(n.selector(), n.path(), n.indexes(), n.enter(), null, false);
    } else if (row.list() != null) {
      sel = Selector.css(row.kind() == ObsRow.Kind.LIST ? row.list().selector() : row.selector());
    }
    if (sel != null) {
      session.highlight(sel).whenComplete((v, e) -> {
        // The highlight is a courtesy: a missing browser is already shown by the connection panel.
        if (e != null) org.slf4j.LoggerFactory.getLogger(ObservationViewModel.class).debug("highlight: {}", e.getMessage());
      });
    }
  }

  /** Performs the person's action on the selected element (or navigates), as a take-over. */
  public CompletableFuture<?> performTakeOver() {
    String action = takeOverAction.get();
    String value = takeOverValue.get();
    ObsRow row = selected.get();
    TakeOver t;
    if ("navigate".equals(action)) {
      if (value == null || value.isBlank()) {
        problems.accept("Type the address to go to in the value field, then perform again");
        return CompletableFuture.completedFuture(null);
      }
      t = TakeOver.navigate(value.strip());
    } else {
      if (historic.get()) {
        problems.accept("This is the page an earlier step was made against; go back to the live page to act on it");
        return CompletableFuture.completedFuture(null);
      }
      if (row == null || !row.isElement()) {
        problems.accept("Pick an element in the tree first, then choose what to do with it");
        return CompletableFuture.completedFuture(null);
      }
      t = TakeOver.on(action, row.ref(), "click".equals(action) ? null : value);
    }
    // The person chose this action here; if its category asks, choosing it in the window is their approval.
    return session.takeOver(t, step -> Approval.byPerson(step, Approval.Channel.UI)).whenComplete((o, e) -> ui.execute(() -> {
      if (e != null) problems.accept(Problems.describe(e));
      else takeOverValue.set("");
    }));
  }

  /** Where recording is switched in the browser (the bridge in the studio). */
  public void setRecorder(java.util.function.Function<Boolean, CompletableFuture<Boolean>> r) {
    recorder = r;
  }

  /** Asks the browser to report (or stop reporting) what the person does in the page. */
  public void setRecording(boolean on) {
    recorder.apply(on).whenComplete((state, e) -> ui.execute(() -> {
      if (e != null) {
        recording.set(false);
        problems.accept("Recording could not be switched " + (on ? "on" : "off") + ": " + Problems.describe(e)
            + " Connect a browser first.");
      } else {
        recording.set(Boolean.TRUE.equals(state));
      }
    }));
  }

  public ReadOnlyBooleanProperty recordingProperty() { return recording.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<PageObservation> pageProperty() { return page.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty historicProperty() { return historic.getReadOnlyProperty(); }
  public ReadOnlyStringProperty historicLabelProperty() { return historicLabel.getReadOnlyProperty(); }
  /** Writable: the filter field is bound to it both ways. */
  public StringProperty filterTextInputProperty() { return filterText; }
  public ReadOnlyStringProperty filterRoleProperty() { return filterRole.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<List<ObsRow>> rowsProperty() { return rows.getReadOnlyProperty(); }
  /** The roles on the page shown, for the role filter; read-only. */
  public ObservableList<String> roles() { return rolesView; }
  public ReadOnlyObjectProperty<ObsRow> selectedProperty() { return selected.getReadOnlyProperty(); }
  public ReadOnlyStringProperty selectorTextProperty() { return selectorText.getReadOnlyProperty(); }
  public ReadOnlyStringProperty pageLabelProperty() { return pageLabel.getReadOnlyProperty(); }
  /** Writable: the action box is bound to it both ways, and the view picks an action for the person. */
  public StringProperty takeOverActionInputProperty() { return takeOverAction; }
  /** Writable: the value field is bound to it both ways. */
  public StringProperty takeOverValueInputProperty() { return takeOverValue; }
  public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
}

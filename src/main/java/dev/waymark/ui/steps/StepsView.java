package dev.waymark.ui.steps;

import dev.waymark.ui.common.Icons;
import dev.waymark.ui.common.StateCell;
import dev.waymark.ui.common.Styles;
import org.kordamp.ikonli.feather.Feather;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.geometry.Orientation;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** Steps and trail: the workflow being written, every turn including refused ones, and the loop's counters. */
public final class StepsView extends BorderPane {
  private final TableView<Step> stepsTable = new TableView<>();
  private final TableView<ExtTurn> trailTable = new TableView<>();

  public StepsView(StepsViewModel vm) {
    setId("steps-view");
    getStyleClass().add(Styles.PANEL);

    Label budget = counter("budget-label", vm.budgetProperty());
    Label failures = counter("failures-label", vm.failuresProperty());
    Label cont = counter("continue-label", vm.continueTextProperty());
    vm.canContinueProperty().addListener((o, a, b) -> style(cont, b));
    style(cont, vm.canContinueProperty().get());
    Button more = Icons.on(new Button("More turns"), Feather.PLUS_CIRCLE);
    more.setId("keep-going");
    more.setTooltip(new Tooltip("Give the loop 10 more turns and clear the failure count"));
    more.setOnAction(e -> vm.keepGoing());
    Button undo = Icons.on(new Button("Undo last step"), Feather.ROTATE_CCW);
    undo.setId("undo-step");
    undo.setTooltip(new Tooltip("Remove the last step from the workflow (the page is not changed back)"));
    undo.disableProperty().bind(vm.canUndoProperty().not().or(vm.busyProperty()));
    undo.setOnAction(e -> vm.undo());
    // Counters wrap onto a second line in a narrow window instead of being cut to "Can conti…".
    for (javafx.scene.control.Control c : java.util.List.of(budget, failures, cont, more, undo)) c.setMinWidth(Region.USE_PREF_SIZE);
    javafx.scene.layout.FlowPane figures = new javafx.scene.layout.FlowPane(12, 4, budget, failures, cont);
    figures.setAlignment(Pos.CENTER_LEFT);
    HBox buttons = new HBox(8, more, undo);
    buttons.setAlignment(Pos.CENTER_RIGHT);
    buttons.setMinWidth(Region.USE_PREF_SIZE);
    HBox.setHgrow(figures, Priority.ALWAYS);
    HBox counters = new HBox(12, figures, buttons);
    counters.setAlignment(Pos.CENTER_LEFT);
    Label uncertainText = new Label();
    uncertainText.setId("uncertain-text");
    uncertainText.setWrapText(true);
    uncertainText.textProperty().bind(vm.uncertainProperty());
    HBox.setHgrow(uncertainText, Priority.ALWAYS);
    uncertainText.setMaxWidth(Double.MAX_VALUE);
    Button happened = new Button("It happened");
    happened.setId("uncertain-happened");
    happened.setOnAction(e -> vm.resolveUncertain(true));
    Button didNot = new Button("It did not");
    didNot.setId("uncertain-not");
    didNot.setOnAction(e -> vm.resolveUncertain(false));
    HBox uncertainBar = new HBox(8, uncertainText, happened, didNot);
    uncertainBar.setId("uncertain-banner");
    uncertainBar.getStyleClass().add(Styles.BANNER);
    uncertainBar.setAlignment(Pos.CENTER_LEFT);
    uncertainBar.visibleProperty().bind(vm.uncertainProperty().isNotEmpty());
    uncertainBar.managedProperty().bind(uncertainBar.visibleProperty());
    setTop(new VBox(6, counters, uncertainBar));

    stepsTable.setId("steps-table");
    stepsTable.setPlaceholder(new Label("No steps yet"));
    stepsTable.getColumns().add(col("#", 40, s -> String.valueOf(stepsTable.getItems().indexOf(s) + 1)));
    stepsTable.getColumns().add(col("Type", 70, Step::type));
    stepsTable.getColumns().add(col("Label", 220, Step::label));
    stepsTable.getColumns().add(col("Selector", 140, s -> s.selector() == null ? s.url() : s.selector().describe()));
    stepsTable.getColumns().add(col("Value", 110, Step::value));
    stepsTable.getColumns().add(col("Decided by", 80, s -> s.provenance() == null ? "" : s.provenance().by()));
    stepsTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    stepsTable.setItems(vm.steps());
    stepsTable.setRowFactory(t -> new TableRow<>() {
      @Override
      protected void updateItem(Step s, boolean empty) {
        super.updateItem(s, empty);
        getStyleClass().remove(Styles.ROW_PERSON);
        if (!empty && s != null && s.provenance() != null && Provenance.PERSON.equals(s.provenance().by())) {
          getStyleClass().add(Styles.ROW_PERSON);
        }
      }
    });
    stepsTable.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> vm.select(b));

    Label note = new Label();
    note.setId("step-note");
    note.setWrapText(true);
    note.textProperty().bind(vm.noteProperty());
    Label basedOn = new Label();
    basedOn.setId("step-observation");
    basedOn.getStyleClass().add(Styles.HINT);
    basedOn.setWrapText(true);
    basedOn.textProperty().bind(vm.basedOnProperty());
    Button show = new Button("Show that page");
    show.setId("step-show-observation");
    show.disableProperty().bind(vm.selectedProperty().isNull());
    show.setOnAction(e -> vm.showBasis());
    HBox basis = new HBox(8, basedOn, show);
    basis.setAlignment(Pos.CENTER_LEFT);
    HBox.setHgrow(basedOn, Priority.ALWAYS);
    // What replay waits for after the step; a person who knows better drops it (the step then waits for nothing).
    Label expect = new Label();
    expect.setId("step-expect");
    expect.setWrapText(true);
    expect.textProperty().bind(vm.expectProperty());
    Button dropExpect = new Button("Drop expect");
    dropExpect.setId("drop-expect");
    dropExpect.setTooltip(new Tooltip("Replay will not wait for this effect after the step"));
    dropExpect.disableProperty().bind(vm.hasExpectProperty().not().or(vm.busyProperty()));
    dropExpect.setOnAction(e -> vm.dropExpect());
    HBox expectRow = new HBox(8, expect, dropExpect);
    HBox.setHgrow(expect, Priority.ALWAYS);
    VBox details = new VBox(4, note, basis, expectRow);
    details.setId("step-details");
    details.visibleProperty().bind(vm.selectedProperty().isNotNull());
    details.managedProperty().bind(details.visibleProperty());
    VBox stepsBox = new VBox(6, stepsTable, details);
    VBox.setVgrow(stepsTable, Priority.ALWAYS);

    trailTable.setId("trail-table");
    trailTable.setPlaceholder(new Label("No turns yet"));
    trailTable.getColumns().add(col("Turn", 45, t -> String.valueOf(t.turn())));
    TableColumn<ExtTurn, String> state = col("OK", 40, StepsView::state);
    state.setMinWidth(40);
    state.setCellFactory(c -> new StateCell<>(true));
    trailTable.getColumns().add(state);
    trailTable.getColumns().add(col("Type", 70, ExtTurn::type));
    trailTable.getColumns().add(col("Label", 180, ExtTurn::label));
    trailTable.getColumns().add(col("Value", 90, ExtTurn::value));
    trailTable.getColumns().add(col("Error", 220, ExtTurn::error));
    trailTable.getColumns().add(col("What the page did", 200, StepsViewModel::pageDid));
    trailTable.getColumns().add(col("Reasoning", 160, ExtTurn::reasoning));
    trailTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    trailTable.setItems(vm.trail());
    trailTable.setRowFactory(t -> new TableRow<>() {
      @Override
      protected void updateItem(ExtTurn turn, boolean empty) {
        super.updateItem(turn, empty);
        getStyleClass().remove(Styles.ROW_FAILED);
        if (!empty && turn != null && !turn.ok() && !turn.done()) getStyleClass().add(Styles.ROW_FAILED);
        setTooltip(empty || turn == null || turn.error() == null ? null : new Tooltip(turn.error()));
      }
    });
    vm.trail().addListener((javafx.collections.ListChangeListener<ExtTurn>) c -> {
      if (!vm.trail().isEmpty()) trailTable.scrollTo(vm.trail().size() - 1);
    });

    Tab stepsTab = new Tab("Steps", stepsBox);
    stepsTab.setId("tab-steps");
    stepsTab.setClosable(false);
    Tab trailTab = new Tab("Trail", trailTable);
    trailTab.setId("tab-trail");
    trailTab.setClosable(false);
    vm.steps().addListener((javafx.collections.ListChangeListener<Step>) c -> stepsTab.setText("Steps (" + vm.steps().size() + ")"));
    vm.trail().addListener((javafx.collections.ListChangeListener<ExtTurn>) c -> trailTab.setText("Trail (" + vm.trail().size() + ")"));
    TabPane tabs = new TabPane(stepsTab, trailTab);
    tabs.setId("steps-tabs");
    setCenter(tabs);
    BorderPane.setMargin(tabs, new javafx.geometry.Insets(6, 0, 0, 0));
  }

  /** A turn's state word: the trail shows it with an icon and a colour (StateCell). */
  static String state(ExtTurn t) {
    return t.done() ? "done" : t.ok() ? "ok" : "failed";
  }

  private static void style(Label l, boolean ok) {
    l.getStyleClass().removeAll(Styles.OK_TEXT, Styles.WARN_TEXT);
    l.getStyleClass().add(ok ? Styles.OK_TEXT : Styles.WARN_TEXT);
  }

  private static Label counter(String id, javafx.beans.value.ObservableValue<String> text) {
    Label l = new Label();
    l.setId(id);
    l.textProperty().bind(text);
    return l;
  }

  private static <T> TableColumn<T, String> col(String title, double width, Function<T, String> f) {
    TableColumn<T, String> c = new TableColumn<>(title);
    c.setPrefWidth(width);
    c.setSortable(false);
    c.setCellValueFactory(p -> new ReadOnlyStringWrapper(p.getValue() == null ? "" : String.valueOf(orEmpty(f.apply(p.getValue())))));
    return c;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  public TableView<Step> stepsTable() { return stepsTable; }
  public TableView<ExtTurn> trailTable() { return trailTable; }
}

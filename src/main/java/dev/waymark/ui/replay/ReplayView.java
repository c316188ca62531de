package dev.waymark.ui.replay;

import dev.waymark.ui.common.StateCell;
import dev.waymark.ui.common.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The Replay window: the workflow, Run and Stop, each step's status and time, the heals to review, the stored data. */
public final class ReplayView extends BorderPane {
  private final ReplayViewModel vm;

  public ReplayView(ReplayViewModel vm, Runnable openFile, Runnable takeSession) {
    this.vm = vm;
    setId("replay-view");
    getStyleClass().add(Styles.PANEL);
    Button open = new Button("Open workflow…");
    open.setId("replay-open");
    open.setOnAction(e -> openFile.run());
    Button session = new Button("Take the session's workflow");
    session.setId("replay-session");
    session.setOnAction(e -> takeSession.run());
    Button run = new Button("Run");
    run.setId("replay-run");
    run.setDefaultButton(true);
    run.setOnAction(e -> vm.run());
    Button stop = new Button("Stop");
    stop.setId("replay-stop");
    stop.setOnAction(e -> vm.stop());
    Button pause = new Button("Pause");
    pause.setId("replay-pause");
    pause.setOnAction(e -> vm.pause());
    Button resume = new Button("Resume");
    resume.setId("replay-resume");
    resume.setOnAction(e -> vm.resume());
    Button step = new Button("Step");
    step.setId("replay-step");
    step.setOnAction(e -> vm.stepOnce());
    Button breakpoint = new Button("Breakpoint");
    breakpoint.setId("replay-breakpoint");
    breakpoint.setTooltip(new javafx.scene.control.Tooltip("Stop before the selected step (again: clear it)"));
    open.disableProperty().bind(vm.runningProperty());
    session.disableProperty().bind(vm.runningProperty());
    run.disableProperty().bind(vm.runningProperty().or(vm.loadedProperty().not()));
    stop.disableProperty().bind(vm.runningProperty().not());
    pause.disableProperty().bind(vm.runningProperty().not().or(vm.pausedProperty()));
    resume.disableProperty().bind(vm.pausedProperty().not());
    step.disableProperty().bind(vm.pausedProperty().not());
    Label name = new Label();
    name.setId("replay-workflow");
    name.getStyleClass().add(Styles.PANEL_TITLE);
    name.textProperty().bind(vm.workflowNameProperty());
    TableView<ReplayViewModel.Row> steps = new TableView<>(vm.rows());
    steps.setId("replay-steps");
    breakpoint.setOnAction(e -> {
      ReplayViewModel.Row selected = steps.getSelectionModel().getSelectedItem();
      if (selected != null) vm.toggleBreakpoint(selected.stepId());
    });
    Button keepass = new Button("KeePass file…");
    keepass.setId("replay-keepass");
    keepass.setTooltip(new javafx.scene.control.Tooltip("Take values from a KeePass database instead of the OS keyring"));
    keepass.setOnAction(e -> VaultDialogs.openKeePass(getScene().getWindow(), vm));
    Button revoke = new Button("Revoke values");
    revoke.setId("replay-revoke");
    revoke.setTooltip(new javafx.scene.control.Tooltip("Take back this workflow's permission to use values from your store"));
    revoke.setOnAction(e -> vm.revokeApproval());
    keepass.disableProperty().bind(vm.runningProperty());
    revoke.disableProperty().bind(vm.runningProperty().or(vm.loadedProperty().not()));
    vm.approvalNeededProperty().addListener((o, was, names) -> {
      if (!names.isEmpty()) javafx.application.Platform.runLater(() -> VaultDialogs.askApproval(getScene(), vm, names));
    });
    // The store's buttons have a row of their own: a toolbar that overflows hides its last buttons behind a chevron.
    javafx.scene.layout.HBox values = new javafx.scene.layout.HBox(6, new javafx.scene.control.Label("Values from your store:"),
        keepass, revoke);
    values.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    values.setPadding(new javafx.geometry.Insets(2, 8, 2, 8));
    setTop(new VBox(new ToolBar(open, session, run, pause, step, resume, stop, breakpoint), values, name));
    steps.getColumns().add(col("", 28, r -> vm.hasBreakpoint(r.stepId()) ? "●" : ""));
    steps.getColumns().add(col("Step", 60, ReplayViewModel.Row::stepId));
    steps.getColumns().add(col("Type", 90, ReplayViewModel.Row::type));
    steps.getColumns().add(col("Label", 240, ReplayViewModel.Row::label));
    TableColumn<ReplayViewModel.Row, String> state = col("Status", 130, ReplayViewModel.Row::status);
    state.setCellFactory(c -> new StateCell<>());
    steps.getColumns().add(state);
    steps.getColumns().add(col("ms", 60, ReplayViewModel.Row::ms));
    steps.getColumns().add(col("What the page did", 360, ReplayViewModel.Row::detail));
    steps.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    VBox.setVgrow(steps, Priority.ALWAYS);
    Label healsTitle = new Label("Heals (the selector no longer led to the step's element; check each before you keep it)");
    ListView<String> heals = new ListView<>(vm.heals());
    heals.setId("replay-heals");
    heals.setPrefHeight(90);
    Button accept = new Button("Accept");
    accept.setId("replay-heal-accept");
    Button reject = new Button("Reject");
    reject.setId("replay-heal-reject");
    Button save = new Button("Save healed copy…");
    save.setId("replay-heals-save");
    accept.disableProperty().bind(heals.getSelectionModel().selectedItemProperty().isNull());
    reject.disableProperty().bind(heals.getSelectionModel().selectedItemProperty().isNull());
    save.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(vm.heals()).or(vm.runningProperty()));
    accept.setOnAction(e -> answer(heals, true));
    reject.setOnAction(e -> answer(heals, false));
    save.setOnAction(e -> {
      javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
      chooser.setTitle("Save the workflow with the accepted heals");
      chooser.setInitialFileName(vm.healedFileName());
      chooser.getExtensionFilters().add(new javafx.stage.FileChooser.ExtensionFilter("Workflow YAML", "*.yaml", "*.yml"));
      java.io.File f = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
      if (f != null) vm.saveHealed(f.toPath());
    });
    ToolBar healTools = new ToolBar(accept, reject, save);
    healTools.setId("replay-heal-tools");
    Label storedTitle = new Label("Stored data");
    ListView<String> stored = new ListView<>(vm.stored());
    stored.setId("replay-stored");
    stored.setPrefHeight(70);
    setCenter(new VBox(6, steps, healsTitle, heals, healTools, storedTitle, stored));
    Label status = new Label();
    status.setId("replay-status");
    status.setWrapText(true);
    status.textProperty().bind(vm.statusProperty());
    setBottom(status);
  }

  private void answer(ListView<String> heals, boolean accept) {
    int i = heals.getSelectionModel().getSelectedIndex();
    if (accept) vm.acceptHeal(i);
    else vm.rejectHeal(i);
    heals.getSelectionModel().select(i);
  }

  public ReplayViewModel viewModel() {
    return vm;
  }

  private static TableColumn<ReplayViewModel.Row, String> col(String title, double width,
      Function<ReplayViewModel.Row, String> value) {
    TableColumn<ReplayViewModel.Row, String> c = new TableColumn<>(title);
    c.setPrefWidth(width);
    c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
    return c;
  }

  /** Opens the view in a window of its own, over the studio. */
  public static Stage show(Window owner, ReplayView view) {
    Stage stage = new Stage();
    stage.initOwner(owner);
    stage.setTitle("Replay — Waymark");
    Scene scene = new Scene(view, 1000, 640);
    if (owner != null && owner.getScene() != null) scene.getStylesheets().addAll(owner.getScene().getStylesheets());
    stage.setScene(scene);
    stage.show();
    return stage;
  }
}

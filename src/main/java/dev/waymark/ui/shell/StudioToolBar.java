package dev.waymark.ui.shell;

import dev.waymark.ui.common.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The studio's toolbar: the goal and workflow id the session is authored for, and the model's Ask, Run and Stop.
 * Apart from {@link StudioView} because it is bound to {@link StudioViewModel} alone and has rules of its own (the goal
 * is committed when a field loses focus; without a model the model buttons stay off).
 */
final class StudioToolBar extends ToolBar {
  StudioToolBar(StudioViewModel vm) {
    Label goalLabel = new Label("Goal");
    goalLabel.getStyleClass().add(Styles.FIELD_LABEL);
    TextField goal = new TextField();
    goal.setId("goal-field");
    goal.setPromptText("What should the workflow do? e.g. Sign in and download the latest invoice");
    goal.textProperty().bindBidirectional(vm.goalInputProperty());
    HBox.setHgrow(goal, Priority.ALWAYS);
    Label idLabel = new Label("Workflow id");
    idLabel.getStyleClass().add(Styles.FIELD_LABEL);
    TextField id = new TextField();
    id.setId("workflow-id-field");
    id.setPrefColumnCount(12);
    id.textProperty().bindBidirectional(vm.workflowIdInputProperty());
    for (TextField f : new TextField[] {goal, id}) {
      f.focusedProperty().addListener((o, a, focused) -> {
        vm.setEditingGoal(focused);
        if (!focused) vm.commitGoal();
      });
      f.setOnAction(e -> vm.commitGoal());
    }
    Button ask = new Button("Ask model");
    ask.setId("ask-model");
    Button run = new Button("Run model");
    run.setId("run-model");
    Button stop = new Button("Stop");
    stop.setId("stop-model");
    stop.setOnAction(e -> vm.stopModel());
    stop.disableProperty().bind(vm.modelRunningProperty().not());
    if (vm.hasModel()) {
      ask.setTooltip(new Tooltip("Ask " + vm.modelName() + " for the next decision; it appears in the editor"));
      run.setTooltip(new Tooltip("Let " + vm.modelName() + " decide turn after turn; risky steps still wait for you"));
      ask.setOnAction(e -> vm.askModel());
      run.setOnAction(e -> vm.runModel());
      ask.disableProperty().bind(vm.busyProperty().or(vm.modelRunningProperty()));
      run.disableProperty().bind(vm.busyProperty().or(vm.modelRunningProperty()));
    } else {
      // Without a model the person decides each step: take over in the page tree, or write the decision.
      ask.setDisable(true);
      run.setDisable(true);
    }
    Label noModel = new Label(vm.hasModel() ? "Model: " + vm.modelName() : "No model configured — you decide each step");
    noModel.setId("model-status");
    noModel.getStyleClass().add(Styles.HINT);
    getItems().addAll(goalLabel, goal, idLabel, id, ask, run, stop, noModel);
    setId("tool-bar");
    StudioIcons.decorate(this);
  }
}

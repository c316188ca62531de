package dev.waymark.ui.agents;

import dev.waymark.ui.common.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The agents panel: turn the MCP endpoint on, see its address, copy the token or a client configuration. */
public final class AgentsView extends VBox {
  private final AgentsViewModel vm;

  public AgentsView(AgentsViewModel vm) {
    this.vm = vm;
    setId("agents-view");
    getStyleClass().add(Styles.PANEL);
    setSpacing(6);
    Label title = new Label("Agents (MCP)");
    title.getStyleClass().add(Styles.PANEL_TITLE);
    Label hint = new Label("Claude Code, Cursor, VS Code or any MCP client can run tasks in this window's session. "
        + "You approve their risky steps here or in Chrome; they never see values.");
    hint.getStyleClass().add(Styles.HINT);
    hint.setWrapText(true);

    CheckBox on = new CheckBox("Let agents connect");
    on.setId("agents-serving");
    on.selectedProperty().set(vm.servingProperty().get());
    vm.servingProperty().addListener((o, a, b) -> on.setSelected(b));
    on.disableProperty().bind(vm.startingProperty());
    on.setOnAction(e -> vm.setServing(on.isSelected()));

    TextField address = new TextField();
    address.setId("agents-url");
    address.setEditable(false);
    address.getStyleClass().add(Styles.MONO);
    address.textProperty().bind(vm.urlProperty());
    address.setPromptText("off");
    HBox.setHgrow(address, Priority.ALWAYS);
    Button copyUrl = new Button("Copy");
    copyUrl.setId("agents-copy-url");
    copyUrl.setTooltip(new Tooltip("Copy the address"));
    copyUrl.disableProperty().bind(vm.servingProperty().not());
    copyUrl.setOnAction(e -> copy(vm.urlProperty().get()));
    HBox addressRow = new HBox(6, new Label("Address"), address, copyUrl);
    addressRow.setAlignment(Pos.CENTER_LEFT);

    Label token = new Label("••••••••••••");
    token.setId("agents-token");
    token.getStyleClass().add(Styles.MONO);
    Button copyToken = new Button("Copy token");
    copyToken.setId("agents-copy-token");
    copyToken.setOnAction(e -> vm.copyToken(AgentsView::copy));
    Button copyConfig = new Button("Copy client config");
    copyConfig.setId("agents-copy-config");
    copyConfig.setTooltip(new Tooltip("An mcpServers entry with the address and the token, for Claude Code, VS Code and others"));
    copyConfig.setOnAction(e -> vm.copyClientConfig(AgentsView::copy));
    Button renew = new Button("New token");
    renew.setId("agents-new-token");
    renew.setOnAction(e -> vm.newToken());
    HBox tokenRow = new HBox(6, new Label("Token"), token);
    tokenRow.setAlignment(Pos.CENTER_LEFT);
    javafx.scene.layout.FlowPane buttons = new javafx.scene.layout.FlowPane(6, 6, copyToken, copyConfig, renew);

    Label status = new Label();
    status.setId("agents-status");
    status.setWrapText(true);
    status.textProperty().bind(vm.statusProperty());
    Label activity = new Label();
    activity.setId("agents-activity");
    activity.setWrapText(true);
    activity.getStyleClass().add(Styles.HINT);
    activity.textProperty().bind(vm.activityProperty());

    CheckBox pageText = new CheckBox("Agents read the page's text");
    pageText.setId("agents-page-text");
    pageText.selectedProperty().bindBidirectional(vm.pageTextInputProperty());
    pageText.setTooltip(new Tooltip("Each observation carries up to " + String.format("%,d", dev.waymark.session.PageTextSwitch.CHARS)
        + " characters of the page's readable text, with values masked, so an agent can read what a step did. Off: the "
        + "page's controls only."));

    getChildren().addAll(title, hint, on, pageText, addressRow, tokenRow, buttons, status, activity, taskList());
  }

  /** The agents' tasks with their state, and the person's Stop, Approve and Reject for the one selected. */
  private VBox taskList() {
    javafx.scene.control.ListView<dev.waymark.agent.AgentTasks.TaskSummary> list = new javafx.scene.control.ListView<>(vm.taskRows());
    list.setId("agents-tasks");
    list.setPrefHeight(120);
    list.setPlaceholder(new Label("No agent tasks."));
    list.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
      @Override
      protected void updateItem(dev.waymark.agent.AgentTasks.TaskSummary t, boolean empty) {
        super.updateItem(t, empty);
        setText(empty || t == null ? null : t.taskId() + " · " + t.goal() + " · " + t.state()
            + (t.waitingFor() == null ? "" : " (" + t.waitingFor() + ")"));
        setWrapText(true);
      }
    });
    Button stop = new Button("Stop task");
    stop.setId("agents-stop-task");
    Button approve = new Button("Approve");
    approve.setId("agents-approve");
    Button reject = new Button("Reject");
    reject.setId("agents-reject");
    var selected = list.getSelectionModel().selectedItemProperty();
    // The rows are read again every second: the person's selection follows its task, not its row object.
    String[] chosen = {null};
    selected.addListener((o, a, b) -> { if (b != null) chosen[0] = b.taskId(); });
    vm.taskRows().addListener((javafx.collections.ListChangeListener<dev.waymark.agent.AgentTasks.TaskSummary>) c -> {
      for (var t : vm.taskRows()) if (t.taskId().equals(chosen[0])) list.getSelectionModel().select(t);
    });
    stop.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
        () -> selected.get() == null || selected.get().state().startsWith("ended"), selected));
    javafx.beans.binding.BooleanBinding noQuestion = javafx.beans.binding.Bindings.createBooleanBinding(
        () -> selected.get() == null || selected.get().waitingFor() == null || !selected.get().waitingFor().startsWith("approval"),
        selected);
    approve.disableProperty().bind(noQuestion);
    reject.disableProperty().bind(noQuestion);
    stop.setOnAction(e -> vm.stop(selected.get().taskId()));
    approve.setOnAction(e -> vm.answer(selected.get().taskId(), true));
    reject.setOnAction(e -> vm.answer(selected.get().taskId(), false));
    // Tasks beside the window's run in sessions of their own: their states are read again every second.
    javafx.animation.Timeline refresh = new javafx.animation.Timeline(new javafx.animation.KeyFrame(
        javafx.util.Duration.seconds(1), e -> vm.refreshTasks()));
    refresh.setCycleCount(javafx.animation.Animation.INDEFINITE);
    refresh.play();
    return new VBox(4, new Label("Tasks"), list, new HBox(6, stop, approve, reject));
  }

  private static void copy(String text) {
    ClipboardContent c = new ClipboardContent();
    c.putString(text);
    Clipboard.getSystemClipboard().setContent(c);
  }

  public AgentsViewModel viewModel() {
    return vm;
  }
}

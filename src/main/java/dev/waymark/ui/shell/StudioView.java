package dev.waymark.ui.shell;

import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.ui.approval.ApprovalView;
import dev.waymark.ui.approval.ApprovalViewModel;
import dev.waymark.ui.handover.UserStepView;
import dev.waymark.ui.handover.UserStepViewModel;
import dev.waymark.ui.common.Styles;
import dev.waymark.ui.connection.ConnectionView;
import dev.waymark.ui.common.LaunchEngine;
import dev.waymark.ui.connection.ConnectionViewModel;
import dev.waymark.ui.decision.DecisionEditorView;
import dev.waymark.ui.decision.DecisionEditorViewModel;
import dev.waymark.ui.files.WorkflowInspector;
import dev.waymark.ui.observation.ObsRow;
import dev.waymark.ui.observation.ObservationView;
import dev.waymark.ui.observation.ObservationViewModel;
import dev.waymark.ui.settings.SettingsDialog;
import dev.waymark.ui.help.ShortcutsSheet;
import dev.waymark.ui.steps.StepsView;
import dev.waymark.ui.theme.Appearance;
import dev.waymark.ui.theme.ThemeViewModel;
import dev.waymark.ui.steps.StepsViewModel;
import dev.waymark.ui.variables.VariablesView;
import dev.waymark.ui.variables.VariablesViewModel;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import dev.waymark.ui.replay.ReplayView;
import dev.waymark.ui.replay.ReplayViewModel;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.NotificationPane;
import org.controlsfx.control.StatusBar;

/**
 * The studio window's content: menus and toolbar, the browser and variables on the left, the page tree in the
 * middle, the approval pane, decision editor, steps and trail on the right, a status bar, and a notification
 * bar for what the person must know. Every feature is its own view and view model; this class wires them to
 * the session and holds the keyboard shortcuts.
 */
public final class StudioView extends BorderPane {
  public static final KeyCombination APPROVE = new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN);
  public static final KeyCombination REJECT = new KeyCodeCombination(KeyCode.BACK_SPACE, KeyCombination.SHORTCUT_DOWN);
  public static final KeyCombination EDIT = new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN);
  public static final KeyCombination TAKE_OVER = new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN);
  public static final KeyCombination APPLY = new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

  /** The OS keyring, reached on first use (off the FX thread) by the Replay window and the Variables panel. */
  private final dev.waymark.secrets.KeyringStore keyring = new dev.waymark.secrets.KeyringStore();
  private final StudioContext ctx;
  private final StudioViewModel vm;
  private final NotificationPane notification;
  private final ObservationViewModel observationVm;
  private final ObservationView observationView;
  private final DecisionEditorViewModel decisionVm;
  private final ApprovalViewModel approvalVm;
  private final UserStepViewModel userStepVm;
  private final StepsViewModel stepsVm;
  private final VariablesViewModel variablesVm;
  private final StepsView stepsView;
  private final Consumer<SessionSnapshot> listener;
  private final dev.waymark.ui.agents.AgentsViewModel agentsVm;
  private final dev.waymark.ui.observation.PictureViewModel pictureVm;
  private dev.waymark.apply.ApplyOutput toasted;
  private final ThemeViewModel themeVm;
  private final java.nio.file.Path engineFile;

  /** A studio whose theme choice is kept beside the approval policy and whose "system" theme is light. */
  public StudioView(StudioContext ctx) {
    this(ctx, Appearance.besidePolicy(ctx.approvalFile()));
  }

  /** A studio wearing the theme the appearance says (the app: the config folder and the desktop's preference). */
  public StudioView(StudioContext ctx, Appearance appearance) {
    this.ctx = ctx;
    setId("studio-root");
    getStyleClass().add("wm-root");
    AuthoringSession session = ctx.session();
    notification = new NotificationPane();
    notification.setId("notification-pane");
    notification.setShowFromTop(true);
    Consumer<String> problems = this::showProblem;
    themeVm = new ThemeViewModel(appearance, ctx.ui(), problems);
    engineFile = ctx.approvalFile() == null ? null : LaunchEngine.besidePolicy(ctx.approvalFile());
    if (engineFile != null) {
      try {
        // Once, at start: a few bytes, read before Launch browser can be pressed.
        ctx.connection().useEngine(LaunchEngine.load(engineFile));
      } catch (java.io.IOException e) {
        problems.accept(e.getMessage() + ". Until then Launch browser starts Chromium.");
      }
    }

    vm = new StudioViewModel(ctx, problems);
    observationVm = new ObservationViewModel(session, ctx.ui(), problems);
    pictureVm = new dev.waymark.ui.observation.PictureViewModel(session, ctx.ui());
    observationView = new ObservationView(observationVm, pictureVm);
    observationVm.setRecorder(on -> {
      if (!on) return ctx.connection().record(false);
      // Fresh salt each time: the page learns only digests that are useless after this recording.
      byte[] salt = new byte[32];
      new java.security.SecureRandom().nextBytes(salt);
      String salt64 = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(salt);
      return session.valueDigests(salt).thenCompose(d -> ctx.connection().record(true, salt64, d));
    });
    ctx.connection().onPersonAction(a -> session.recordPersonAction(a).whenComplete((o, e) -> {
      if (e != null) ctx.ui().execute(() -> showProblem(dev.waymark.ui.common.Problems.describe(e)));
    }));
    decisionVm = new DecisionEditorViewModel(session, ctx.ui(), problems, () -> {
      ObsRow r = observationVm.selectedProperty().get();
      return r == null || r.ref() == null ? null : r.ref();
    });
    DecisionEditorView decisionView = new DecisionEditorView(decisionVm);
    approvalVm = new ApprovalViewModel(session, ctx.ui(), problems, decisionVm::editPending,
        p -> observationView.takeOverOn(p.node(), p.step().type()));
    ApprovalView approvalView = new ApprovalView(approvalVm);
    userStepVm = new UserStepViewModel(session, ctx.ui(), problems);
    UserStepView userStepView = new UserStepView(userStepVm);
    stepsVm = new StepsViewModel(session, ctx.ui(), problems, observationVm::showHistoric);
    stepsView = new StepsView(stepsVm);
    variablesVm = new VariablesViewModel(session, ctx.ui(), problems, keyring);
    VariablesView variablesView = new VariablesView(variablesVm);
    ConnectionViewModel connectionVm = new ConnectionViewModel(ctx.connection(), ctx.ui(), problems);
    ConnectionView connectionView = new ConnectionView(connectionVm);

    agentsVm = new dev.waymark.ui.agents.AgentsViewModel(session, ctx.ui(), problems, ctx.replayBrowser(),
        ctx.agents().configDir(), ctx.agents().port(), ctx.agents().moreLanes(), ctx.agents().pageText());
    dev.waymark.ui.agents.AgentsView agentsView = new dev.waymark.ui.agents.AgentsView(agentsVm);

    VBox left = new VBox(10, connectionView, variablesView, agentsView);
    left.setPadding(new Insets(8));
    ScrollPane leftScroll = new ScrollPane(left);
    leftScroll.setFitToWidth(true);
    leftScroll.setId("left-pane");
    BorderPane center = new BorderPane(observationView);
    center.setPadding(new Insets(8));
    VBox rightTop = new VBox(8, userStepView, approvalView, decisionView);
    VBox.setVgrow(decisionView, Priority.ALWAYS);
    rightTop.setPadding(new Insets(8));
    stepsView.setPadding(new Insets(8));
    SplitPane right = new SplitPane(rightTop, stepsView);
    right.setOrientation(Orientation.VERTICAL);
    right.setDividerPositions(0.5);
    SplitPane main = new SplitPane(leftScroll, center, right);
    main.setId("main-split");
    main.setDividerPositions(0.25, 0.6);
    leftScroll.setMinWidth(330);
    SplitPane.setResizableWithParent(leftScroll, false);

    VBox content = new VBox(recoveryBanner(), main);
    VBox.setVgrow(main, Priority.ALWAYS);
    notification.setContent(content);

    setTop(new VBox(menuBar(), toolBar()));
    setCenter(notification);
    setBottom(statusBar());

    listener = new SnapshotFanOut()
        .add("StudioViewModel", vm::accept)
        .add("ObservationViewModel", observationVm::accept)
        .add("PictureViewModel", pictureVm::accept)
        .add("DecisionEditorViewModel", decisionVm::accept)
        .add("ApprovalViewModel", approvalVm::accept)
        .add("UserStepViewModel", userStepVm::accept)
        .add("StepsViewModel", stepsVm::accept)
        .add("VariablesViewModel", variablesVm::accept)
        .add("ConnectionViewModel", connectionVm::accept)
        .add("AgentsViewModel", agentsVm::accept)
        .add("OutcomeToasts", this::toastOutcome);
    session.addListener(listener);
    sceneProperty().addListener((o, a, scene) -> {
      if (scene != null) installShortcuts(scene);
    });
  }

  /** Shows a message the person must read; it stays until closed or replaced. */
  public void showProblem(String message) {
    if (message == null || message.isBlank()) return;
    if (notification.isShowing()) notification.hide();
    notification.setText(message);
    notification.show();
  }

  private Region recoveryBanner() {
    Label text = new Label();
    text.setId("recovery-text");
    text.setWrapText(true);
    text.textProperty().bind(vm.recoveryTextProperty());
    HBox.setHgrow(text, Priority.ALWAYS);
    text.setMaxWidth(Double.MAX_VALUE);
    Button recover = new Button("Recover");
    recover.setId("recovery-recover");
    recover.getStyleClass().add(Styles.PRIMARY);
    recover.setOnAction(e -> vm.recover());
    Button discard = new Button("Discard");
    discard.setId("recovery-discard");
    discard.setOnAction(e -> vm.discardRecovery());
    HBox banner = new HBox(8, text, recover, discard);
    banner.setId("recovery-banner");
    banner.setAlignment(Pos.CENTER_LEFT);
    banner.getStyleClass().add(Styles.BANNER);
    banner.setPadding(new Insets(8, 12, 8, 12));
    banner.visibleProperty().bind(vm.recoveryProperty().isNotNull());
    banner.managedProperty().bind(banner.visibleProperty());
    return banner;
  }

  private MenuBar menuBar() {
    Menu file = new Menu("File");
    file.getItems().addAll(
        item("menu-new", "New session", null, vm::newSession),
        item("menu-open", "Open session…", "Shortcut+O", vm::open),
        item("menu-save", "Save session", "Shortcut+S", vm::save),
        item("menu-save-as", "Save session as…", "Shortcut+Shift+S", vm::saveAs),
        new SeparatorMenuItem(),
        item("menu-export", "Export workflow YAML…", "Shortcut+Shift+E", vm::export),
        item("menu-copy-yaml", "Copy workflow YAML", "Shortcut+Shift+C", this::copyYaml),
        item("menu-inspect", "Open workflow to inspect…", null,
            () -> vm.inspectWorkflow((name, text) -> WorkflowInspector.show(getScene().getWindow(), name, text))),
        item("menu-replay", "Replay a workflow…", "Shortcut+R", () -> openReplay()),
        new SeparatorMenuItem(),
        item("menu-export-playwright", "Export as Playwright test…", null, vm::exportPlaywright),
        item("menu-export-recorder", "Export as Recorder flow…", null, vm::exportRecorder),
        item("menu-import-recorder", "Import Recorder flow…", null, vm::importRecorder),
        new SeparatorMenuItem(),
        item("menu-settings", "Settings…", "Shortcut+Comma", this::openSettings),
        new SeparatorMenuItem(),
        item("menu-quit", "Quit", "Shortcut+Q", () -> getScene().getWindow().hide()));
    Menu step = new Menu("Step");
    step.getItems().addAll(
        item("menu-observe", "Observe the page", "F5", observationVm::observe),
        item("menu-apply", "Apply the decision", APPLY.getName(), decisionVm::apply),
        new SeparatorMenuItem(),
        item("menu-approve", "Approve", APPROVE.getName(), approvalVm::approve),
        item("menu-reject", "Reject", REJECT.getName(), approvalVm::reject),
        item("menu-edit", "Edit the waiting step", EDIT.getName(), approvalVm::edit),
        item("menu-takeover", "Take over", TAKE_OVER.getName(), approvalVm::takeOver),
        new SeparatorMenuItem(),
        item("menu-undo", "Undo last step", "Shortcut+Z", stepsVm::undo));
    Menu help = new Menu("Help");
    help.getItems().add(item("menu-shortcuts", "Keyboard shortcuts", "F1", this::openShortcuts));
    MenuBar bar = new MenuBar(file, step, help);
    bar.setId("menu-bar");
    StudioIcons.decorate(bar.getMenus());
    return bar;
  }

  /** The Replay window: a workflow file or the session's own, replayed in the connected browser without a model. */
  /**
   * Opens what the desktop opened Waymark with: a saved session ({@code .waymark.json}, {@code .json}) in the window,
   * a workflow ({@code .yaml}, {@code .yml}) in the Replay window.
   */
  public void openFile(java.nio.file.Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    if (name.endsWith(".json")) {
      vm.openSession(file);
    } else if (name.endsWith(".yaml") || name.endsWith(".yml")) {
      ReplayViewModel replay = openReplay();
      vm.readWorkflow(file, replay::load);
    } else {
      showProblem("Waymark opens saved sessions (.waymark.json) and workflows (.yaml); " + file.getFileName() + " is neither");
    }
  }

  private ReplayViewModel openReplay() {
    ReplayViewModel replay = new ReplayViewModel(ctx.ui(), ctx.replayBrowser());
    if (ctx.approvalFile() != null) {
      replay.useVault(new dev.waymark.ui.replay.ReplayVault(keyring,
          dev.waymark.secrets.VariableApprovals.besidePolicy(ctx.approvalFile())));
    }
    ReplayView replayView = new ReplayView(replay,
        () -> vm.inspectWorkflow(replay::load),
        () -> ctx.session().exportYaml().whenComplete((yaml, e) -> ctx.ui().execute(() -> {
          if (e == null) replay.load("the session's workflow", yaml);
          else showProblem("The session's workflow could not be written: " + e.getMessage());
        })));
    ReplayView.show(getScene().getWindow(), replayView);
    return replay;
  }

  private static MenuItem item(String id, String text, String accel, Runnable action) {
    MenuItem mi = new MenuItem(text);
    mi.setId(id);
    if (accel != null) mi.setAccelerator(KeyCombination.keyCombination(accel));
    mi.setOnAction(e -> action.run());
    return mi;
  }

  private ToolBar toolBar() {
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
    ToolBar bar = new ToolBar(goalLabel, goal, idLabel, id, ask, run, stop, noModel);
    bar.setId("tool-bar");
    StudioIcons.decorate(bar);
    return bar;
  }

  private StatusBar statusBar() {
    StatusBar bar = new StatusBar();
    bar.setId("status-bar");
    Runnable update = () -> {
      String a = vm.activityProperty().get();
      bar.setText(a != null && !a.isEmpty() ? a : vm.infoProperty().get() == null || vm.infoProperty().get().isEmpty() ? "Ready" : vm.infoProperty().get());
      bar.setProgress(vm.busyProperty().get() ? -1 : 0);
    };
    vm.activityProperty().addListener((o, a, b) -> update.run());
    vm.infoProperty().addListener((o, a, b) -> update.run());
    vm.busyProperty().addListener((o, a, b) -> update.run());
    update.run();
    // Beside the progress it stops: a long extractList ends with the rows read so far (the status says how many).
    Button stopLong = new Button("Stop");
    stopLong.setId("stop-long-step");
    stopLong.setTooltip(new Tooltip("Stop reading the list; the rows read so far are kept, marked truncated"));
    stopLong.setOnAction(e -> vm.stopLongStep());
    stopLong.visibleProperty().bind(vm.longStepProperty().isNotNull());
    stopLong.managedProperty().bind(stopLong.visibleProperty());
    bar.getLeftItems().add(stopLong);
    Label usage = new Label();
    usage.setId("usage-status");
    usage.textProperty().bind(vm.usageProperty());
    bar.getRightItems().add(usage);
    Label journal = new Label();
    journal.setId("journal-status");
    journal.textProperty().bind(vm.journalProperty());
    bar.getRightItems().add(journal);
    return bar;
  }

  private void installShortcuts(Scene scene) {
    // A filter, not accelerators: the focused text field would otherwise eat Ctrl+Backspace and Ctrl+E.
    scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
      boolean waiting = approvalVm.pendingProperty().get() != null;
      if (APPLY.match(e)) {
        decisionVm.apply();
        e.consume();
      } else if (waiting && APPROVE.match(e)) {
        approvalVm.approve();
        e.consume();
      } else if (waiting && REJECT.match(e)) {
        approvalVm.reject();
        e.consume();
      } else if (waiting && EDIT.match(e)) {
        approvalVm.edit();
        e.consume();
      } else if (waiting && TAKE_OVER.match(e)) {
        approvalVm.takeOver();
        e.consume();
      }
    });
  }

  private void copyYaml() {
    vm.copyYaml(yaml -> {
      ClipboardContent c = new ClipboardContent();
      c.putString(yaml);
      Clipboard.getSystemClipboard().setContent(c);
    });
  }

  private void openSettings() {
    SettingsDialog d = new SettingsDialog(ctx.session().policy(), ctx.session().latest().state().capabilities(),
        themeVm.choiceProperty().get(), ctx.connection().engine());
    if (getScene() != null) d.initOwner(getScene().getWindow());
    d.showAndWait().ifPresent(p -> {
      vm.applySettings(p, d.capabilities());
      themeVm.choose(d.theme());
      chooseEngine(d.engine());
    });
  }

  /** The browser Launch browser starts from now on, kept beside the approval policy (written off the FX thread). */
  private void chooseEngine(LaunchEngine engine) {
    if (engine == ctx.connection().engine()) return;
    ctx.connection().useEngine(engine);
    if (engineFile == null) return;
    dev.waymark.ui.common.UiThreads.worker().execute(() -> {
      try {
        LaunchEngine.save(engineFile, engine);
      } catch (java.io.IOException e) {
        ctx.ui().execute(() -> showProblem("Launch browser starts " + engine.label() + " now, but the choice could not be "
            + "saved (" + e.getMessage() + "); the studio will start with the previous one"));
      }
    });
  }

  /** Help → Keyboard shortcuts: read from the menus as they are now. */
  private void openShortcuts() {
    MenuBar bar = (MenuBar) lookup("#menu-bar");
    ShortcutsSheet.dialog(getScene() == null ? null : getScene().getWindow(), bar.getMenus()).show();
  }

  /** Detaches from the session; the caller closes the session itself. */
  /** A notification in the window's corner for a dialog, a download or a new tab the last step brought. */
  private void toastOutcome(SessionSnapshot s) {
    dev.waymark.apply.ApplyOutput out = s.lastOutput();
    if (out == null || out == toasted) return;
    toasted = out;
    dev.waymark.workflow.ExtTurn t = out.lastTurn();
    if (t != null && t.outcome() != null) dev.waymark.ui.common.OutcomeToasts.show(this, t.type(), t.outcome());
  }

  public void dispose() {
    ctx.session().removeListener(listener);
    agentsVm.close();
  }

  public StudioViewModel viewModel() { return vm; }
  public NotificationPane notificationPane() { return notification; }
  public ObservationView observationView() { return observationView; }
  public StepsView stepsView() { return stepsView; }
  public dev.waymark.ui.agents.AgentsViewModel agentsViewModel() { return agentsVm; }
  public ThemeViewModel themeViewModel() { return themeVm; }
}

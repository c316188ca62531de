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
import dev.waymark.ui.observation.ObsRow;
import dev.waymark.ui.observation.ObservationView;
import dev.waymark.ui.observation.ObservationViewModel;
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
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import dev.waymark.ui.replay.ReplayViewModel;
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

/**
 * The studio window's content: menus and toolbar, the browser and variables on the left, the page tree in the
 * middle, the approval pane, decision editor, steps and trail on the right, a status bar, and a notification
 * bar for what the person must know. Every feature is its own view and view model; this class wires them to
 * the session and holds the keyboard shortcuts. The menus ({@link StudioMenus}), the toolbar ({@link StudioToolBar}),
 * the status bar ({@link StudioStatusBar}) and the windows opened over the studio ({@link StudioDialogs}) are built
 * apart.
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
  private final StudioDialogs dialogs;

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
    java.nio.file.Path engineFile = ctx.approvalFile() == null ? null : LaunchEngine.besidePolicy(ctx.approvalFile());
    if (engineFile != null) {
      try {
        // Once, at start: a few bytes, read before Launch browser can be pressed.
        ctx.connection().useEngine(LaunchEngine.load(engineFile));
      } catch (java.io.IOException e) {
        problems.accept(e.getMessage() + ". Until then Launch browser starts Chromium.");
      }
    }

    vm = new StudioViewModel(ctx, problems);
    dialogs = new StudioDialogs(this, ctx, vm, themeVm, keyring, engineFile, problems);
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

    setTop(new VBox(StudioMenus.menuBar(vm, observationVm, decisionVm, approvalVm, stepsVm, dialogs,
        () -> getScene().getWindow().hide()), new StudioToolBar(vm)));
    setCenter(notification);
    setBottom(new StudioStatusBar(vm));

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

  /**
   * Opens what the desktop opened Waymark with: a saved session ({@code .waymark.json}, {@code .json}) in the window,
   * a workflow ({@code .yaml}, {@code .yml}) in the Replay window.
   */
  public void openFile(java.nio.file.Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    if (name.endsWith(".json")) {
      vm.openSession(file);
    } else if (name.endsWith(".yaml") || name.endsWith(".yml")) {
      ReplayViewModel replay = dialogs.openReplay();
      vm.readWorkflow(file, replay::load);
    } else {
      showProblem("Waymark opens saved sessions (.waymark.json) and workflows (.yaml); " + file.getFileName() + " is neither");
    }
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

  /** A notification in the window's corner for a dialog, a download or a new tab the last step brought. */
  private void toastOutcome(SessionSnapshot s) {
    dev.waymark.apply.ApplyOutput out = s.lastOutput();
    if (out == null || out == toasted) return;
    toasted = out;
    dev.waymark.workflow.ExtTurn t = out.lastTurn();
    if (t != null && t.outcome() != null) dev.waymark.ui.common.OutcomeToasts.show(this, t.type(), t.outcome());
  }

  /** Detaches from the session; the caller closes the session itself. */
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

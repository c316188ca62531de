package dev.waymark.ui.shell;

import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.DecisionSources;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.session.BrowserUnavailableException;
import dev.waymark.session.ConfigDirs;
import dev.waymark.apply.Capabilities;
import dev.waymark.session.CapabilitiesFile;
import dev.waymark.session.PolicyFile;
import dev.waymark.session.SessionBrowser;
import dev.waymark.session.SessionJournal;
import dev.waymark.ui.common.Styles;
import dev.waymark.ui.connection.BridgeConnectionService;
import dev.waymark.ui.files.FileDialogs;
import dev.waymark.ui.theme.Appearance;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's JavaFX application: starts the bridge, the session and the window, offers to recover an
 * unfinished session, and on close stops the session, the browsers it launched and the server.
 *
 * <p>A model is configured with {@code -Dwaymark.model=<spec>} or {@code WAYMARK_MODEL} (a {@link DecisionSources}
 * spec such as {@code openai:gpt-4o-mini}); without one the person decides every step.
 */
public final class StudioApp extends Application {
  private static final Logger LOG = LoggerFactory.getLogger(StudioApp.class);

  private BrowserClient client;
  private dev.waymark.session.SidePanel sidePanel;
  private BridgeConnectionService connection;
  private AuthoringSession session;
  private StudioView view;
  private DecisionSource model;

  // What the desktop (a file association) or the command line asked the studio to open, if anything.
  private static volatile java.nio.file.Path openAtStart;

  public static void launchStudio() {
    launchStudio(null);
  }

  /** Opens the studio and then {@code file} (a session or a workflow); null opens nothing. */
  public static void launchStudio(java.nio.file.Path file) {
    openAtStart = file;
    Application.launch(StudioApp.class);
  }

  @Override
  public void start(Stage stage) {
    List<String> startProblems = new ArrayList<>();
    String bridgeError = null;
    try {
      client = BrowserClient.start(BridgeConfig.defaults(ConfigDirs.config()));
    } catch (Exception e) {
      LOG.error("the bridge server did not start", e);
      bridgeError = e.getMessage() + " — is another Waymark studio running? Close it and start this one again";
      startProblems.add("The browser bridge could not start: " + bridgeError);
    }
    connection = new BridgeConnectionService(client, bridgeError, ChromiumLauncher.Options.defaults());

    Path policyFile = PolicyFile.defaultFile();
    ApprovalPolicy policy = ApprovalPolicy.defaults();
    try {
      policy = PolicyFile.load(policyFile);
    } catch (IOException e) {
      startProblems.add(e.getMessage() + ". Until then every risky step asks you.");
    }

    Path journals = null;
    List<SessionJournal.Replay> recoverable = List.of();
    try {
      journals = ConfigDirs.sessions();
      SessionJournal.prune(journals, java.time.Duration.ofDays(30));
      recoverable = SessionJournal.unfinished(journals);
    } catch (IOException e) {
      LOG.error("no journal folder", e);
      startProblems.add("The session journal folder could not be created (" + e.getMessage()
          + "); save the session yourself with File > Save, a crash would lose it.");
    }

    // Off until the person turns it on in the Agents panel; the window's session and every agent lane read it.
    dev.waymark.session.PageTextSwitch pageText = new dev.waymark.session.PageTextSwitch();
    SessionBrowser browser = client != null ? new BridgeSessionBrowser(client, pageText) : new NoBrowser();
    // The one way onto the FX thread: the session notifies through it and the view models come back through it.
    Executor ui = Platform::runLater;
    session = new AuthoringSession(new AuthoringSession.Config(browser, new RuleRiskGate(), policy, journals,
        ui, 15_000));
    Capabilities capabilities = Capabilities.ALL;
    try {
      capabilities = CapabilitiesFile.load(CapabilitiesFile.besidePolicy(policyFile));
    } catch (IOException e) {
      startProblems.add(e.getMessage() + ". Until then sessions allow downloads, uploads and viewport control.");
    }
    session.start("workflow", "", 0, capabilities);
    // The browser's side panel is the person's too: what waits here waits there, answered on the chrome channel.
    if (client != null) {
      sidePanel = dev.waymark.session.SidePanel.over(client, session,
          step -> dev.waymark.risk.Approval.byPerson(step, dev.waymark.risk.Approval.Channel.CHROME),
          dev.waymark.risk.Approval.Channel.UI.journalName());
    }

    StudioContext.Model configured = configuredModel(startProblems);
    BrowserClient bridge = client;
    java.util.function.Supplier<dev.waymark.replay.ReplayBrowser> replay = () -> bridge != null && bridge.isConnected()
        ? new dev.waymark.replay.BridgeReplayBrowser(bridge, new dev.waymark.bridge.CaptureFolder(ConfigDirs.captures()))
        : null;
    Path laneJournals = journals;
    view = new StudioView(new StudioContext(session, connection, FileDialogs.system(() -> stage), policyFile,
        configured, recoverable, ui, replay, new StudioContext.Agents(ConfigDirs.config(),
            dev.waymark.ui.agents.AgentsViewModel.DEFAULT_PORT, bridge == null ? null
                : (taskId, goal) -> agentLane(bridge, taskId, laneJournals, ui, pageText), pageText)),
        Appearance.of(ConfigDirs.config()));
    Scene scene = new Scene(view, 1440, 900);
    scene.getStylesheets().add(StudioApp.class.getResource(Styles.STYLESHEET).toExternalForm());
    stage.setScene(scene);
    stage.titleProperty().bind(view.viewModel().titleProperty());
    for (int size : new int[] {16, 32, 64, 256}) {
      var icon = StudioApp.class.getResourceAsStream("/dev/waymark/ui/icons/waymark-" + size + ".png");
      if (icon != null) stage.getIcons().add(new Image(icon));
    }
    stage.setMinWidth(1000);
    stage.setMinHeight(640);
    // JavaFX 21 cannot listen to the desktop's preference: coming back to the window is when it may have changed.
    stage.focusedProperty().addListener((o, was, focused) -> {
      if (focused) view.themeViewModel().refreshSystem();
    });
    stage.show();
    LOG.info("studio window shown ({} x {})", (int) stage.getWidth(), (int) stage.getHeight());
    if (!startProblems.isEmpty()) view.showProblem(String.join(" ", startProblems));
    if (openAtStart != null) view.openFile(openAtStart);
  }

  private StudioContext.Model configuredModel(List<String> problems) {
    String spec = System.getProperty("waymark.model");
    if (spec == null || spec.isBlank()) spec = System.getenv("WAYMARK_MODEL");
    if (spec == null || spec.isBlank()) return null;
    try {
      model = DecisionSources.parse(spec.strip());
      return new StudioContext.Model(model, new PromptRenderer());
    } catch (IllegalArgumentException e) {
      problems.add("The model setting is not usable: " + e.getMessage());
      return null;
    }
  }

  @Override
  public void stop() {
    if (view != null) view.dispose();
    if (sidePanel != null) sidePanel.close();
    if (session != null) session.close();
    if (model != null) model.close();
    if (connection != null) connection.close();
    if (client != null) client.close();
  }

  /** The browser when the bridge could not start: every request says so, in words the person can act on. */
  /**
   * A further agent task's lane: a session of its own over the browser's view for the task (a tab of its own), on the
   * window's approval policy, with side-panel cards that name the task. Ending the task withdraws what waits for the
   * person and tells the browser; the session stays for task_export.
   */
  private dev.waymark.agent.TaskLanes.Lane agentLane(BrowserClient bridge, String taskId, Path journals, Executor ui,
      dev.waymark.session.PageTextSwitch pageText) {
    BrowserClient view = bridge.forTask(taskId);
    AuthoringSession lane = new AuthoringSession(new AuthoringSession.Config(new BridgeSessionBrowser(view, pageText),
        new RuleRiskGate(), session.policy(), journals, ui, 15_000));
    dev.waymark.session.SidePanel panel = dev.waymark.session.SidePanel.over(view, lane,
        step -> dev.waymark.risk.Approval.byPerson(step, dev.waymark.risk.Approval.Channel.CHROME),
        dev.waymark.risk.Approval.Channel.UI.journalName());
    return new dev.waymark.agent.TaskLanes.Lane(lane, () -> {
      var pending = lane.latest().pending();
      if (pending != null) lane.reject(pending.step().id(), "the task was ended", dev.waymark.risk.Approval.Channel.UI.journalName());
      panel.close();
      view.release();
    });
  }

  private static final class NoBrowser implements SessionBrowser {
    private static final String WHY = "The browser bridge is not running, so no browser can connect; restart Waymark "
        + "after closing any other Waymark studio";

    @Override
    public PageObservation observe() throws BrowserUnavailableException {
      throw new BrowserUnavailableException(WHY);
    }

    @Override
    public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs) {
      return StepResult.failure(stepId, WHY, null);
    }

    @Override
    public void highlight(Selector selector) throws BrowserUnavailableException {
      throw new BrowserUnavailableException(WHY);
    }
  }
}

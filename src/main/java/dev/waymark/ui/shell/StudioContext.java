package dev.waymark.ui.shell;

import dev.waymark.decide.DecisionSource;
import dev.waymark.session.AuthoringSession;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.session.SessionJournal;
import dev.waymark.ui.connection.ConnectionService;
import dev.waymark.ui.files.FileDialogs;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What the studio window is built from: the session, the bridge as the connection panel sees it, file dialogs,
 * where the approval policy is kept, the model when one is configured (null: the person decides every step),
 * the unfinished sessions to offer for recovery, and the UI executor: the one way the view models reach the FX
 * thread ({@code Platform::runLater} in the app; a test may pass its own), and the browser a replay acts in (null when none
 * is connected).
 */
public record StudioContext(AuthoringSession session, ConnectionService connection, FileDialogs files,
    Path approvalFile, Model model, List<SessionJournal.Replay> recoverable, Executor ui,
    java.util.function.Supplier<dev.waymark.replay.ReplayBrowser> replayBrowser, Agents agents) {

  /**
   * Where the MCP token is kept, the port agents are offered (0: any free port), and how a further agent task gets a
   * session of its own while one holds the window (null: one task at a time, in the window's session), and the
   * switch for the page text their observations carry (the window's session and every lane read it).
   */
  public record Agents(Path configDir, int port, dev.waymark.ui.agents.AgentsViewModel.MoreLanes moreLanes,
      dev.waymark.session.PageTextSwitch pageText) {
    public Agents {
      if (pageText == null) pageText = new dev.waymark.session.PageTextSwitch();
    }

    public Agents(Path configDir, int port) {
      this(configDir, port, null, null);
    }
  }

  /** A configured model: where decisions come from and how its prompt is written. */
  public record Model(DecisionSource source, PromptRenderer renderer) {}

  public StudioContext {
    recoverable = recoverable == null ? List.of() : List.copyOf(recoverable);
    Objects.requireNonNull(ui, "ui");
    // null when replay has no browser to use (a test, a bridge that did not start): the Replay window says so
    if (replayBrowser == null) replayBrowser = () -> null;
    // The token beside the approval policy (the config folder in the app, the test's folder in a test).
    if (agents == null) agents = new Agents(approvalFile == null ? Path.of(".") : approvalFile.toAbsolutePath().getParent(), 0);
  }

  /** A studio whose agents use the folder of the approval policy and any free port. */
  public StudioContext(AuthoringSession session, ConnectionService connection, FileDialogs files, Path approvalFile,
      Model model, List<SessionJournal.Replay> recoverable, Executor ui,
      java.util.function.Supplier<dev.waymark.replay.ReplayBrowser> replayBrowser) {
    this(session, connection, files, approvalFile, model, recoverable, ui, replayBrowser, null);
  }

  /** A studio whose Replay window has no browser to replay in. */
  public StudioContext(AuthoringSession session, ConnectionService connection, FileDialogs files, Path approvalFile,
      Model model, List<SessionJournal.Replay> recoverable, Executor ui) {
    this(session, connection, files, approvalFile, model, recoverable, ui, null, null);
  }
}

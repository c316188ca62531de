package dev.waymark.cli;

import dev.waymark.secrets.VariableApprovals;
import dev.waymark.agent.AgentTasks;
import dev.waymark.agent.WaymarkMcp;
import dev.waymark.agent.WorkflowRuns;
import dev.waymark.apply.Capabilities;
import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BridgeStartException;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.session.ConfigDirs;
import dev.waymark.session.PolicyFile;
import dev.waymark.session.SidePanel;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code waymark mcp}: Waymark as an MCP server over stdio, for agents (Claude Code, Claude Desktop, Cursor, VS Code,
 * any MCP client). Tools: task_start, task_state, task_respond, task_export, task_list, task_end, workflow_run; several
 * tasks run at once, each in a tab of its own. Stdout carries only the
 * protocol; questions for the person go to the terminal ({@code /dev/tty}) and the browser's side panel, progress and
 * the log to stderr.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Serve Waymark's browser-task tools to an agent over MCP (stdio).",
        "The agent decides; risky steps wait for the person on the terminal or in the browser's side panel; values "
            + "come from --values-file or --values-from (keyring, keepass:FILE) and are never shown to the agent."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the agent disconnected", "1:an unexpected error (see the log)",
        "2:the command line or a file it names cannot be used", "3:no browser could be started",
        "4:the extension did not connect"})
public final class McpCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(McpCommand.class);

  @Option(names = "--approve", paramLabel = "ask|auto|deny", defaultValue = "ask",
      description = "steps in a risk category that asks: ask the person (default: on this terminal and in the browser's "
          + "side panel), auto-approve them, or deny them. Categories the policy blocks stay blocked.")
  SessionOptions.ApproveMode approve;

  @Option(names = "--ask-on", paramLabel = "LIST", defaultValue = "terminal,chrome",
      description = "where --approve ask asks: terminal (this command's controlling terminal), chrome (the browser's side "
          + "panel), or both (default: ${DEFAULT-VALUE}); the first answer wins")
  String askOn;

  @Option(names = "--values-file", paramLabel = "FILE",
      description = "real values as name=value lines (owner-only file); typed into the page, never shown to the agent")
  Path valuesFile;

  @Option(names = "--values-from", paramLabel = "keyring|keepass:FILE|FILE", description = ValueSources.OPTION_HELP
      + ". A keyring or KeePass value reaches only workflow_run, for the variables the person approved for that workflow "
      + "(waymark approvals add, or the studio's Replay window)")
  String valuesFrom;

  @Option(names = "--allow", paramLabel = "LIST", defaultValue = "download,file_upload,viewport_control",
      description = "what tasks may use beyond the page: download, file_upload, viewport_control, or none (default: all three)")
  String allow;

  @Option(names = "--headless", negatable = true,
      description = "run Chromium without a window (default: a window when there is a display, else headless)")
  Boolean headlessOption;

  @Option(names = "--port", paramLabel = "N",
      description = "use your own browser instead of launching one: listen on 127.0.0.1:N and wait for the Waymark "
          + "extension paired with this machine's pairing code to connect")
  Integer port;

  @Option(names = "--chromium", paramLabel = "PATH", description = "a Chromium-family browser to launch (default: found like the studio's)")
  Path chromium;

  @picocli.CommandLine.Mixin
  EngineOptions engineOptions = new EngineOptions();

  @Option(names = "--policy", paramLabel = "FILE", description = "the approval policy file (default: the studio's)")
  Path policyFile;

  @Option(names = "--page-text", paramLabel = "CHARS", defaultValue = "" + dev.waymark.session.PageTextSwitch.CHARS,
      description = "how much of the page's readable text each observation carries, so the agent can read what a step "
          + "did (\"Message sent\"); 0 leaves it out (default: ${DEFAULT-VALUE})")
  int pageText;

  @Option(names = "--tasks", paramLabel = "N", defaultValue = "4",
      description = "how many tasks may run at once, each in a tab of its own (default: ${DEFAULT-VALUE})")
  int taskLimit;

  @Option(names = "--budget", paramLabel = "N", defaultValue = "200", description = "turns one task may take (default: ${DEFAULT-VALUE})")
  int budget;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "15", description = "how long one browser step may take (default: ${DEFAULT-VALUE})")
  int timeoutSeconds;

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "30",
      description = "how long to wait for the extension to connect (default: ${DEFAULT-VALUE}; with --port: 300)")
  Integer connectTimeout;

  @Option(names = {"--trusted-input"}, description = "trusted clicks and keys through Chrome's debugger also in your own browser")
  boolean trustedInput;

  @Option(names = "--page-input", description = "clicks, keys and typing from the page script instead (untrusted)")
  boolean pageInput;

  @Spec
  CommandSpec spec;

  // Seams for tests: a browser already connected, the protocol's streams, the terminal, the journal folder.
  BrowserClient connectedClient;
  InputStream protocolIn = System.in;
  OutputStream protocolOut = System.out;
  InputStream terminalIn;
  PrintWriter terminalOut;
  Path journalDir;

  private PrintWriter err;
  /** The person's keyring or KeePass file, for workflow_run (null: none). */
  private dev.waymark.secrets.SecretStore vault;
  private boolean askInChrome = true;

  @Override
  public Integer call() {
    err = spec.commandLine().getErr();
    Capabilities caps;
    Map<String, String> values;
    ApprovalPolicy policy;
    try {
      caps = SessionOptions.parseAllow(allow);
      dev.waymark.secrets.SecretStore store = ValueSources.open(valuesFile, valuesFrom, false);
      if (ValueSources.isVault(store)) {
        vault = store;
        values = Map.of();
      } else {
        values = store == null ? Map.of() : ((dev.waymark.secrets.ValuesFileStore) store).values();
      }
      if (budget < 1) throw new IllegalArgumentException("--budget must be at least 1");
      if (taskLimit < 1 || taskLimit > 16) throw new IllegalArgumentException("--tasks must be between 1 and 16");
      policy = SessionOptions.policyFor(PolicyFile.load(policyFile != null ? policyFile : PolicyFile.defaultFile()), approve);
    } catch (IllegalArgumentException | IOException e) {
      err.println("waymark mcp: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    boolean headless = headlessOption != null ? headlessOption : !SessionOptions.hasDisplay();
    java.util.Set<String> channels = new java.util.HashSet<>();
    for (String c : askOn.split(",")) {
      String name = c.strip().toLowerCase(java.util.Locale.ROOT);
      if (!name.equals("terminal") && !name.equals("chrome")) {
        err.println("waymark mcp: --ask-on " + askOn + ": \"" + name + "\" is not a place to ask; use terminal, chrome or both");
        return ExitCodes.USAGE;
      }
      channels.add(name);
    }
    askInChrome = channels.contains("chrome");
    Terminal terminal = approve == SessionOptions.ApproveMode.ask && channels.contains("terminal") ? openTerminal() : null;
    if (approve == SessionOptions.ApproveMode.ask && terminal == null && !askInChrome) {
      err.println("waymark mcp: --approve ask with no terminal to ask on and --ask-on without chrome: nobody could approve a "
          + "risky step. Run it from a terminal, add chrome to --ask-on, or use --approve deny");
      return ExitCodes.USAGE;
    }
    if (approve == SessionOptions.ApproveMode.ask && terminal == null) {
      progress("no terminal to ask on: risky steps wait for the person in the browser's side panel"
          + (headless && port == null && connectedClient == null ? " (the browser is headless, so run with --no-headless, "
              + "--port to use your own browser, or --approve deny)" : ""));
    }
    if (connectedClient != null) return serve(connectedClient, values, caps, policy, terminal, headless, null);
    if (port != null) return serveOwnBrowser(values, caps, policy, terminal);
    String engineProblem = engineOptions.problem(chromium);
    if (engineProblem != null) {
      err.println("waymark mcp: " + engineProblem);
      return ExitCodes.USAGE;
    }
    boolean onFirefox = engineOptions.engine() == Engine.FIREFOX;
    progress("starting " + (onFirefox ? "Firefox" : "Chromium") + (headless ? " (headless)" : ""));
    return PairedChromium.runIn(engineOptions.engine(), chromium, engineOptions.firefox, headless, connectTimeout, "mcp",
        err, AuthorCommand.EXIT_STOPPED, null,
        browser -> serve(browser.client(), values, caps, policy, terminal, headless, browser));
  }

  private int serveOwnBrowser(Map<String, String> values, Capabilities caps, ApprovalPolicy policy, Terminal terminal) {
    int wait = connectTimeout != null && connectTimeout != 30 ? connectTimeout : 300;
    try (BrowserClient client = BrowserClient.start(BridgeConfig.defaults().withPort(port))) {
      progress("listening on 127.0.0.1:" + client.port() + "; waiting up to " + wait + " s for your browser's Waymark "
          + "extension (its popup takes the pairing code the studio shows)");
      client.awaitConnected().get(wait, TimeUnit.SECONDS);
      progress("your browser connected");
      return serve(client, values, caps, policy, terminal, false, null);
    } catch (BridgeStartException | IOException e) {
      err.println("Cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
      return ExitCodes.NO_BROWSER;
    } catch (TimeoutException e) {
      err.println("No browser connected within " + wait + " s. Open the Waymark extension's popup in your browser, "
          + "enter the pairing code, and start again.");
      return ExitCodes.NOT_CONNECTED;
    } catch (ExecutionException e) {
      err.println("The bridge stopped before a browser connected: " + e.getCause().getMessage());
      return ExitCodes.NOT_CONNECTED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return AuthorCommand.EXIT_STOPPED;
    }
  }

  private int serve(BrowserClient client, Map<String, String> values, Capabilities caps, ApprovalPolicy policy,
      Terminal terminal, boolean headless, PairedChromium launched) {
    if (pageInput) client.usePageInput();
    else client.useTrustedInput(trustedInput);
    PrintWriter asks = terminal != null ? terminal.out() : err;
    ObserveOptions observing = new ObserveOptions(null, 0, Math.max(0, pageText), pageText > 0);
    try {
      Path journals = journalDir != null ? journalDir : ConfigDirs.sessions();
      try (McpLanes lanes = new McpLanes(client, observing, asks, headless, policy, journals, timeoutSeconds * 1000,
              askInChrome, taskLimit);
          TerminalApprovals approvals = terminal == null ? null
              : TerminalApprovals.start(lanes::sessions, terminal.out(), terminal.lines())) {
        AgentTasks tasks = new AgentTasks(lanes, AgentTasks.Host.of(values, caps, budget));
        WorkflowRuns runs = new WorkflowRuns((wf, vals, lines) -> new WorkflowRunner(new BridgeReplayBrowser(client))
            .run(wf, WorkflowRunner.Options.of(vals).withTimeout(timeoutSeconds * 1000).withListeners(r -> { }, lines)),
            () -> values, () -> policy);
        if (vault != null) {
          runs = runs.withVault(vault, VariableApprovals.besidePolicy(policyFile != null ? policyFile : PolicyFile.defaultFile()));
        }
        WaymarkMcp tools = new WaymarkMcp(tasks, runs);
        CountDownLatch closed = new CountDownLatch(1);
        InputStream in = new FilterInputStream(protocolIn) {
          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
              n = super.read(b, off, len);
            } catch (IOException e) {
              closed.countDown();
              throw e;
            }
            if (n < 0) closed.countDown();
            return n;
          }
        };
        AutoCloseable server = tools.serveStdio(in, protocolOut);
        progress("serving MCP on stdio: task_start, task_state, task_respond, task_export, task_list, task_end, workflow_run "
            + "(at most " + taskLimit + " tasks at once)");
        closed.await();
        progress("the agent disconnected");
        server.close();
        finish(lanes, launched, headless);
        return 0;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return AuthorCommand.EXIT_STOPPED;
    } catch (Exception e) {
      LOG.error("mcp failed", e);
      err.println("waymark mcp failed: " + e.getMessage() + " (the log has the details)");
      return AuthorCommand.EXIT_ERROR;
    }
  }

  /**
   * The agent disconnected: each lane lets go of the browser; a task handed off to the person opens the browser for
   * them (a window Waymark launched); an open task's journal stays for the studio to recover.
   */
  private void finish(McpLanes lanes, PairedChromium launched, boolean headless) {
    boolean handedOver = false;
    for (McpLanes.Opened o : lanes.opened()) {
      AuthoringSession session = o.session();
      o.browser().release();
      var last = session.latest().lastOutput();
      if (!handedOver && launched != null && !headless && last != null && last.handoff() != null) {
        handedOver = true;
        AuthorBrowser.handOver(launched, false, session.latest().observation() == null ? null : session.latest().observation().url(), err);
      }
      if (!session.latest().state().done() && session.latest().journalFile() != null) {
        session.closeForRecovery();
        progress("the studio offers to recover task " + o.taskId() + " from " + session.latest().journalFile());
      }
    }
  }

  /** The person's terminal: the controlling tty (stdin and stdout belong to the protocol), or the test's seam. */
  record Terminal(PrintWriter out, TerminalLines lines) {}

  private Terminal openTerminal() {
    if (terminalIn != null) {
      return new Terminal(terminalOut != null ? terminalOut : err, new TerminalLines(
          new java.io.BufferedReader(new java.io.InputStreamReader(terminalIn, java.nio.charset.StandardCharsets.UTF_8))));
    }
    java.io.File tty = new java.io.File("/dev/tty");
    try {
      InputStream in = new java.io.FileInputStream(tty);
      PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(new java.io.FileOutputStream(tty),
          java.nio.charset.StandardCharsets.UTF_8), true);
      return new Terminal(out, new TerminalLines(new java.io.BufferedReader(
          new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8))));
    } catch (IOException | SecurityException e) {
      LOG.debug("no controlling terminal: {}", e.getMessage());
      return null;
    }
  }

  private void progress(String line) {
    synchronized (err) {
      err.println("[waymark] " + line);
      err.flush();
    }
  }
}

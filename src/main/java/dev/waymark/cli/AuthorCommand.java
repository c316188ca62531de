package dev.waymark.cli;

import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.Capabilities;
import dev.waymark.apply.SecretMask;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.DecisionSources;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.session.ConfigDirs;
import dev.waymark.session.PendingApproval;
import dev.waymark.session.PolicyFile;
import dev.waymark.session.SessionException;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.SessionState;
import dev.waymark.session.SidePanel;
import dev.waymark.session.TakeOver;
import dev.waymark.session.TurnOutcome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code waymark author}: authors a workflow without the window. It runs the studio's own session loop
 * (observe → decide → gate → perform → journal) with a model or a program deciding, asks the person on the
 * terminal when a step needs approval, prints every turn's outputs as one JSON line on stdout (progress goes to
 * stderr), and writes the workflow when the goal is reached.
 */
@Command(name = "author", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Author a workflow headlessly: a model or a program decides each step, the person approves risky ones "
        + "on the terminal, and the workflow is exported when the goal is reached.",
        "Every turn's outputs go to stdout as one JSON line; progress and questions go to stderr."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the goal was reached and the workflow written", "1:an unexpected error (see the log)",
        "2:the command line or a file it names cannot be used", "3:no browser could be started",
        "4:the extension did not connect", "5:the decision source reported the task blocked",
        "6:the decision source handed the page to the person", "7:the turn budget ran out",
        "8:too many failed turns in a row", "9:the decision source failed", "10:the workflow could not be written",
        "11:stopped (the person ended it, or the terminal closed during a question)"})
public final class AuthorCommand implements Callable<Integer> {
  public static final int EXIT_DONE = 0;
  public static final int EXIT_ERROR = 1;
  public static final int EXIT_USAGE = ExitCodes.USAGE;
  public static final int EXIT_NO_BROWSER = ExitCodes.NO_BROWSER;
  public static final int EXIT_NOT_CONNECTED = ExitCodes.NOT_CONNECTED;
  public static final int EXIT_BLOCKED = 5;
  public static final int EXIT_HANDED_OFF = 6;
  public static final int EXIT_BUDGET = 7;
  public static final int EXIT_FAILURES = 8;
  public static final int EXIT_SOURCE_FAILED = 9;
  public static final int EXIT_EXPORT_FAILED = 10;
  public static final int EXIT_STOPPED = 11;

  @Option(names = "--url", required = true, paramLabel = "URL", description = "the page the task starts on")
  String url;

  @Option(names = "--goal", required = true, paramLabel = "TEXT", description = "what the workflow should achieve")
  String goal;

  @Option(names = "--model", required = true, paramLabel = "SOURCE",
      description = "who decides: openai:<model>, anthropic:<model> or program:<command line>")
  String model;

  @Option(names = "--export", required = true, paramLabel = "FILE", description = "where the workflow YAML goes when the goal is reached")
  Path export;

  @Option(names = "--approve", paramLabel = "ask|auto|deny", defaultValue = "ask",
      description = "steps in a risk category that asks: ask on the terminal (default), auto-approve them, or deny them. "
          + "Categories the policy blocks stay blocked.")
  SessionOptions.ApproveMode approve;

  @Option(names = "--var", paramLabel = "NAME=DESCRIPTION", description = "declare a variable steps may use as {{ NAME }} (repeatable)")
  List<String> vars = new ArrayList<>();

  @Option(names = "--values-file", paramLabel = "FILE",
      description = "real values as name=value lines (owner-only file); they are typed into the page and never printed")
  Path valuesFile;

  @Option(names = "--values-from", paramLabel = "keyring|keepass:FILE|FILE", description = ValueSources.OPTION_HELP)
  String valuesFrom;

  @Option(names = "--budget", paramLabel = "N", defaultValue = "30", description = "turns the decision source may take (default: ${DEFAULT-VALUE})")
  int budget;

  @Option(names = "--whole-pages", description = "send the whole page in every prompt instead of a base page the "
      + "provider caches and the changes since it")
  boolean wholePages;

  @Option(names = "--headless", negatable = true,
      description = "run Chromium without a window (--no-headless shows it, which a userStep needs; default: a window "
          + "when there is a display, else headless)")
  Boolean headlessOption;

  private boolean headless;
  // Where the tab was when the decision source handed off, for the person to find it.
  private volatile String handedOffAt;

  @Option(names = "--chromium", paramLabel = "PATH", description = "a Chromium-family browser (default: -Dwaymark.chromium, $WAYMARK_CHROMIUM, then chromium, google-chrome, microsoft-edge, brave-browser… on PATH or in their install folders)")
  Path chromium;

  @picocli.CommandLine.Mixin
  EngineOptions engineOptions = new EngineOptions();

  @Option(names = "--workflow-id", paramLabel = "ID", defaultValue = "workflow", description = "the id of the workflow (default: ${DEFAULT-VALUE})")
  String workflowId;

  @Option(names = "--base-url", paramLabel = "URL",
      description = "the API base URL of the openai or anthropic source (e.g. http://localhost:11434/v1 for Ollama)")
  String baseUrl;

  @Option(names = "--api-key-env", paramLabel = "NAME", description = "the environment variable holding the API key")
  String apiKeyEnv;

  @Option(names = "--policy", paramLabel = "FILE", description = "the approval policy file (default: the studio's, in the config folder)")
  Path policyFile;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "15", description = "how long one browser step may take (default: ${DEFAULT-VALUE})")
  int timeoutSeconds;

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "30", description = "how long to wait for the extension to connect (default: ${DEFAULT-VALUE})")
  int connectTimeout;

  @Option(names = {"--trusted-input", "--trusted-clicks"}, description = "click, press keys and type through Chrome's debugger "
      + "also in a browser Waymark did not launch (Chrome shows its \"being debugged\" bar there); a launched browser "
      + "always does")
  boolean trustedClicks;

  @Option(names = "--page-input", description = "click, press keys and type with events from the page script instead "
      + "(untrusted; the fallback), also in a browser Waymark launched")
  boolean pageInput;

  @Option(names = "--allow", paramLabel = "LIST", defaultValue = "download,file_upload,viewport_control",
      description = "what the session allows beyond the page: a comma-separated list of download, file_upload, "
          + "viewport_control, or none (default: all three)")
  String allow;

  @Spec
  CommandSpec spec;

  // Seams for tests: a browser already connected (no launch), the terminal's input, the journal folder.
  BrowserClient connectedClient;
  InputStream terminalIn = System.in;
  Path journalDir;

  private PrintWriter out;
  private PrintWriter err;
  private Capabilities capabilities = Capabilities.ALL;

  @Override
  public Integer call() {
    out = spec.commandLine().getOut();
    err = spec.commandLine().getErr();
    headless = headlessOption != null ? headlessOption : !SessionOptions.hasDisplay();
    Map<String, String> variables;
    Map<String, String> values;
    ApprovalPolicy policy;
    DecisionSource source;
    try {
      capabilities = SessionOptions.parseAllow(allow);
      variables = SessionOptions.parseVars(vars);
      dev.waymark.secrets.SecretStore store = ValueSources.open(valuesFile, valuesFrom, true);
      if (ValueSources.isVault(store)) {
        // A keyring or a KeePass file holds far more than this session needs: only the declared variables are taken.
        values = store.lookupAll(variables.keySet());
      } else {
        values = store == null ? Map.of() : ((dev.waymark.secrets.ValuesFileStore) store).values();
        for (String name : values.keySet()) variables.putIfAbsent(name, "");
      }
      if (budget < 1) throw new IllegalArgumentException("--budget must be at least 1");
      String engineProblem = engineOptions.problem(chromium);
      if (engineProblem != null) throw new IllegalArgumentException(engineProblem);
      policy = SessionOptions.policyFor(PolicyFile.load(policyFile != null ? policyFile : PolicyFile.defaultFile()), approve);
      source = DecisionSources.parse(model, settings());
    } catch (IllegalArgumentException | IOException e) {
      err.println("waymark author: " + e.getMessage());
      return EXIT_USAGE;
    }
    try (source) {
      return new AuthorBrowser(this, headless, err, this::progress)
          .run(browser -> author(browser, source, variables, values, policy), () -> handedOffAt);
    }
  }

  private int author(AuthorBrowser.Connected browser, DecisionSource source, Map<String, String> variables,
      Map<String, String> values, ApprovalPolicy policy) throws Exception {
    SecretMask mask = new SecretMask(values);
    Path journals = journalDir != null ? journalDir : ConfigDirs.sessions();
    TerminalLines terminal = new TerminalLines(new BufferedReader(new InputStreamReader(terminalIn, StandardCharsets.UTF_8)));
    // A userStep's Continue may come from the terminal too (Enter): no approval reads the terminal while one waits.
    TerminalSessionBrowser sb = new TerminalSessionBrowser(
        new BridgeSessionBrowser(browser.client(), ObserveOptions.defaults()), err, browser.headless(), terminal);
    AuthoringSession.Config config = new AuthoringSession.Config(sb, new RuleRiskGate(), policy, journals, Runnable::run,
        timeoutSeconds * 1000);
    try (AuthoringSession session = new AuthoringSession(config);
        // The side panel in the browser is the person's too: a step waiting here waits there, first answer wins.
        SidePanel panel = SidePanel.over(browser.client(), session, step -> Approval.byPerson(step, Approval.Channel.CHROME),
            Approval.Channel.CLI.journalName())) {
      int code;
      try {
        code = drive(session, source, variables, values, mask, terminal);
      } finally {
        // Control ends with the run: the viewport and the download settings go back, adopted tabs stay open.
        sb.release();
      }
      if (code != EXIT_DONE && session.latest().journalFile() != null) {
        // Nothing is lost: the person can pick the work up in the studio, which offers unfinished journals.
        session.closeForRecovery();
        progress("the studio offers to recover this session from " + session.latest().journalFile());
      }
      return code;
    }
  }

  private int drive(AuthoringSession session, DecisionSource source, Map<String, String> variables,
      Map<String, String> values, SecretMask mask, TerminalLines terminal) throws Exception {
    {
      // One extra turn: the first is the navigation to --url that starts the workflow.
      await(session.start(workflowId, goal, budget + 1, capabilities));
      for (Map.Entry<String, String> v : variables.entrySet()) await(session.declareVariable(v.getKey(), v.getValue()));
      for (Map.Entry<String, String> v : values.entrySet()) await(session.setValue(v.getKey(), v.getValue()));
      TurnPrinter printer = new TurnPrinter(out, this::progress, mask);
      session.addListener(printer);
      progress("journal: " + session.latest().journalFile());

      // No observation first: the tab may hold a page the extension cannot read (about:blank, a browser page).
      // The site of --url is the task's, as the person typed it (task_start does the same for an agent): opening it
      // is no off-origin step to ask about, even from a fresh browser's about:blank and under --approve ask or deny.
      await(session.allowSites(List.of(url)));
      TurnOutcome first = await(session.takeOver(TakeOver.navigate(url), null));
      if (!first.ok()) {
        err.println("Could not open " + url + ": " + first.error());
        return EXIT_ERROR;
      }
      PromptRenderer renderer = wholePages ? PromptRenderer.wholePages() : new PromptRenderer();
      while (true) {
        TurnOutcome last;
        try {
          last = await(session.run(source, renderer));
        } catch (SessionException e) {
          err.println(e.getMessage());
          progress("journal kept at " + session.latest().journalFile());
          return EXIT_SOURCE_FAILED;
        }
        SessionSnapshot s = session.latest();
        if (s.pending() == null) return finish(session, s);
        PendingApproval p = s.pending();
        TerminalApproval.Answer a = TerminalApproval.ask(err, p, terminal, () -> session.latest().pending() != p);
        if (a == TerminalApproval.ELSEWHERE) {
          err.println();
          err.println("Answered in the browser's side panel.");
          err.flush();
          continue;
        }
        if (a == null) {
          err.println("The terminal closed while a step waited for approval; stopping. Nothing was performed.");
          await(session.reject("the person stopped the session"));
          progress("journal kept at " + session.latest().journalFile());
          return EXIT_STOPPED;
        }
        if (a.approved()) await(session.approve(Approval.byPerson(p.step(), Approval.Channel.CLI)));
        else await(session.reject(p.step().id(), a.reason(), Approval.Channel.CLI.journalName()));
      }
    }
  }

  private int finish(AuthoringSession session, SessionSnapshot s) throws Exception {
    SessionState st = s.state();
    ApplyOutput last = s.lastOutput();
    String journal = s.journalFile();
    if (st.done()) {
      try {
        await(session.export(export));
      } catch (SessionException e) {
        err.println("The goal was reached but the workflow could not be written to " + export + ": " + e.getMessage());
        return EXIT_EXPORT_FAILED;
      }
      progress("done: " + st.steps().size() + " steps written to " + export);
      return EXIT_DONE;
    }
    String tail = " Every turn is in the session journal " + journal + ".";
    if (last != null && last.blocked() != null) {
      err.println("The decision source reports the task blocked: " + last.blocked() + "." + tail);
      return EXIT_BLOCKED;
    }
    if (last != null && last.handoff() != null) {
      handedOffAt = s.observation() != null && s.observation().url() != null ? s.observation().url() : last.url();
      err.println("The decision source handed the page to the person: " + last.handoff() + "." + tail);
      if (connectedClient != null) err.println("The tab stays at " + handedOffAt + "; Waymark no longer acts in it.");
      return EXIT_HANDED_OFF;
    }
    if (st.failures() >= st.maxFailures()) {
      err.println(st.failures() + " turns in a row failed (the limit is " + st.maxFailures() + "); the last error: "
          + (last == null ? "none" : last.error()) + "." + tail);
      return EXIT_FAILURES;
    }
    if (st.budget() <= 0) {
      err.println("The turn budget ran out before the goal was reached; run again with a larger --budget." + tail);
      return EXIT_BUDGET;
    }
    err.println("The session stopped before the goal was reached." + tail);
    return EXIT_STOPPED;
  }



  private void progress(String line) {
    synchronized (err) {
      err.println("[waymark] " + line);
      err.flush();
    }
  }

  // ---- options ---------------------------------------------------------------------------------------

  private DecisionSources.Settings settings() {
    DecisionSources.Settings s = DecisionSources.Settings.defaults().withStream(false);
    if (baseUrl != null || apiKeyEnv != null) {
      String kind = model == null ? "" : model.strip().toLowerCase(Locale.ROOT);
      if (kind.startsWith("anthropic:")) s = s.withAnthropic(baseUrl, apiKeyEnv);
      else s = s.withOpenAi(baseUrl, apiKeyEnv);
    }
    return s.withTimeouts(null, null, null, Duration.ofSeconds(120));
  }

  private static <T> T await(CompletableFuture<T> f) throws Exception {
    try {
      return f.get();
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof Exception ex) throw ex;
      throw e;
    }
  }
}

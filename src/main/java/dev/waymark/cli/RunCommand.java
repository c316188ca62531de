package dev.waymark.cli;

import dev.waymark.apply.SecretMask;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.RunLog;
import dev.waymark.replay.RunReport;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.session.ConfigDirs;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code waymark run}: replays an exported workflow without a model. One JSON line per step on stdout, then the
 * result with every stored slot; progress on stderr. Real values come from an owner-only values file and reach only
 * the page: every printed text reads them as their {@code {{ token }}}.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Replay a workflow YAML in Chromium or Firefox without a model.",
        "Each step's result goes to stdout as one JSON line {step_id, type, label, ok, skipped, error, data, url}, then "
            + "{ok, steps, stored}; progress (step n of N) goes to stderr.",
        "Heals (a selector that no longer led to its element, acted on the element identity found) can be written as "
            + "a diff of the file (--heals) or a healed copy (--accept-heals); --base-url runs against another "
            + "deployment; --report writes report.json and report.html.",
        "At scale (several files, --rows, --parallel or --grid): each workflow once, or once per row of --rows, "
            + "--parallel at a time, each in its own session (local headless Chromium, or a Selenium Grid session "
            + "with --grid). One JSON line per run on stdout as it finishes {run, workflow, file, row, values, status, "
            + "ok, time_ms, attempts, retried, failed_step, error, stored, session, report}; a progress line on stderr "
            + "(done / running / queued, runs per minute), then a summary table. A run whose browser was lost before "
            + "a step was sent starts again on a new session (--retries, 1); a run with an uncertain step never does."},
    exitCodeListHeading = "%nExit codes (at scale: 0 only when every run passed; 6 when any run is uncertain, else 5 "
        + "when any did not pass, 3 when no session could be opened for any run):%n",
    exitCodeList = {"0:every non-optional step succeeded", "1:an unexpected error (see the log)",
        "2:the command line, the workflow file or the rows file cannot be used (each problem is listed with its line)",
        "3:no browser could be started",
        "4:the extension did not connect, or the browser went away before a step was sent (that step did not happen)",
        "5:a step failed; the run stopped there",
        "6:a step's effect is unknown (the browser stopped answering): check it by hand; it is never repeated",
        "7:the --start-at point could not be reached", "8:a variable the steps use has no value",
        "11:stopped (interrupted)"})
public final class RunCommand implements Callable<Integer> {
  public static final int EXIT_OK = ExitCodes.OK;
  public static final int EXIT_ERROR = 1;
  public static final int EXIT_USAGE = ExitCodes.USAGE;
  public static final int EXIT_NO_BROWSER = ExitCodes.NO_BROWSER;
  public static final int EXIT_NOT_CONNECTED = ExitCodes.NOT_CONNECTED;
  public static final int EXIT_STEP_FAILED = ExitCodes.STEP_FAILED;
  public static final int EXIT_UNCERTAIN = ExitCodes.UNCERTAIN;
  public static final int EXIT_START_NOT_REACHED = 7;
  public static final int EXIT_MISSING_VALUE = ExitCodes.MISSING_VALUE;
  public static final int EXIT_STOPPED = ExitCodes.STOPPED;
  /** How long one screenshot for the report may take; a run never waits longer on its pictures. */
  static final int SCREENSHOT_TIMEOUT_S = 10;

  @Parameters(arity = "1..*", paramLabel = "FILE.yaml", description = "the workflow to replay (several: each is run, as with --parallel)")
  List<Path> files;

  /** The one workflow of a single run (the first of {@link #files}). */
  Path file;

  @Option(names = "--values-file", paramLabel = "FILE",
      description = "real values as name=value lines (owner-only file); they are typed into the page and never printed")
  Path valuesFile;

  @Option(names = "--values-from", paramLabel = "keyring|keepass:FILE|FILE", description = ValueSources.OPTION_HELP)
  String valuesFrom;

  @Option(names = "--start-at", paramLabel = "RESUME_ID|auto",
      description = "start at this resume point (rewinding the browser there first when it stands elsewhere), or with "
          + "auto at the latest point the browser already stands at. Earlier steps run only when marked always")
  String startAt;

  @Option(names = "--fresh", description = "set aside the record of an earlier run of this workflow that did not "
      + "complete (the steps it sent), so --start-at auto no longer refuses to repeat them")
  boolean fresh;

  @Option(names = "--headless", negatable = true,
      description = "run Chromium without a window (--no-headless shows it, which a userStep needs; default: a window "
          + "when there is a display, else headless)")
  Boolean headlessOption;

  @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = ".",
      description = "where captured files (captureUrl, captureDownload, capturePageFile) are saved (default: the current folder)")
  java.nio.file.Path outputDir;

  @Option(names = "--chromium", paramLabel = "PATH", description = "a Chromium-family browser (default: -Dwaymark.chromium, $WAYMARK_CHROMIUM, then chromium, google-chrome, microsoft-edge, brave-browser… on PATH or in their install folders)")
  Path chromium;

  @picocli.CommandLine.Mixin
  EngineOptions engineOptions = new EngineOptions();

  @Option(names = "--timeout", paramLabel = "MS", defaultValue = "15000",
      description = "the timeout of a step that sets no timeout_ms (default: ${DEFAULT-VALUE})")
  int timeoutMs;

  @Option(names = {"--trusted-input", "--trusted-clicks"}, description = "click, press keys and type through Chrome's debugger "
      + "also in a browser Waymark did not launch (Chrome shows its \"being debugged\" bar there); a launched browser "
      + "always does")
  boolean trustedClicks;

  @Option(names = "--page-input", description = "click, press keys and type with events from the page script instead "
      + "(untrusted; the fallback), also in a browser Waymark launched")
  boolean pageInput;

  @Option(names = "--heals", paramLabel = "FILE",
      description = "write the run's heals (steps whose selector no longer led to their element and that acted on the "
          + "element identity found) as a unified diff of the workflow file, with each heal's evidence above it")
  Path healsFile;

  @Option(names = "--accept-heals", description = "write the workflow with each healed step's selector replaced next to "
      + "the original, as NAME.healed.yaml (NAME.healed-2.yaml… when that exists: never overwritten)")
  boolean acceptHeals;

  @Option(names = "--base-url", paramLabel = "URL",
      description = "run against another deployment: addresses on the workflow's origin (navigations, captureUrl, "
          + "rewind urls, url_includes that hold the origin) move to URL's origin, and URL's path is put in front of "
          + "their paths, e.g. https://staging.example.com or http://127.0.0.1:8080/app")
  String baseUrl;

  @Option(names = "--authored-base", paramLabel = "URL",
      description = "with --base-url: the origin and path prefix the workflow was authored against, which URL replaces "
          + "(default: the origin of its first navigation, with no prefix)")
  String authoredBase;

  @Option(names = "--report", paramLabel = "DIR",
      description = "write report.json and a self-contained report.html into DIR: each step's status, time, error, "
          + "heal and stored data (masked), with a screenshot at each failure and heal; at scale, one such folder per "
          + "run and index.json / index.html over them all")
  Path reportDir;

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "30",
      description = "how long to wait for the extension to connect (default: ${DEFAULT-VALUE})")
  int connectTimeout;

  @Option(names = "--rows", paramLabel = "FILE.csv",
      description = "run each workflow once per row: a CSV whose header names the variables its columns fill (never a "
          + "secret: those stay in --values-file, shared by every row)")
  Path rowsFile;

  @Option(names = "--parallel", paramLabel = "N",
      description = "how many runs at a time, each in its own browser session (default: 1)")
  Integer parallel;

  @Option(names = "--grid", paramLabel = "URL",
      description = "run each replay in its own session of this Selenium Grid (the Grid queues what is beyond "
          + "--parallel); without it, local headless Chromium")
  String grid;

  @Option(names = "--insecure-grid", description = "allow a plain http:// --grid on another computer (every run's "
      + "values then cross the network in clear)")
  boolean insecureGrid;

  @Option(names = "--retries", paramLabel = "N",
      description = "how many times a run whose browser was lost before a step was sent starts again on a new "
          + "session (default: 1); a run with an uncertain step is never started again")
  Integer retries;

  @Spec
  CommandSpec spec;

  final BrowserClient connectedClient;
  private String text;
  private Workflow authored;
  private PrintWriter out;
  private PrintWriter err;

  /** The command as {@code waymark run} builds it: it launches its own Chromium. */
  public RunCommand() {
    this(null);
  }

  /** The command against a browser that is already paired (no launch): for embedding and tests. */
  public RunCommand(BrowserClient connectedClient) {
    this.connectedClient = connectedClient;
  }

  @Override
  public Integer call() {
    out = spec.commandLine().getOut();
    err = spec.commandLine().getErr();
    file = files.get(0);
    String engineProblem = engineOptions.problem(chromium);
    if (engineProblem != null) return usage(engineProblem);
    if (ScaleRun.wanted(this)) {
      if (connectedClient != null) return usage("a run at scale opens a session per run; it cannot use one paired browser");
      return new ScaleRun(this, out, err).call();
    }
    if (timeoutMs <= 0) return usage("--timeout must be a positive number of milliseconds");
    Workflow workflow;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
      workflow = WorkflowYaml.read(text);
    } catch (WorkflowLoadException e) {
      List<WorkflowProblem> problems = e.problems();
      err.println("waymark run: " + file + " cannot be replayed: " + (problems.size() == 1 ? "1 problem" : problems.size() + " problems"));
      for (WorkflowProblem p : problems) err.println("  " + file + (p.line() > 0 ? ":" + p.line() : "") + ": " + describe(p));
      err.flush();
      return EXIT_USAGE;
    } catch (IOException e) {
      return usage("cannot read " + file + ": " + e.getMessage());
    }
    String outputsProblem = RunOutputs.problem(healsFile, reportDir);
    if (outputsProblem != null) return usage(outputsProblem);
    if (authoredBase != null && baseUrl == null) return usage("--authored-base names what --base-url replaces; give --base-url too");
    authored = workflow;
    if (baseUrl != null) {
      BaseUrlRetarget r;
      try {
        r = BaseUrlRetarget.of(file, workflow, baseUrl, authoredBase);
      } catch (IllegalArgumentException e) {
        return usage(e.getMessage());
      }
      workflow = r.workflow();
      progress(r.summary());
      for (String c : r.retargeted().changes()) progress("  " + c);
    }
    RunValues values;
    try {
      values = RunValues.load(workflow, valuesFile, valuesFrom);
    } catch (IOException e) {
      return usage(e.getMessage());
    }
    String missing = values.missing(workflow, startAt);
    if (missing != null) {
      err.println("waymark run: " + missing);
      err.flush();
      return EXIT_MISSING_VALUE;
    }
    if (startAt != null && !startAt.isBlank() && !WorkflowRunner.AUTO.equalsIgnoreCase(startAt.strip())
        && !WorkflowRunner.resumePoints(workflow).contains(startAt.strip())) {
      List<String> points = WorkflowRunner.resumePoints(workflow);
      return usage("--start-at " + startAt + ": the workflow has no such resume point"
          + (points.isEmpty() ? " (it has none)" : "; it has " + String.join(", ", points)));
    }
    Map<String, String> declared = values.declared();
    Workflow replayed = workflow;
    return new SingleRunBrowser(this, err, this::progress)
        .replayIn((browser, camera, engine) -> replay(browser, camera, engine, replayed, declared));
  }

  /** The engine --browser names (checked by {@link Engine#problem} first). */
  Engine engine() {
    return engineOptions.engine();
  }

  private int replay(ReplayBrowser browser, RunReport.Camera camera, String engine, Workflow workflow, Map<String, String> values) {
    SecretMask mask = new SecretMask(values);
    RunReport report = reportDir == null ? null : new RunReport(workflow, camera, System::currentTimeMillis).browser(engine);
    WorkflowRunner.Options options = WorkflowRunner.Options.of(values)
        .withStartAt(startAt == null || startAt.isBlank() ? null : startAt.strip())
        .withTimeout(timeoutMs)
        .withListeners(step -> {
          if (report != null) report.onStep(step);
          synchronized (out) {
            // The runner masks already; masking the whole line again costs nothing and guards every field.
            out.println(mask.mask(Json.write(step)));
            out.flush();
          }
        }, this::progress);
    progress("replaying " + workflow.id() + " (" + workflow.steps().size() + " steps) in " + engine);
    ReplayResult result;
    try (RunLog record = openRecord()) {
      result = new WorkflowRunner(browser).run(workflow, options.withLog(record));
    } catch (RuntimeException e) {
      org.slf4j.LoggerFactory.getLogger(RunCommand.class).error("run failed: {}", mask.mask(String.valueOf(e.getMessage())));
      err.println("waymark run failed: " + mask.mask(String.valueOf(e.getMessage())) + " (the log has the details)");
      return EXIT_ERROR;
    }
    synchronized (out) {
      out.println(mask.mask(Json.write(result)));
      out.flush();
    }
    progress(result.ok() ? "done: every step that had to succeed did" : "stopped: " + result.error());
    RunOutputs outputs = new RunOutputs(file, text, authored, this::progress, err);
    boolean written = outputs.write(result, healsFile, acceptHeals);
    if (report != null) written &= outputs.writeReport(report, result, reportDir, mask);
    if (!written && result.outcome() == ReplayResult.Outcome.COMPLETED) return EXIT_ERROR;
    return switch (result.outcome()) {
      case COMPLETED -> EXIT_OK;
      case STEP_FAILED -> EXIT_STEP_FAILED;
      case UNCERTAIN -> EXIT_UNCERTAIN;
      case START_NOT_REACHED -> EXIT_START_NOT_REACHED;
      case STOPPED -> EXIT_STOPPED;
      case BROWSER_LOST -> EXIT_NOT_CONNECTED;
    };
  }

  /**
   * The record of the steps this run sends, kept per workflow file and the base url it runs against (decision 0054),
   * so a rerun of a run that was killed knows what it did even in a browser that stands on an empty tab.
   */
  private RunLog openRecord() {
    String key = file.toAbsolutePath().normalize() + "\n" + (baseUrl == null ? "" : baseUrl.strip());
    String start = startAt == null || startAt.isBlank() ? "the beginning" : startAt.strip();
    try {
      return RunJournal.open(ConfigDirs.runs(), key, start, fresh, this::progress);
    } catch (IOException e) {
      progress("the record of sent steps cannot be kept (" + e.getMessage() + "); this run keeps none");
      return RunLog.NONE;
    }
  }

  static String describe(WorkflowProblem p) {
    return (p.field() == null || p.field().isEmpty() ? "" : p.field() + ": ") + p.message();
  }

  private int usage(String message) {
    err.println("waymark run: " + message);
    err.flush();
    return EXIT_USAGE;
  }

  private void progress(String line) {
    synchronized (err) {
      err.println("[waymark] " + line);
      err.flush();
    }
  }
}

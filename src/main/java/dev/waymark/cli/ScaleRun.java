package dev.waymark.cli;

import dev.waymark.secrets.ValuesFile;
import dev.waymark.apply.SecretMask;
import dev.waymark.bridge.BrowserLocator;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.replay.ReplaySessions;
import dev.waymark.firefox.FirefoxLocator;
import dev.waymark.firefox.FirefoxSessions;
import dev.waymark.webdriver.WebDriverReplaySessions;
import dev.waymark.webdriver.WebDriverSessions;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.scale.CsvRows;
import dev.waymark.scale.GridUrl;
import dev.waymark.scale.RunLine;
import dev.waymark.scale.RunPlan;
import dev.waymark.scale.ScaleProgress;
import dev.waymark.scale.ScaleReport;
import dev.waymark.scale.ScaleRunner;
import dev.waymark.scale.ScaleSummary;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code run} at scale: several workflows, or one workflow per row of {@code --rows}, {@code --parallel} at a time,
 * each in its own session — local headless Chromium, or a Selenium Grid with {@code --grid}. Everything is checked
 * before the first session opens; then one JSON line per run on stdout as it finishes, a progress line on stderr,
 * the summary table at the end, and with {@code --report} the combined report.
 */
final class ScaleRun {
  /** Runs at a time at most: each holds a whole browser. */
  static final int MAX_PARALLEL = 64;

  /** Something the person must change before anything runs, with the exit code it answers. */
  static final class Refusal extends Exception {
    final int exitCode;

    Refusal(int exitCode, String message) {
      super(message);
      this.exitCode = exitCode;
    }
  }

  private final RunCommand c;
  private final PrintWriter out;
  private final PrintWriter err;

  ScaleRun(RunCommand command, PrintWriter out, PrintWriter err) {
    this.c = command;
    this.out = out;
    this.err = err;
  }

  /** Whether the command line asks for a run at scale; without these options {@code run} replays one workflow as before. */
  static boolean wanted(RunCommand c) {
    return c.files.size() > 1 || c.rowsFile != null || c.parallel != null || c.grid != null || c.insecureGrid
        || c.retries != null;
  }

  int call() {
    try {
      return run();
    } catch (Refusal r) {
      synchronized (err) {
        err.println("waymark run: " + r.getMessage());
        err.flush();
      }
      return r.exitCode;
    }
  }

  private int run() throws Refusal {
    int parallel = c.parallel == null ? 1 : c.parallel;
    int retries = c.retries == null ? 1 : c.retries;
    if (parallel < 1 || parallel > MAX_PARALLEL) throw usage("--parallel must be between 1 and " + MAX_PARALLEL + " (runs at a time)");
    if (retries < 0) throw usage("--retries must be 0 or more");
    if (c.timeoutMs <= 0) throw usage("--timeout must be a positive number of milliseconds");
    if (c.insecureGrid && c.grid == null) throw usage("--insecure-grid allows a plain http:// --grid; give --grid URL too");
    GridUrl grid = null;
    if (c.grid != null) {
      try {
        grid = GridUrl.parse(c.grid, c.insecureGrid);
      } catch (GridUrl.Refused e) {
        throw usage(e.getMessage());
      }
    }
    if (c.startAt != null) {
      throw usage("--start-at re-enters a browser that already stands somewhere; each run here opens a fresh session "
          + "that starts at the beginning. Leave --start-at out, or run one workflow without --rows/--parallel/--grid");
    }
    if (c.healsFile != null || c.acceptHeals) {
      throw usage("--heals and --accept-heals write one run's heals; with several runs, --report DIR keeps each run's "
          + "heals as a diff in its own report");
    }
    if (c.authoredBase != null && c.baseUrl == null) throw usage("--authored-base names what --base-url replaces; give --base-url too");
    String outputsProblem = RunOutputs.problem(null, c.reportDir);
    if (outputsProblem != null) throw usage(outputsProblem);

    List<RunPlan.Source> sources = new ArrayList<>();
    for (Path f : c.files) sources.add(read(f));
    Map<String, String> secrets;
    try {
      dev.waymark.secrets.SecretStore store = ValueSources.open(c.valuesFile, c.valuesFrom, true);
      java.util.Set<String> names = new java.util.LinkedHashSet<>();
      for (RunPlan.Source s : sources) names.addAll(s.workflow().variables().keySet());
      secrets = store == null ? Map.of() : store.lookupAll(names);
    } catch (IOException e) {
      throw usage(e.getMessage());
    }
    CsvRows rows = null;
    if (c.rowsFile != null) {
      try {
        rows = CsvRows.read(c.rowsFile);
      } catch (IOException e) {
        throw usage(e.getMessage());
      } catch (CsvRows.CsvException e) {
        throw usage(c.rowsFile + (e.line() > 0 ? ":" + e.line() : "") + ": " + e.getMessage());
      }
    }
    RunPlan plan;
    try {
      plan = RunPlan.of(sources, rows, secrets.keySet(), String.valueOf(c.rowsFile));
    } catch (RunPlan.PlanException e) {
      throw usage("the rows do not suit the workflows:\n  " + String.join("\n  ", e.problems()));
    }
    checkValues(sources, rows, secrets);

    if (grid != null && c.engine() == Engine.FIREFOX) {
      throw usage("--grid runs on the Grid's Chrome nodes; --browser firefox runs each replay in a Firefox on this computer. "
          + "Leave out one of them");
    }
    ReplaySessions sessions = grid != null ? gridSessions(grid, allowsADownload(sources))
        : c.engine() == Engine.FIREFOX ? firefoxSessions() : localSessions();
    return runAll(plan, sessions, secrets, parallel, retries);
  }

  // ---- where the sessions come from -----------------------------------------------------------------------

  /**
   * The Grid's sessions: one WebDriver session (with BiDi, tunnelled by the Grid) per run on {@code grid}, driven
   * without the extension (dev.waymark.webdriver): the Grid's nodes say which browser binary runs.
   */
  private ReplaySessions gridSessions(GridUrl grid, boolean downloads) {
    boolean headless = c.headlessOption == null || c.headlessOption;
    return new WebDriverReplaySessions(WebDriverSessions.grid(grid.uri(), headless, downloads), !c.pageInput,
        new CaptureFolder(c.outputDir));
  }

  /**
   * Whether a workflow lets a download through (allow_download): only then the Grid's managed downloads, which bring
   * the file from the node (a captureDownload fetches the file itself and needs none).
   */
  private static boolean allowsADownload(List<RunPlan.Source> sources) {
    return sources.stream().flatMap(s -> s.workflow().steps().stream()).anyMatch(step -> step.allowDownload());
  }

  /** Local Firefox sessions, each a Firefox of its own in a fresh profile, spoken to over its BiDi endpoint. */
  private ReplaySessions firefoxSessions() throws Refusal {
    java.util.Optional<Path> exe = FirefoxLocator.system().find(c.engineOptions.firefox);
    if (exe.isEmpty()) throw new Refusal(ExitCodes.NO_BROWSER, FirefoxLocator.notFoundMessage(c.engineOptions.firefox));
    boolean headless = c.headlessOption == null || c.headlessOption;
    return new WebDriverReplaySessions(new FirefoxSessions(exe.get(), headless), !c.pageInput, new CaptureFolder(c.outputDir));
  }

  /** Local headless Chromium sessions, each with its own bridge and the extension paired to it. */
  private ReplaySessions localSessions() throws Refusal {
    if (ChromiumLauncher.findChromium(c.chromium).isEmpty()) {
      throw new Refusal(ExitCodes.NO_BROWSER, BrowserLocator.notFoundMessage(c.chromium));
    }
    return new LocalChromiumSessions(sessionSettings());
  }

  /** What every session is launched and driven with. */
  LocalChromiumSessions.Settings sessionSettings() {
    boolean headless = c.headlessOption == null || c.headlessOption;
    return new LocalChromiumSessions.Settings(c.chromium, headless, c.connectTimeout, c.pageInput, c.trustedClicks, c.outputDir);
  }

  // ---- checks before anything runs ------------------------------------------------------------------------

  private RunPlan.Source read(Path f) throws Refusal {
    String text;
    Workflow wf;
    try {
      text = Files.readString(f, StandardCharsets.UTF_8);
      wf = WorkflowYaml.read(text);
    } catch (WorkflowLoadException e) {
      List<WorkflowProblem> problems = e.problems();
      StringBuilder b = new StringBuilder(f + " cannot be replayed: " + (problems.size() == 1 ? "1 problem" : problems.size() + " problems"));
      for (WorkflowProblem p : problems) b.append("\n  ").append(f).append(p.line() > 0 ? ":" + p.line() : "").append(": ").append(RunCommand.describe(p));
      throw usage(b.toString());
    } catch (IOException e) {
      throw usage("cannot read " + f + ": " + e.getMessage());
    }
    if (c.baseUrl != null) wf = retarget(f, wf);
    return new RunPlan.Source(f, text, wf);
  }

  private Workflow retarget(Path f, Workflow wf) throws Refusal {
    BaseUrlRetarget r;
    try {
      r = BaseUrlRetarget.of(f, wf, c.baseUrl, c.authoredBase);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    progress(f.getFileName() + ": " + r.summary());
    return r.workflow();
  }

  /** Every token each workflow uses has a value: in the values file, a column, or an earlier step's store. */
  private void checkValues(List<RunPlan.Source> sources, CsvRows rows, Map<String, String> secrets) throws Refusal {
    List<String> problems = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (RunPlan.Source s : sources) {
      Map<String, String> known = new LinkedHashMap<>();
      secrets.forEach((k, v) -> {
        if (s.workflow().variables().containsKey(k)) known.put(k, v);
      });
      if (rows != null) for (String col : rows.columns()) known.put(col, "");
      List<WorkflowRunner.MissingValue> missing = WorkflowRunner.missingValues(s.workflow(), known);
      for (WorkflowRunner.MissingValue m : missing) {
        problems.add(s.file() + ": no value for " + m);
        names.add(m.name());
      }
    }
    if (problems.isEmpty()) return;
    throw new Refusal(ExitCodes.MISSING_VALUE, String.join("\n  ", problems) + "\nPut name=value lines for "
        + String.join(", ", names) + " in an owner-only file and pass it with --values-file"
        + (rows == null ? ", or give them as columns of --rows FILE.csv (secrets stay in the values file)." : ", or add them as columns of "
            + c.rowsFile + " when they are not secrets."));
  }

  // ---- the run --------------------------------------------------------------------------------------------

  private int runAll(RunPlan plan, ReplaySessions sessions, Map<String, String> secrets, int parallel, int retries) {
    SecretMask mask = new SecretMask(secrets);
    ScaleReport report = c.reportDir == null ? null : new ScaleReport(c.reportDir, secrets);
    ScaleRunner runner = new ScaleRunner(sessions, new ScaleRunner.Settings(parallel, retries, c.timeoutMs), secrets,
        report, System::currentTimeMillis);
    progress("replaying " + plan.size() + (plan.size() == 1 ? " run" : " runs") + ", " + parallel + " at a time, each in "
        + (c.grid != null ? "its own Grid session" : c.engine() == Engine.FIREFOX ? "its own headless Firefox" : "its own headless Chromium") + "; a run whose browser is lost "
        + "before a step is sent starts again on a new session (" + retries + (retries == 1 ? " time" : " times")
        + " at most), a run with an uncertain step never does");
    long t0 = System.currentTimeMillis();
    List<RunLine> lines;
    boolean stopped = false;
    try (ScaleProgress ticker = new ScaleProgress(runner::counts, line -> progress("runs: " + line)).start()) {
      lines = runner.run(plan, new ScaleRunner.Listener() {
        @Override
        public void finished(RunLine line) {
          synchronized (out) {
            // The runner masks already; masking the whole line again guards every field.
            out.println(mask.mask(Json.write(line)));
            out.flush();
          }
        }

        @Override
        public void note(String text) {
          progress(mask.mask(text));
        }
      });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      lines = List.of();
      stopped = true;
    }
    List<String> table = ScaleSummary.table(lines);
    synchronized (err) {
      for (String t : table) err.println(mask.mask(t));
      err.flush();
    }
    if (report != null) {
      try {
        report.writeIndex(lines, System.currentTimeMillis() - t0, parallel);
        progress("report written to " + report.dir().resolve("index.html") + " (and index.json; one folder per run)");
      } catch (IOException e) {
        progress("the combined report could not be written into " + report.dir() + ": " + e.getMessage()
            + ". Check that the folder is writable.");
        if (!stopped && lines.stream().allMatch(RunLine::ok)) return RunCommand.EXIT_ERROR;
      }
    }
    return exitCode(lines, stopped);
  }

  /** 0 only when every run passed; an uncertain run wins over a failed one, since a person must look at it. */
  static int exitCode(List<RunLine> lines, boolean stopped) {
    if (lines.stream().anyMatch(l -> RunLine.UNCERTAIN.equals(l.status()))) return ExitCodes.UNCERTAIN;
    if (stopped || lines.stream().anyMatch(l -> RunLine.STOPPED.equals(l.status()))) return ExitCodes.STOPPED;
    if (!lines.isEmpty() && lines.stream().allMatch(l -> RunLine.NO_SESSION.equals(l.status()))) return ExitCodes.NO_BROWSER;
    if (lines.stream().allMatch(RunLine::ok)) return ExitCodes.OK;
    return ExitCodes.STEP_FAILED;
  }

  private Refusal usage(String message) {
    return new Refusal(ExitCodes.USAGE, message);
  }

  private void progress(String line) {
    synchronized (err) {
      err.println("[waymark] " + line);
      err.flush();
    }
  }
}

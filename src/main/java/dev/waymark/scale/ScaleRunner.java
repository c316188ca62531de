package dev.waymark.scale;

import dev.waymark.apply.SecretMask;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplaySession;
import dev.waymark.replay.ReplaySessions;
import dev.waymark.replay.RunReport;
import dev.waymark.replay.WorkflowRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link RunPlan}: at most {@code parallel} runs at a time on named threads, each in a session of its own
 * from {@link ReplaySessions}, the rest queued in plan order. A run whose browser was lost before a step was sent
 * ({@link ReplayResult.Outcome#BROWSER_LOST}) starts again from the beginning on a new session, at most
 * {@code retries} times; a run with an uncertain step is never started again. Each run's line goes to the listener
 * as it finishes, from the run's thread.
 */
public final class ScaleRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ScaleRunner.class);
  /** How long closing waits for the runs to end after a stop. */
  private static final long STOP_WAIT_S = 30;

  /** Hears each finished run and the notes worth a person's eye (a run started again). Called from run threads. */
  public interface Listener {
    void finished(RunLine line);

    void note(String text);
  }

  /** Writes one finished run's report and returns its folder's name; null when there is no report. */
  @FunctionalInterface
  public interface ReportSink {
    String write(RunPlan.Planned run, RunReport report, ReplayResult result) throws IOException;
  }

  /**
   * How to run.
   *
   * @param parallel  how many runs at a time (each holds one session)
   * @param retries   how many times a run whose browser was lost before a step was sent starts again (1 by default)
   * @param timeoutMs the timeout of a step that sets none
   */
  public record Settings(int parallel, int retries, int timeoutMs) {
    public Settings {
      if (parallel < 1) throw new IllegalArgumentException("parallel must be at least 1");
      if (retries < 0) throw new IllegalArgumentException("retries must not be negative");
    }
  }

  /** Where the plan stands: queued (not started), running, done; passed among the done; since when, in ms. */
  public record Counts(int total, int queued, int running, int done, int passed, long elapsedMs) {
    /** Finished runs per minute so far (0 before the first second). */
    public double perMinute() {
      return elapsedMs < 1000 ? 0 : done * 60_000.0 / elapsedMs;
    }
  }

  private final ReplaySessions sessions;
  private final Settings settings;
  private final Map<String, String> secrets;
  private final SecretMask mask;
  private final ReportSink reports;
  private final LongSupplier clock;
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger done = new AtomicInteger();
  private final AtomicInteger passed = new AtomicInteger();
  private volatile int total;
  private volatile long startedAt;

  /**
   * @param secrets the values file's entries, shared by every run; never printed
   * @param reports where each run's report goes, null for none
   */
  public ScaleRunner(ReplaySessions sessions, Settings settings, Map<String, String> secrets, ReportSink reports,
      LongSupplier clockMs) {
    this.sessions = sessions;
    this.settings = settings;
    this.secrets = Map.copyOf(secrets);
    this.mask = new SecretMask(this.secrets);
    this.reports = reports;
    this.clock = clockMs;
  }

  /** Where the plan stands now; safe from any thread. */
  public Counts counts() {
    int s = started.get();
    int d = done.get();
    return new Counts(total, total - s, s - d, d, passed.get(), startedAt == 0 ? 0 : clock.getAsLong() - startedAt);
  }

  /**
   * Runs every run of the plan and returns their lines in plan order. Interrupting the calling thread stops the
   * runs: each ends as stopped, and the lines of those that never started are not returned.
   */
  public List<RunLine> run(RunPlan plan, Listener listener) throws InterruptedException {
    total = plan.size();
    startedAt = clock.getAsLong();
    AtomicInteger threads = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(settings.parallel(), Math.max(1, plan.size())), r -> {
      Thread t = new Thread(r, "waymark-run-" + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    List<Future<RunLine>> futures = new ArrayList<>();
    try {
      for (RunPlan.Planned p : plan.runs()) futures.add(pool.submit(() -> runOne(p, listener)));
      List<RunLine> lines = new ArrayList<>();
      for (Future<RunLine> f : futures) {
        try {
          lines.add(f.get());
        } catch (ExecutionException e) {
          // runOne turns every failure into a line; this is a bug, not a run's outcome
          throw new IllegalStateException("a run failed outside its own handling", e.getCause());
        }
      }
      return lines;
    } catch (InterruptedException e) {
      pool.shutdownNow();
      pool.awaitTermination(STOP_WAIT_S, TimeUnit.SECONDS);
      throw e;
    } finally {
      pool.shutdownNow();
    }
  }

  private RunLine runOne(RunPlan.Planned p, Listener listener) {
    started.incrementAndGet();
    long t0 = clock.getAsLong();
    RunLine line;
    try {
      line = attempts(p, listener, t0);
    } catch (RuntimeException e) {
      LOG.error("run {} ({}) failed: {}", p.number(), p.describe(), mask.mask(String.valueOf(e.getMessage())), e);
      line = line(p, RunLine.ERROR, t0, 1, null, null, "the run failed inside Waymark: "
          + mask.mask(String.valueOf(e.getMessage())) + " (the log has the details)", Map.of(), null);
    }
    if (line.ok()) passed.incrementAndGet();
    done.incrementAndGet();
    listener.finished(line);
    return line;
  }

  private RunLine attempts(RunPlan.Planned p, Listener listener, long t0) {
    Map<String, String> values = RunPlan.valuesOf(p, secrets);
    String retried = null;
    for (int attempt = 1; ; attempt++) {
      if (Thread.currentThread().isInterrupted()) {
        return line(p, RunLine.STOPPED, t0, attempt - 1, retried, null, "stopped before the run started", Map.of(), null);
      }
      ReplaySession session;
      try {
        session = sessions.open();
      } catch (ReplaySessions.Unavailable e) {
        return line(p, RunLine.NO_SESSION, t0, attempt, retried, null, mask.mask(e.getMessage()), Map.of(), null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return line(p, RunLine.STOPPED, t0, attempt, retried, null, "stopped while its session was opening", Map.of(), null);
      }
      ReplayResult result;
      RunReport report;
      String where;
      try (session) {
        where = mask.mask(session.description());
        report = reports == null ? null : new RunReport(p.source().workflow(), session.camera(), clock);
        // The row's cells are printed on the line already; only the values file's entries are secrets.
        WorkflowRunner.Options options = WorkflowRunner.Options.of(values).withTimeout(settings.timeoutMs())
            .withPlain(p.rowValues().keySet())
            .withListeners(step -> {
              if (report != null) report.onStep(step);
            }, text -> LOG.debug("run {}: {}", p.number(), text));
        result = new WorkflowRunner(session.browser()).run(p.source().workflow(), options);
      }
      boolean uncertain = result.steps().stream().anyMatch(s -> s.uncertain());
      if (result.outcome() == ReplayResult.Outcome.BROWSER_LOST && !uncertain && attempt <= settings.retries()) {
        retried = "attempt " + attempt + ": " + result.error() + "; started again from the beginning on a new session"
            + " (" + settings.retries() + (settings.retries() == 1 ? " retry" : " retries") + " allowed per run)";
        listener.note("run " + p.number() + " (" + p.describe() + "): its browser was lost before step "
            + result.failedStep() + " was sent; starting it again on a new session (retry " + attempt + " of "
            + settings.retries() + ")");
        continue;
      }
      String folder = null;
      if (report != null) {
        try {
          folder = reports.write(p, report, result);
        } catch (IOException e) {
          listener.note("run " + p.number() + ": its report could not be written: " + e.getMessage()
              + ". Check that the report folder is writable.");
        }
      }
      return line(p, status(result), t0, attempt, retried, result.failedStep(), result.error(), result.stored(), where)
          .withReport(folder);
    }
  }

  private RunLine line(RunPlan.Planned p, String status, long t0, int attempts, String retried, String failedStep,
      String error, Map<String, String> stored, String session) {
    return new RunLine(p.number(), p.source().workflow().id(), p.source().fileName(), p.row() == null ? null : p.row().number(),
        p.rowValues(), status, RunLine.PASSED.equals(status), clock.getAsLong() - t0, attempts, retried, failedStep,
        mask.mask(error), stored, session, null);
  }

  static String status(ReplayResult r) {
    return switch (r.outcome()) {
      case COMPLETED -> RunLine.PASSED;
      case STEP_FAILED -> RunLine.FAILED;
      case UNCERTAIN -> RunLine.UNCERTAIN;
      case START_NOT_REACHED -> RunLine.START_NOT_REACHED;
      case STOPPED -> RunLine.STOPPED;
      case BROWSER_LOST -> RunLine.BROWSER_LOST;
    };
  }
}

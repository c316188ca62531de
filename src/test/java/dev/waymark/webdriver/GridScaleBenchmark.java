package dev.waymark.webdriver;

import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.scale.RunLine;
import dev.waymark.scale.RunPlan;
import dev.waymark.scale.ScaleRunner;
import dev.waymark.testing.BenchmarkTarget;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.GridHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replay at scale through a real Selenium Grid (-Pbench): 40 replays of a 10-step workflow at parallelism 1, 2 and 4,
 * each in its own Grid session — runs per minute, the runner's own memory per parallel run, and the time per step
 * against the extension driver on the same page.
 */
@RealBrowser
class GridScaleBenchmark {
  @RegisterExtension
  static GridHarness grid = GridHarness.create(4);

  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  private static final int RUNS = 40;
  private static final int STEP_SAMPLES = 10;

  private static Workflow tenSteps() throws Exception {
    String yaml = String.join("\n",
        "id: ten", "name: Ten steps", "steps:",
        "  - {id: open, type: navigate, url: \"" + browser.pageUrl("grid/ten.html") + "\"}",
        "  - {id: first, type: fill, selector: {css: \"#first\"}, value: Ada}",
        "  - {id: last, type: fill, selector: {css: \"#last\"}, value: Lovelace}",
        "  - {id: add, type: click, selector: {css: \"#add\"}}",
        "  - {id: city, type: fill, selector: {css: \"#city\"}, value: London}",
        "  - {id: news, type: click, selector: {css: \"#news\"}}",
        "  - {id: plan, type: select, selector: {css: \"#plan\"}, value: pro}",
        "  - {id: save, type: click, selector: {css: \"#save\"}}",
        "  - {id: check, type: wait, wait: {text: saved London pro true}}",
        "  - {id: log, type: extract, selector: {css: \"#log\"}, store: log}", "");
    return WorkflowYaml.read(yaml);
  }

  @Test
  void replaysAtParallelismOneTwoAndFourThroughTheGrid() throws Exception {
    Workflow wf = tenSteps();
    Locale.setDefault(Locale.ROOT);
    System.out.println("Grid scale: " + RUNS + " replays of a 10-step workflow per parallelism, each in its own Grid session");
    System.out.println(" parallel | runs/min | passed | wall s | runner heap per parallel run MB | threads");
    double perMinuteAt1 = 0;
    double perMinuteAt4 = 0;
    double heapPerRun = 0;
    for (int parallel : new int[] {1, 2, 4}) {
      RunPlan plan = RunPlan.of(Collections.nCopies(RUNS, new RunPlan.Source(Path.of("ten.yaml"), "", wf)), null, java.util.Set.of(), null);
      System.gc();
      long base = usedHeap();
      AtomicLong peak = new AtomicLong(base);
      int threadsBefore = Thread.activeCount();
      AtomicLong peakThreads = new AtomicLong(threadsBefore);
      Thread sampler = new Thread(() -> {
        while (!Thread.currentThread().isInterrupted()) {
          peak.accumulateAndGet(usedHeap(), Math::max);
          peakThreads.accumulateAndGet(Thread.activeCount(), Math::max);
          try {
            Thread.sleep(50);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "bench-memory-sampler");
      sampler.start();
      long t0 = System.nanoTime();
      List<RunLine> lines = new ScaleRunner(new WebDriverReplaySessions(WebDriverSessions.grid(URI.create(grid.url()), true), true, null),
          new ScaleRunner.Settings(parallel, 1, 10_000), Map.of(), null, System::currentTimeMillis).run(plan, new ScaleRunner.Listener() {
            @Override
            public void finished(RunLine line) {}

            @Override
            public void note(String text) {}
          });
      double wallS = (System.nanoTime() - t0) / 1e9;
      sampler.interrupt();
      sampler.join();
      long passed = lines.stream().filter(RunLine::ok).count();
      double perMinute = RUNS * 60 / wallS;
      double mbPerRun = Math.max(0, peak.get() - base) / 1024.0 / 1024.0 / parallel;
      System.out.printf(" %8d | %8.1f | %6d | %6.1f | %31.1f | %d%n", parallel, perMinute, passed, wallS, mbPerRun,
          peakThreads.get() - threadsBefore);
      if (parallel == 1) perMinuteAt1 = perMinute;
      if (parallel == 4) {
        perMinuteAt4 = perMinute;
        heapPerRun = mbPerRun;
      }
    }

    double extension = msPerStep(new BridgeReplayBrowser(browser.client()), wf);
    double webdriver;
    try (WebDriverReplayBrowser b = new WebDriverReplayBrowser(WebDriverSessions.grid(URI.create(grid.url()), true).open(), true)) {
      webdriver = msPerStep(b, wf);
    }
    System.out.printf("per step (median of %d replays in one open session): extension driver %.1f ms, Grid driver %.1f ms, overhead %.1f ms%n",
        STEP_SAMPLES, extension, webdriver, webdriver - extension);
    BenchmarkTarget.atLeast("Grid runs per minute at parallel 4 against parallel 1", perMinuteAt4 / perMinuteAt1, "×", 2).print();
    BenchmarkTarget.atMost("runner heap per parallel Grid run", heapPerRun, "MB", 64).print();
    BenchmarkTarget.atMost("Grid driver time per step against the extension driver's", webdriver / extension, "×", 2).print();
  }

  private static double msPerStep(ReplayBrowser b, Workflow wf) {
    List<Double> samples = new ArrayList<>();
    for (int i = 0; i < STEP_SAMPLES + 1; i++) {
      long t0 = System.nanoTime();
      ReplayResult r = new WorkflowRunner(b).run(wf, WorkflowRunner.Options.of(Map.of()));
      double ms = (System.nanoTime() - t0) / 1e6 / wf.steps().size();
      if (r.outcome() != ReplayResult.Outcome.COMPLETED) throw new AssertionError("the replay did not complete: " + r);
      if (i > 0) samples.add(ms); // the first warms the page and the driver up
    }
    Collections.sort(samples);
    return samples.get(samples.size() / 2);
  }

  private static long usedHeap() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}

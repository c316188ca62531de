package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BrowserLocator;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.testing.BenchmarkTarget;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 14's speed targets for a 100-step workflow on a local page (fill field i, click "Add i"; ten rows, five rounds):
 * replay with {@code WorkflowRunner} (identity checks on) against authoring the same steps with a scripted program
 * source (target: replay at least 10× faster), and against a hand-written Playwright script doing the same steps on
 * the same Chromium (target: replay within 1.5× of it). Each figure is timed from the first action to the last.
 */
@RealBrowser
class ReplaySpeedBenchmark {
  private static final Logger LOG = LoggerFactory.getLogger(ReplaySpeedBenchmark.class);
  private static final Path PLAYWRIGHT_DIR = Path.of("bench/compact-vs-playwright");

  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  @Test
  void replayIsFarFasterThanAuthoringAndCloseToAHandWrittenPlaywrightScript() throws Exception {
    String url = browser.pageUrl("replay/hundred.html");
    browser.open(url);
    List<Map<String, Object>> plan = new ArrayList<>();
    for (int round = 1; round <= 5; round++) {
      for (int i = 1; i <= 10; i++) {
        plan.add(Map.of("type", "fill", "name", "Field " + i, "value", "value " + round + "-" + i));
        plan.add(Map.of("type", "click", "name", "Add " + i));
      }
    }
    plan.add(Map.of("done", true));
    long a0 = System.nanoTime();
    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Fill and add fifty rows", plan, Map.of(), "",
        "--approve", "auto", "--budget", "120");
    double authorMs = (System.nanoTime() - a0) / 1e6;
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(browser.eval("window.got.added").asInt()).isEqualTo(50);
    Workflow wf = WorkflowYaml.read(authored.exported());
    assertThat(wf.steps()).hasSize(101);

    browser.open(url);
    AtomicLong firstDone = new AtomicLong();
    long r0 = System.nanoTime();
    ReplayResult replayed = new WorkflowRunner(new BridgeReplayBrowser(browser.client())).run(wf,
        WorkflowRunner.Options.of(Map.of()).withListeners(s -> firstDone.compareAndSet(0, System.nanoTime()), line -> { }));
    long r1 = System.nanoTime();
    assertThat(replayed.ok()).as(String.valueOf(replayed)).isTrue();
    assertThat(browser.eval("window.got.added").asInt()).isEqualTo(50);
    // the navigate is the first step: the hundred actions are timed from its end, as Playwright's are from goto's
    double replayMs = (r1 - firstDone.get()) / 1e6;
    double authorPerStep = authorMs / 101;
    double replayPerStep = replayMs / 100;

    Double playwrightMs = playwright(url);
    LOG.info(String.format("%n100-step workflow            total ms   ms/step   steps/s%n"
        + "authoring (program source)   %8.0f  %8.1f  %8.1f%n"
        + "replay (identity checks)     %8.0f  %8.1f  %8.1f%n"
        + "Playwright script            %8s  %8s  %8s",
        authorMs, authorPerStep, 1000 / authorPerStep, replayMs, replayPerStep, 1000 / replayPerStep,
        playwrightMs == null ? "-" : String.format("%.0f", playwrightMs),
        playwrightMs == null ? "-" : String.format("%.1f", playwrightMs / 100),
        playwrightMs == null ? "-" : String.format("%.1f", 100_000 / playwrightMs)));
    BenchmarkTarget.atLeast("replay speed-up over authoring", authorPerStep / replayPerStep, "×", 10).print();
    if (playwrightMs != null) {
      BenchmarkTarget.atMost("replay time against a hand-written Playwright script", replayMs / playwrightMs, "×", 1.5).print();
    }
  }

  /** The Playwright script's time for the hundred steps, or null (said in the log) when Playwright cannot run here. */
  private Double playwright(String url) throws IOException, InterruptedException {
    if (!Files.isDirectory(PLAYWRIGHT_DIR.resolve("node_modules/playwright-core"))) {
      // The bench's own dependencies, from the npm registry, the first time (bench profile only).
      Process ci = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(PLAYWRIGHT_DIR.toFile())
          .redirectErrorStream(true).redirectOutput(dir.resolve("npm-ci.log").toFile()).start();
      if (!ci.waitFor(10, TimeUnit.MINUTES) || ci.exitValue() != 0) {
        LOG.warn("Playwright is not installed in {} and npm ci failed (see {}); its figure is left out",
            PLAYWRIGHT_DIR, dir.resolve("npm-ci.log"));
        return null;
      }
    }
    String chromium = BrowserLocator.system().find(null).orElseThrow().toString();
    Process p = new ProcessBuilder("node", "replay-steps.mjs", url, chromium).directory(PLAYWRIGHT_DIR.toFile())
        .redirectError(dir.resolve("playwright.err").toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new AssertionError("the Playwright script failed: " + Files.readString(dir.resolve("playwright.err")));
    }
    JsonNode r = Json.mapper().readTree(out.lines().filter(l -> l.startsWith("{")).reduce((x, y) -> y).orElseThrow());
    return r.path("ms").asDouble();
  }
}

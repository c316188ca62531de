package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.DriversSuite;
import dev.waymark.testing.GridHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same replay suite on the extension driver and on the Grid driver gives the same statuses, the same reports of
 * what else happened, and leaves the page in the same state (the page's own log, read by the workflow's last steps).
 */
@RealBrowser
class ReplayOnBothDriversChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @RegisterExtension
  static GridHarness grid = GridHarness.shared();

  private static final Map<String, String> VALUES = Map.of("who", "Ada Lovelace");

  private static Workflow suite(String name) throws Exception {
    try (InputStream in = ReplayOnBothDriversChromiumTest.class.getClassLoader().getResourceAsStream("pages/replay/" + name)) {
      return WorkflowYaml.read(new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__BASE__", browser.pageUrl("replay/")));
    }
  }

  private static Workflow drivers() throws Exception {
    try (InputStream in = ReplayOnBothDriversChromiumTest.class.getClassLoader().getResourceAsStream("pages/drivers/suite.yaml")) {
      return WorkflowYaml.read(new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__BASE__", browser.pageUrl("drivers/")));
    }
  }

  private static ReplayResult onExtension(Workflow wf, Map<String, String> values) {
    return new WorkflowRunner(new BridgeReplayBrowser(browser.client())).run(wf, WorkflowRunner.Options.of(values));
  }

  private static ReplayResult onGrid(Workflow wf, Map<String, String> values) throws Exception {
    try (WebDriverReplayBrowser b = new WebDriverReplayBrowser(WebDriverSessions.grid(URI.create(grid.url()), true).open(), true)) {
      return new WorkflowRunner(b).run(wf, WorkflowRunner.Options.of(values));
    }
  }

  /** Per step: ok, skipped, uncertain, and what else the page did (dialogs with their answers, truncation). */
  private static List<String> statuses(ReplayResult r) {
    return r.steps().stream().map(ReplayBrowserStatus::of).collect(Collectors.toList());
  }

  @Test
  void theDriversSuiteGivesTheSameStatusesAndPageStateOnBothDrivers() throws Exception {
    Workflow wf = drivers();
    ReplayResult ext = onExtension(wf, VALUES);
    ReplayResult wd = onGrid(wf, VALUES);

    assertThat(statuses(wd)).as("extension %s%nwebdriver %s", ext, wd).isEqualTo(statuses(ext));
    assertThat(wd.outcome()).as("%s", wd.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    // The page's own log: the value reached the field, the confirm was kept then deleted, the trusted-only button
    // took the click, the Enter carried keyCode 13; the cut fill and the dead link did nothing to the log.
    assertThat(ext.stored().get("log")).isEqualTo(DriversSuite.LOG);
    assertThat(wd.stored().get("log")).isEqualTo(DriversSuite.LOG);
    DriversSuite.assertTheDraftDialog(ext);
    DriversSuite.assertTheDraftDialog(wd);
    assertThat(wd.stored().get("viewport")).isEqualTo("500x600").isEqualTo(ext.stored().get("viewport"));
    ReplayStepResult cut = step(wd, "cut");
    assertThat(cut.ok()).isFalse();
    assertThat(cut.error()).contains("3");
    assertThat(step(wd, "dead").error()).contains("the link did nothing");
    assertThat(step(wd, "gone-control").error()).contains("#no-such-control");
    assertThat(step(wd, "skipped").skipped()).isTrue();
    assertThat(step(wd, "delete-dismissed").outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.message()).isEqualTo("Delete 3 items?"))
        .satisfies(d -> assertThat(d.answered()).isEqualTo("dismissed"));
    assertThat(step(wd, "delete-accepted").outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.answered()).isEqualTo("accepted"));
    // The value reached the page (its log says so) but never comes back: every echo is masked on both drivers.
    assertThat(wd.toString()).doesNotContain("Lovelace");
    assertThat(ext.toString()).doesNotContain("Lovelace");
  }

  @Test
  void theLedgerFlowGivesTheSameStatusesAndStoredDataOnBothDrivers() throws Exception {
    Map<String, String> values = Map.of("email", "ada@example.com", "password", "pw-" + System.nanoTime());
    browser.open("about:blank");
    ReplayResult ext = onExtension(suite("ledger.yaml"), values);
    ReplayResult wd = onGrid(suite("ledger.yaml"), values);

    assertThat(statuses(wd)).as("extension %s%nwebdriver %s", ext, wd).isEqualTo(statuses(ext));
    assertThat(wd.outcome()).isEqualTo(ReplayResult.Outcome.COMPLETED).isEqualTo(ext.outcome());
    assertThat(wd.stored()).isEqualTo(ext.stored());
    assertThat(wd.stored().get("orders")).contains("A-1001", "A-1003");
    assertThat(wd.toString()).doesNotContain(values.get("password"));
  }

  private static ReplayStepResult step(ReplayResult r, String id) {
    return r.steps().stream().filter(s -> id.equals(s.stepId())).findFirst().orElseThrow(() -> new AssertionError("no step " + id + " in " + r));
  }

  /** A step's status in words, the same for both drivers when they agree. */
  private static final class ReplayBrowserStatus {
    static String of(ReplayStepResult s) {
      String dialogs = s.outcome() == null ? "" : s.outcome().dialogs().stream().map(d -> d.kind() + ":" + d.answered())
          .collect(Collectors.joining(","));
      return s.stepId() + " ok=" + s.ok() + " skipped=" + s.skipped() + " uncertain=" + s.uncertain() + " dialogs=" + dialogs;
    }
  }
}

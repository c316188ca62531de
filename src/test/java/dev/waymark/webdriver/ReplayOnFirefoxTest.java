package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.firefox.FirefoxSessions;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.DriversSuite;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A workflow replayed in Firefox over its own BiDi endpoint (no driver binary) gives the same statuses, the same
 * reports of what else happened and the same page state as in Chromium through the extension: the page's own log,
 * read by the workflow's last steps, says what each step did to it.
 */
@RealBrowser
class ReplayOnFirefoxTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  private static final Map<String, String> VALUES = Map.of("who", "Ada Lovelace");

  private static Workflow workflow(String resource, String base) throws Exception {
    try (InputStream in = ReplayOnFirefoxTest.class.getClassLoader().getResourceAsStream("pages/" + resource)) {
      return WorkflowYaml.read(new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__BASE__", browser.pageUrl(base)));
    }
  }

  private static ReplayResult onChromium(Workflow wf, Map<String, String> values) {
    return new WorkflowRunner(new BridgeReplayBrowser(browser.client())).run(wf, WorkflowRunner.Options.of(values));
  }

  private static ReplayResult onFirefox(Workflow wf, Map<String, String> values) throws Exception {
    try (WebDriverReplayBrowser b = new WebDriverReplayBrowser(new FirefoxSessions(Browsers.firefox(), true).open(), true)) {
      assertThat(b.session().engine()).startsWith("Firefox ");
      return new WorkflowRunner(b).run(wf, WorkflowRunner.Options.of(values));
    }
  }

  private static List<String> statuses(ReplayResult r) {
    return r.steps().stream().map(s -> s.stepId() + " ok=" + s.ok() + " skipped=" + s.skipped() + " uncertain="
        + s.uncertain() + " dialogs=" + (s.outcome() == null ? "" : s.outcome().dialogs().stream()
            .map(d -> d.kind() + ":" + d.answered()).collect(Collectors.joining(","))))
        .collect(Collectors.toList());
  }

  @Test
  void theDriversSuiteGivesTheSameStatusesAndPageStateInFirefox() throws Exception {
    Workflow wf = workflow("drivers/suite.yaml", "drivers/");
    ReplayResult chromium = onChromium(wf, VALUES);
    ReplayResult firefox = onFirefox(wf, VALUES);

    assertThat(statuses(firefox)).as("chromium %s%nfirefox %s", chromium, firefox).isEqualTo(statuses(chromium));
    assertThat(firefox.outcome()).as("%s", firefox.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    // The page's own log: the value reached the field, the confirm was kept then deleted, the trusted-only button
    // took the click, the Enter carried keyCode 13; the cut fill and the dead link did nothing to the log.
    assertThat(firefox.stored().get("log")).isEqualTo(DriversSuite.LOG).isEqualTo(chromium.stored().get("log"));
    DriversSuite.assertTheDraftDialog(firefox);
    assertThat(firefox.stored().get("viewport")).isEqualTo("500x600");
    assertThat(step(firefox, "cut").error()).contains("3");
    assertThat(step(firefox, "dead").error()).contains("the link did nothing");
    assertThat(step(firefox, "gone-control").error()).contains("#no-such-control");
    assertThat(step(firefox, "delete-dismissed").outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.message()).isEqualTo("Delete 3 items?"))
        .satisfies(d -> assertThat(d.answered()).isEqualTo("dismissed"));
    assertThat(firefox.toString()).doesNotContain("Lovelace");
  }

  @Test
  void theLedgerFlowStoresTheSameRowsInFirefox() throws Exception {
    Map<String, String> values = Map.of("email", "ada@example.com", "password", "pw-" + System.nanoTime());
    browser.open("about:blank");
    Workflow wf = workflow("replay/ledger.yaml", "replay/");
    ReplayResult chromium = onChromium(wf, values);
    ReplayResult firefox = onFirefox(wf, values);

    assertThat(statuses(firefox)).as("chromium %s%nfirefox %s", chromium, firefox).isEqualTo(statuses(chromium));
    assertThat(firefox.outcome()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(firefox.stored()).isEqualTo(chromium.stored());
    assertThat(firefox.stored().get("orders")).contains("A-1001", "A-1003");
    assertThat(firefox.toString()).doesNotContain(values.get("password"));
  }

  /**
   * Material Web's tabs and radios say their role and name only through ElementInternals: the identity check before
   * each step reads them in Firefox over BiDi as in Chromium through the extension (decision 0080), and both act.
   */
  @Test
  void webComponentsKnownByTheirInternalsAreFoundByEveryDriver() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(dev.waymark.testing.GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci");
    Workflow wf = workflow("gallery/material-form.yaml", "gallery/");
    ReplayResult chromium = onChromium(wf, Map.of());
    ReplayResult firefox = onFirefox(wf, Map.of());

    assertThat(chromium.outcome()).as("%s", chromium.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(firefox.outcome()).as("%s", firefox.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(chromium.stored().get("log")).isEqualTo("country de | plan pro | tab alerts");
    assertThat(firefox.stored().get("log")).isEqualTo("country de | plan pro | tab alerts");
  }

  /** Fluent UI's slider and dropdown, named by their own elements, whose roles only their internals say. */
  @Test
  void aFluentSliderAndDropdownNamedByTheirOwnElementsAreWorkedByEveryDriver() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(dev.waymark.testing.GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci");
    Workflow wf = workflow("gallery/fluent-form.yaml", "gallery/");
    ReplayResult chromium = onChromium(wf, Map.of());
    ReplayResult firefox = onFirefox(wf, Map.of());

    assertThat(chromium.outcome()).as("%s", chromium.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(firefox.outcome()).as("%s", firefox.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(chromium.stored().get("log")).isEqualTo("nights 3 | nights 4 | nights 5 | city lis");
    assertThat(firefox.stored().get("log")).isEqualTo("nights 3 | nights 4 | nights 5 | city lis");
  }

  /**
   * A userStep's continue_on selector waits for an element to appear: drawn by a web component in its shadow tree,
   * while the page keeps a hidden element that matches from the start (which ends no wait). Through the extension's
   * gate and over WebDriver alike; the page notes whether the next step came after the puzzle was solved.
   */
  @Test
  void aUserStepWaitsForItsElementToShowOnEveryDriver() throws Exception {
    Workflow wf = workflow("author/puzzle-gate.yaml", "author/");
    ReplayResult chromium = onChromium(wf, Map.of());
    ReplayResult firefox = onFirefox(wf, Map.of());

    assertThat(chromium.outcome()).as("%s", chromium.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(firefox.outcome()).as("%s", firefox.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(chromium.stored().get("pressed")).isEqualTo("after the puzzle was solved");
    assertThat(firefox.stored().get("pressed")).isEqualTo("after the puzzle was solved");
  }

  @Test
  void aFillOnWhatIsNoFieldStopsSoonOnEveryDriverAndALateEditorIsWaitedFor() throws Exception {
    Workflow wf = workflow("executor/late-editor.yaml", "executor/");
    ReplayResult chromium = onChromium(wf, Map.of());
    ReplayResult firefox = onFirefox(wf, Map.of());

    for (ReplayResult r : List.of(chromium, firefox)) {
      assertThat(r.stored().get("log")).as("%s", r.steps()).contains("editor started").contains("editor: Buy milk");
      assertThat(step(r, "card").ok()).isFalse();
      assertThat(step(r, "card").error()).as("%s", r.steps())
          .isEqualTo("element is not editable (not an input, textarea or contenteditable): <div id=card> 'Write your note here'"
              + " (still so after 2000 ms)");
    }
  }

  private static ReplayStepResult step(ReplayResult r, String id) {
    return r.steps().stream().filter(s -> id.equals(s.stepId())).findFirst().orElseThrow(() -> new AssertionError("no step " + id + " in " + r));
  }
}

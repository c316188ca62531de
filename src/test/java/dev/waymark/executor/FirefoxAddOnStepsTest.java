package dev.waymark.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.testing.DriversSuite;
import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 25: steps performed by the Waymark add-on in Firefox get the same honest verdicts and report the same
 * outcomes as in Chromium — a value typed, a box ticked, an option chosen, Enter with its keyCode, a maxlength cut
 * that fails, a dead link, a confirm dismissed then accepted, a button that takes only a person's (trusted) click —
 * each checked by the page's own log. Firefox gives add-ons no debugger: the studio sends their trusted input over
 * the launched Firefox's BiDi connection. With page-script input that button is not called done, and a viewport step
 * says what Firefox lacks.
 */
@RealBrowser
class FirefoxAddOnStepsTest {
  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  private static Workflow suite() throws Exception {
    try (InputStream in = FirefoxAddOnStepsTest.class.getClassLoader().getResourceAsStream("pages/drivers/suite.yaml")) {
      String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__BASE__", firefox.pageUrl("drivers/"));
      Workflow wf = WorkflowYaml.read(yaml);
      // The viewport is the debugger's in Chrome and nothing an add-on may set in Firefox: tried alone below.
      List<Step> kept = wf.steps().stream().filter(s -> !List.of("viewport", "size-shown").contains(s.id())).toList();
      return new Workflow(wf.id(), wf.name(), wf.description(), wf.variables(), kept);
    }
  }

  @Test
  void theDriversSuiteThroughTheAddOnLeavesThePageAsInChromium() throws Exception {
    ReplayResult r = new WorkflowRunner(new BridgeReplayBrowser(firefox.client()))
        .run(suite(), WorkflowRunner.Options.of(Map.of("who", "Ada Lovelace")));

    assertThat(r.outcome()).as("%s", r.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    // The page's own log, as in Chromium: the trusted-only button took the click as a person's.
    assertThat(r.stored().get("log"))
        .isEqualTo(DriversSuite.LOG);
    DriversSuite.assertTheDraftDialog(r);
    assertThat(step(r, "cut").ok()).isFalse();
    assertThat(step(r, "cut").error()).contains("3");
    assertThat(step(r, "dead").error()).contains("the link did nothing");
    assertThat(step(r, "gone-control").error()).contains("#no-such-control");
    assertThat(step(r, "skipped").skipped()).isTrue();
    assertThat(step(r, "delete-dismissed").outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.message()).isEqualTo("Delete 3 items?"))
        .satisfies(d -> assertThat(d.answered()).isEqualTo("dismissed"));
    assertThat(step(r, "delete-accepted").outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.answered()).isEqualTo("accepted"));
    assertThat(r.toString()).doesNotContain("Lovelace");
  }

  @Test
  void withPageScriptInputAPersonOnlyButtonIsNotCalledDoneAndAViewportSaysWhatFirefoxLacks() throws Exception {
    firefox.open(firefox.pageUrl("drivers/suite.html"));
    firefox.client().usePageInput();
    PerformResult person;
    try {
      person = firefox.client().perform("person", Step.builder("click").id("person")
        .selector(dev.waymark.workflow.Selector.css("#trusted-only")).build(), Map.of(), 5_000).get(15, TimeUnit.SECONDS);
    } finally {
      firefox.client().useTrustedInput(false); // back to the default: trusted in a browser Waymark launched
    }
    assertThat(firefox.eval("document.getElementById('log').textContent").asText()).doesNotContain("person clicked");
    assertThat(person.ok() && person.effect() == null).as("%s", person).isFalse();

    PerformResult viewport = firefox.client().perform("viewport", Step.builder("setViewport").id("viewport").value("500x600").build(),
        Map.of(), 5_000).get(15, TimeUnit.SECONDS);
    assertThat(viewport.ok()).isFalse();
    assertThat(viewport.error()).containsIgnoringCase("firefox");
  }

  private static ReplayStepResult step(ReplayResult r, String id) {
    return r.steps().stream().filter(s -> id.equals(s.stepId())).findFirst().orElseThrow(() -> new AssertionError("no step " + id + " in " + r));
  }
}

package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.waymark.apply.StepWriter;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.cli.RunCommand;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heals as reviewed changes and retargeting, through {@code waymark run} in real Chromium: a workflow authored on
 * one build of a page replays on a drifted build; {@code --heals} proposes exactly the healed selectors,
 * {@code --accept-heals} writes a copy that replays there with no heal, and {@code --base-url} runs a workflow
 * authored against another server. The page records which control received each action.
 */
@RealBrowser
class RunHealsChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  static final List<String> EXPECTED = List.of("input:new", "click:toggle-dog", "input:toggle-dog", "click:active", "click:save");

  private static ObservedNode node(PageObservation o, String role, String name, String context) {
    return o.nodes().stream().filter(n -> role.equals(n.role()) && name.equals(n.name())
        && (context == null || context.equals(n.context()))).findFirst()
        .orElseThrow(() -> new AssertionError("no " + role + " " + name + " in " + o.nodes()));
  }

  private static Step on(String id, String type, ObservedNode n) {
    return Step.builder(type).id(id).label(n.name()).selector(new Selector(n.selector(), n.path(), n.indexes(), n.enter(), null, false))
        .target(StepWriter.targetOf(n)).timeoutMs(4000).build();
  }

  /** The workflow as authored on the original build at {@code pageUrl}, with a url check that holds the origin. */
  private String authorAt(String pageUrl) throws Exception {
    browser.open(pageUrl);
    await().atMost(Duration.ofSeconds(10)).until(() -> browser.eval("window.__frameReady === true").asBoolean());
    PageObservation o = browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS).page();
    String origin = pageUrl.substring(0, pageUrl.indexOf('/', "http://".length()));
    List<Step> steps = List.of(
        Step.builder(StepTypes.NAVIGATE).id("open").url(pageUrl).build(),
        Step.builder(StepTypes.WAIT).id("on-app").waitFor(new WaitConfig(null, null,
            origin.substring("http://".length()) + "/executor/identity.html", false, 0, 4000)).build(),
        on("new", "fill", node(o, "textbox", "What needs to be done?", null)).toBuilder().value("Call mum").build(),
        on("dog", "click", node(o, "checkbox", "Toggle", "Walk dog")),
        on("active", "click", node(o, "link", "Active", null)),
        on("save", "click", node(o, "button", "Save changes", null)));
    browser.open("about:blank");
    return WorkflowYaml.write(new Workflow("todos", "Tick the dog", null, null, steps));
  }

  private List<String> acted() throws Exception {
    List<String> out = new ArrayList<>();
    browser.eval("window.__acted").forEach(e -> out.add(e.asText()));
    return out;
  }

  private static Set<String> healedSteps(ReplayRun run) throws Exception {
    Set<String> ids = new TreeSet<>();
    for (JsonNode s : run.steps()) if (s.path("outcome").has("healed")) ids.add(s.path("step_id").asText());
    return ids;
  }

  @Test
  void onADriftedBuildTheDiffChangesOnlyTheHealedSelectorsAndTheAcceptedCopyReplaysWithoutAHeal() throws Exception {
    String authored = authorAt(browser.pageUrl("executor/identity.html?v=original"));
    Path flow = dir.resolve("todos.yaml");
    String drifted = authored.replace("v=original", "v=ids-order");
    Files.writeString(flow, drifted);
    Path diffFile = dir.resolve("heals.diff");

    ReplayRun run = ReplayRun.run(browser.client(), flow.toString(), "--heals", diffFile.toString(), "--accept-heals");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(acted()).as("the controls that received the actions").containsExactlyElementsOf(EXPECTED);
    Set<String> healed = healedSteps(run);
    assertThat(healed).as(run.toString()).contains("dog").isNotEmpty();
    // The diff: applied to the file as it was, it gives the healed copy; only the healed steps' selectors differ.
    String diff = Files.readString(diffFile);
    assertThat(diff).contains("--- a/todos.yaml").contains("step dog (\"Toggle\")");
    List<String> original = Arrays.asList(drifted.split("\n"));
    List<String> patched = DiffUtils.patch(original, UnifiedDiffUtils.parseUnifiedDiff(
        Arrays.asList(diff.substring(diff.indexOf("--- a/")).split("\n"))));
    Path healedFile = dir.resolve("todos.healed.yaml");
    assertThat(run.err()).contains("healed workflow written to " + healedFile);
    String healedText = Files.readString(healedFile);
    assertThat(String.join("\n", patched) + "\n").isEqualTo(healedText);
    List<Step> before = WorkflowYaml.read(drifted).steps();
    List<Step> after = WorkflowYaml.read(healedText).steps();
    Set<String> changed = new TreeSet<>();
    for (int i = 0; i < before.size(); i++) {
      assertThat(after.get(i).toBuilder().selector(before.get(i).selector()).build()).as("all but the selector")
          .isEqualTo(before.get(i));
      if (!java.util.Objects.equals(after.get(i).selector(), before.get(i).selector())) changed.add(before.get(i).id());
    }
    assertThat(changed).isEqualTo(healed);
    assertThat(Files.readString(flow)).as("the original stays").isEqualTo(drifted);

    ReplayRun again = ReplayRun.run(browser.client(), healedFile.toString(), "--heals", dir.resolve("none.diff").toString());
    assertThat(again.code()).as(again.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(healedSteps(again)).as(again.toString()).isEmpty();
    assertThat(acted()).containsExactlyElementsOf(EXPECTED);
    assertThat(Files.readString(dir.resolve("none.diff"))).isEmpty();

    ReplayRun second = ReplayRun.run(browser.client(), flow.toString(), "--accept-heals");
    assertThat(second.code()).as(second.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(Files.readString(healedFile)).as("never overwritten").isEqualTo(healedText);
    assertThat(second.err()).contains("healed workflow written to " + dir.resolve("todos.healed-2.yaml"));
  }

  @Test
  void aWorkflowAuthoredAgainstOneServerRunsAgainstAnotherWithBaseUrl() throws Exception {
    String authored;
    String oldOrigin;
    try (PageServer other = new PageServer()) {
      String url = other.url("executor/identity.html?v=original");
      oldOrigin = url.substring(0, url.indexOf("/executor"));
      authored = authorAt(url);
    }
    Path flow = dir.resolve("todos.yaml");
    Files.writeString(flow, authored);
    String here = browser.pageUrl("");
    String newOrigin = here.substring(0, here.length() - 1);
    assertThat(newOrigin).isNotEqualTo(oldOrigin);

    ReplayRun run = ReplayRun.run(browser.client(), flow.toString(), "--base-url", newOrigin);

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.err()).contains("retargeted from " + oldOrigin + " to " + newOrigin + ": 2 addresses");
    assertThat(run.step("open").path("url").asText()).startsWith(newOrigin + "/executor/identity.html");
    assertThat(run.step("on-app").path("ok").asBoolean()).isTrue();
    assertThat(acted()).containsExactlyElementsOf(EXPECTED);
    assertThat(healedSteps(run)).as("the same build elsewhere needs no heal").isEmpty();
  }

  @Test
  void anAppUnderAnotherPathPrefixRunsWithBaseUrlAndAuthoredBase() throws Exception {
    String authored = authorAt(browser.pageUrl("executor/identity.html?v=original"));
    String here = browser.pageUrl("");
    String origin = here.substring(0, here.length() - 1);
    // The same app as production serves it under /shop: the workflow names that prefix.
    Path flow = dir.resolve("todos.yaml");
    Files.writeString(flow, authored.replace(origin + "/executor/", "https://shop.example.com/shop/executor/")
        .replace(origin.substring("http://".length()) + "/executor/", "shop.example.com/shop/executor/"));

    ReplayRun run = ReplayRun.run(browser.client(), flow.toString(), "--base-url", origin + "/", "--authored-base",
        "https://shop.example.com/shop");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.step("open").path("url").asText()).startsWith(origin + "/executor/identity.html");
    assertThat(acted()).containsExactlyElementsOf(EXPECTED);
  }

  @Test
  void theReportShowsEachStepWithAScreenshotAtTheHealAndAtTheFailureAndOpensInTheBrowser() throws Exception {
    String authored = authorAt(browser.pageUrl("executor/identity.html?v=original"));
    Workflow w = WorkflowYaml.read(authored.replace("v=original", "v=ids-order"));
    List<Step> steps = new ArrayList<>(w.steps());
    steps.add(Step.builder(StepTypes.CLICK).id("archive").label("Archive <done> & \"gone\"")
        .selector(Selector.css("#archive")).timeoutMs(800).build());
    Path flow = dir.resolve("todos.yaml");
    Files.writeString(flow, WorkflowYaml.write(new Workflow(w.id(), w.name(), null, null, steps)));
    Path reportDir = dir.resolve("report");

    ReplayRun run = ReplayRun.run(browser.client(), flow.toString(), "--report", reportDir.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_STEP_FAILED);
    assertThat(run.err()).contains("step 1 of 7: open").contains("step 7 of 7: archive").contains("report written to");
    JsonNode report = dev.waymark.workflow.Json.mapper().readTree(Files.readString(reportDir.resolve("report.json")));
    assertThat(report.path("outcome").asText()).isEqualTo("step_failed");
    assertThat(report.path("failed_step").asText()).isEqualTo("archive");
    List<String> statuses = new ArrayList<>();
    report.path("steps").forEach(s -> statuses.add(s.path("step_id").asText() + ":" + s.path("status").asText()));
    assertThat(statuses).contains("open:ok", "dog:healed", "archive:failed");
    List<String> shots = new ArrayList<>();
    for (JsonNode s : report.path("steps")) {
      String status = s.path("status").asText();
      if (status.equals("healed") || status.equals("failed")) {
        assertThat(s.has("screenshot")).as(s.toString()).isTrue();
        byte[] jpeg = Files.readAllBytes(reportDir.resolve(s.path("screenshot").asText()));
        assertThat(jpeg.length).isBetween(500, 2_000_000);
        assertThat(jpeg[0] & 0xFF).isEqualTo(0xFF);
        assertThat(jpeg[1] & 0xFF).isEqualTo(0xD8);
        shots.add(s.path("screenshot").asText());
      } else {
        assertThat(s.has("screenshot")).as(s.toString()).isFalse();
      }
    }
    assertThat(report.path("steps").get(3).path("heal_diff").asText()).contains("--- a/todos.yaml");
    String html = Files.readString(reportDir.resolve("report.html"));
    assertThat(html).contains("Archive &lt;done&gt; &amp; &quot;gone&quot;").doesNotContain("<done>");

    // Opened as a person would: every step drawn, every screenshot decodes, nothing fetched.
    browser.open(reportDir.resolve("report.html").toUri().toString());
    await().atMost(Duration.ofSeconds(10)).until(() -> browser.eval("document.readyState === 'complete'").asBoolean());
    assertThat(browser.eval("document.querySelectorAll('section.step').length").asInt()).isEqualTo(7);
    assertThat(browser.eval("[...document.images].filter(i => i.complete && i.naturalWidth > 100).length").asInt())
        .isEqualTo(shots.size());
    assertThat(browser.eval("document.querySelector('#step-7 .badge').textContent").asText()).isEqualTo("failed");
  }
}

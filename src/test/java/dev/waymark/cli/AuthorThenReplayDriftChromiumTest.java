package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WorkflowYaml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A workflow authored with {@code author} on one build of an app and replayed with {@code run} on a later build
 * whose rows moved and whose ids changed: the export carries each element's target, and replay acts on the right
 * controls (the page's own log says which received each action), healing where the selector led elsewhere.
 */
@RealBrowser
class AuthorThenReplayDriftChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  private void open(String url) throws Exception {
    browser.open(url);
    await().atMost(Duration.ofSeconds(10)).until(() -> browser.eval("window.__frameReady === true").asBoolean());
  }

  private List<String> acted() throws Exception {
    List<String> out = new ArrayList<>();
    browser.eval("window.__acted").forEach(e -> out.add(e.asText()));
    return out;
  }

  @Test
  void authoredOnOneBuildItReplaysOnADriftedBuildOnTheRightElements() throws Exception {
    String url = browser.pageUrl("executor/identity.html?v=original");
    open(url);
    PageObservation o = browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS).page();
    String dogToggle = o.nodes().stream().filter(n -> "Walk dog".equals(n.context()) && "checkbox".equals(n.role()))
        .map(ObservedNode::ref).findFirst().orElseThrow();
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "What needs to be done?", "value", "Call mum"),
        Map.of("type", "click", "ref", dogToggle),
        Map.of("type", "click", "name", "Active"),
        Map.of("type", "click", "name", "Save changes"),
        Map.of("done", true));
    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Tick the dog and save", plan, Map.of(), "",
        "--approve", "auto");
    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    List<Step> steps = WorkflowYaml.read(run.exported()).steps();
    assertThat(steps.get(2).target().context()).isEqualTo("Walk dog");
    assertThat(steps.get(2).selector().css()).as("authored positionally, so a moved row would mislead it").contains("nth");

    // the next build: rows rotated, ids renamed
    Path drifted = dir.resolve("drifted.yaml");
    Files.writeString(drifted, run.exported().replace("v=original", "v=ids-order"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(browser.client()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(drifted.toString(), "--output-dir", dir.toString());

    assertThat(code).as(out + "\n" + err).isZero();
    assertThat(acted()).containsExactly("input:new", "click:toggle-dog", "input:toggle-dog", "click:active", "click:save");
    List<JsonNode> lines = new ArrayList<>();
    for (String l : out.toString().split("\n")) if (l.startsWith("{\"step_id\"")) lines.add(Json.mapper().readTree(l));
    assertThat(lines.stream().filter(l -> l.path("outcome").has("healed")).map(l -> l.path("type").asText()))
        .as(out.toString()).contains("fill", "click");
    JsonNode toggle = lines.get(2);
    assertThat(toggle.path("outcome").path("healed").path("element").asText()).contains("Walk dog");
  }
}

package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The report writer: each step's status and time, screenshots at failures and heals only, every page text escaped. */
class RunReportTest {
  static final String EVIL = "<script>alert('x')</script>&\"";

  static ReplayStepResult line(String id, boolean ok, boolean skipped, boolean uncertain, String error, String data,
      StepOutcome.Heal heal) {
    StepOutcome o = heal == null ? null : new StepOutcome(null, null, null, null, false, null, null, false, null, heal);
    return new ReplayStepResult(id, "click", "Label " + EVIL, ok, skipped, error, data, "http://x/" + EVIL, false, uncertain,
        false, null, o);
  }

  private record Run(RunReport.Model model, List<Selector> photographed, RunReport report) {}

  private static Run run(boolean cameraWorks) throws Exception {
    Workflow w = WorkflowYaml.read(HealsTest.YAML);
    AtomicLong now = new AtomicLong(1000);
    List<Selector> photographed = new ArrayList<>();
    RunReport report = new RunReport(w, sel -> {
      photographed.add(sel);
      now.addAndGet(500); // a picture takes time that is no step's
      if (!cameraWorks) throw new IllegalStateException("no screenshot of tab 3: it is not the visible tab of its window");
      return new byte[] {(byte) 0xFF, (byte) 0xD8, 1, 2, 3};
    }, now::get);
    StepOutcome.Heal heal = HealsTest.heal("#x", Selector.css("#items > li:nth-of-type(1) > input"));
    List<ReplayStepResult> lines = List.of(
        line("open", true, false, false, null, null, null),
        line("toggle", true, false, false, null, null, heal),
        line("save", false, false, false, "no element matches #save " + EVIL, null, null));
    long[] durations = {120, 40, 2500};
    for (int i = 0; i < lines.size(); i++) {
      now.addAndGet(durations[i]);
      report.onStep(lines.get(i));
    }
    Map<String, String> stored = new LinkedHashMap<>();
    stored.put("total", EVIL);
    ReplayResult result = new ReplayResult(false, lines, stored, null, "step save (click) failed: " + EVIL, "save",
        ReplayResult.Outcome.STEP_FAILED);
    return new Run(report.finish(result, "todos.yaml", HealsTest.YAML), photographed, report);
  }

  @Test
  void theJsonHasEachStepWithItsStatusTimeAndTheHealsDiff() throws Exception {
    Run r = run(true);
    JsonNode j = Json.mapper().readTree(Json.write(r.model()));

    assertThat(j.fieldNames()).toIterable().startsWith("workflow_id", "workflow_name", "file", "ok", "outcome");
    assertThat(j.path("outcome").asText()).isEqualTo("step_failed");
    assertThat(j.path("failed_step").asText()).isEqualTo("save");
    assertThat(j.path("steps_total").asInt()).isEqualTo(3);
    assertThat(j.path("counts").toString()).isEqualTo("{\"ok\":1,\"skipped\":0,\"healed\":1,\"failed\":1,\"uncertain\":0}");
    JsonNode steps = j.path("steps");
    assertThat(steps).hasSize(3);
    assertThat(steps.get(0).path("status").asText()).isEqualTo("ok");
    assertThat(steps.get(0).path("time_ms").asLong()).isEqualTo(120);
    assertThat(steps.get(0).has("screenshot")).as("an ok step is not photographed").isFalse();
    assertThat(steps.get(1).path("status").asText()).isEqualTo("healed");
    assertThat(steps.get(1).path("time_ms").asLong()).as("without the picture").isEqualTo(40);
    assertThat(steps.get(1).path("healed").path("to").path("css").asText()).isEqualTo("#items > li:nth-of-type(1) > input");
    assertThat(steps.get(1).path("heal_diff").asText()).contains("+      css: \"#items > li:nth-of-type(1) > input\"");
    assertThat(steps.get(1).path("screenshot").asText()).isEqualTo("step-02-toggle.jpg");
    assertThat(steps.get(2).path("status").asText()).isEqualTo("failed");
    assertThat(steps.get(2).path("error").asText()).startsWith("no element matches #save");
    assertThat(steps.get(2).path("screenshot").asText()).isEqualTo("step-03-save.jpg");
    assertThat(j.path("stored").path("total").asText()).isEqualTo(EVIL);
    assertThat(j.path("heals_diff").asText()).contains("--- a/todos.yaml");
    // The heal is outlined where the step acted; a failure where its own selector points.
    assertThat(r.photographed()).containsExactly(Selector.css("#items > li:nth-of-type(1) > input"), Selector.css("#save"));
    assertThat(r.report().shots()).extracting(RunReport.Shot::file).containsExactly("step-02-toggle.jpg", "step-03-save.jpg");
  }

  @Test
  void theHtmlIsSelfContainedAndEscapesEveryPageText() throws Exception {
    Run r = run(true);
    Map<String, byte[]> images = new LinkedHashMap<>();
    r.report().shots().forEach(s -> images.put(s.file(), s.jpeg()));

    String html = ReportHtml.render(r.model(), images);

    assertThat(html).startsWith("<!doctype html>").endsWith("</html>\n");
    assertThat(html).doesNotContain("<script").doesNotContain(EVIL).doesNotContain("alert('x')");
    assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;");
    assertThat(html).doesNotContainPattern("(?i)(src|href)=\"(https?:)?//");
    assertThat(html).contains("<img alt=\"the page after step toggle\" src=\"data:image/jpeg;base64,/9gBAgM=\">");
    assertThat(html).contains("id=\"step-3\"").contains("class=\"badge failed\"").contains("class=\"badge healed\"")
        .contains("id=\"heals-diff\"").contains("id=\"stored\"");
    assertThat(html.split("<section", -1)).hasSize(4);
  }

  @Test
  void aScreenshotTheBrowserCannotTakeIsNamedAndTheReportStillComes() throws Exception {
    Run r = run(false);
    RunReport.Entry healed = r.model().steps().get(1);
    assertThat(healed.screenshot()).isNull();
    assertThat(healed.screenshotError()).contains("not the visible tab");
    assertThat(ReportHtml.render(r.model(), Map.of())).contains("none: no screenshot of tab 3");
  }

  @Test
  void escapingCoversMarkupQuotesAndControlCharacters() {
    assertThat(ReportHtml.esc("a<b>&\"'\u0007c\n")).isEqualTo("a&lt;b&gt;&amp;&quot;&#39; c\n");
    assertThat(ReportHtml.esc(null)).isEmpty();
  }
}

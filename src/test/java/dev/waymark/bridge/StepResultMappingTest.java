package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import org.junit.jupiter.api.Test;

/** The extension's {@code performed} reply becomes a StepResult whose outcome keeps every structured detail. */
class StepResultMappingTest {
  private static PerformResult performed(String json) throws Exception {
    return Json.mapper().readValue(json, PerformResult.class);
  }

  @Test
  void dialogsDownloadsAndNewTabsBecomeTheStepsOutcome() throws Exception {
    PerformResult r = performed("{\"step_id\":\"s3@ab12cd34\",\"ok\":true,\"dialogs\":["
        + "{\"kind\":\"confirm\",\"message\":\"Delete?\",\"handled\":\"dismissed\"},"
        + "{\"kind\":\"prompt\",\"message\":\"Name?\",\"handled\":\"accepted\",\"answer\":\"Groceries\"}],"
        + "\"downloads\":[{\"url\":\"http://a/r.csv\",\"filename\":\"r.csv\",\"blocked\":false,\"mime\":\"text/csv\","
        + "\"size\":42,\"saved_to\":\"/home/a/Downloads/r.csv\"},{\"url\":\"http://a/x.bin\",\"filename\":null,\"blocked\":true}],"
        + "\"new_tabs\":[{\"id\":17,\"url\":\"http://a/help\",\"title\":\"Help\"}]}");

    StepResult s = BridgeBrowserPort.toStepResult("s3", Step.builder("click").id("s3").build(), r);

    StepOutcome o = s.outcome();
    assertThat(o.dialogs()).containsExactly(new StepOutcome.Dialog("confirm", "Delete?", "dismissed", "s3"),
        new StepOutcome.Dialog("prompt", "Name?", "Groceries", "s3"));
    assertThat(o.downloads()).containsExactly(new StepOutcome.Download("r.csv", 42, "text/csv", false, "/home/a/Downloads/r.csv"),
        new StepOutcome.Download("http://a/x.bin", 0, null, true, null));
    assertThat(o.tabsOpened()).containsExactly(new StepOutcome.Tab(17, "http://a/help", "Help"));
    assertThat(o.isEmpty()).isFalse();
  }

  @Test
  void aClosedTabATruncatedListAndASkippedConditionAreInTheOutcome() throws Exception {
    StepResult closed = BridgeBrowserPort.toStepResult("s4", Step.builder("closeTab").id("s4").value("17").build(),
        performed("{\"step_id\":\"s4@1\",\"ok\":true}"));
    StepResult list = BridgeBrowserPort.toStepResult("s5", Step.builder("extractList").id("s5").build(),
        performed("{\"step_id\":\"s5@1\",\"ok\":true,\"data\":\"[]\",\"items\":50,\"pages\":3,\"truncated\":true}"));
    StepResult skipped = BridgeBrowserPort.toStepResult("s6", Step.builder("click").id("s6").build(),
        performed("{\"step_id\":\"s6@1\",\"ok\":true,\"skipped\":true,\"data\":\"condition does not hold: no element matches #x\"}"));

    assertThat(closed.outcome().tabsClosed()).containsExactly(17);
    assertThat(list.outcome().truncated()).isTrue();
    assertThat(list.outcome().items()).isEqualTo(50);
    assertThat(list.outcome().pages()).isEqualTo(3);
    assertThat(skipped.outcome().skipped()).isTrue();
    assertThat(skipped.outcome().condition()).isEqualTo("condition does not hold: no element matches #x");
  }

  @Test
  void aPlainReplyHasAnEmptyOutcomeThatLeavesJsonAlone() throws Exception {
    StepResult s = BridgeBrowserPort.toStepResult("s1", performed("{\"step_id\":\"s1@1\",\"ok\":true,\"items\":3,\"pages\":1}"));

    assertThat(s.outcome().isEmpty()).isTrue();
    assertThat(StepOutcome.orNull(s.outcome())).isNull();
    assertThat(Json.write(StepOutcome.NONE)).isEqualTo("{}");
  }

  @Test
  void aLateEffectNamesTheClickByItsWorkflowStepIdAndKeepsTheWireIdItWasSentUnder() throws Exception {
    StepResult s = BridgeBrowserPort.toStepResult("s5", Step.builder("click").id("s5").build(),
        performed("{\"step_id\":\"s5@0f1e2d3c\",\"ok\":true,\"late_effects\":[{\"step_id\":\"s4@ab12cd34\","
            + "\"effect\":\"the page changed (2 DOM changes)\",\"after_ms\":640}]}"));

    // the step id for the person and run's lines; the wire id tells which sending of s4 it was (decision 0073)
    assertThat(s.outcome().lateEffects())
        .containsExactly(new StepOutcome.LateEffect("s4", "the page changed (2 DOM changes)", 640, "s4@ab12cd34", null));
    // kept in memory to tell the sending; run's lines, journals and agents read the step id
    assertThat(Json.write(s.outcome())).contains("\"step_id\":\"s4\"").doesNotContain("ab12cd34");
    ObserveResult observed = Json.mapper().readValue("{\"ok\":true,\"observation\":{\"url\":\"https://a.test/\","
        + "\"late_effects\":[{\"step_id\":\"s4@ab12cd34\",\"effect\":\"the address changed\",\"after_ms\":90}]}}",
        ObserveResult.class);
    assertThat(observed.page().lateEffects()).extracting(dev.waymark.observe.PageObservation.LateEffect::stepId)
        .containsExactly("s4");
    assertThat(observed.page().lateEffects()).extracting(dev.waymark.observe.PageObservation.LateEffect::sentAs)
        .containsExactly("s4@ab12cd34");
    // an id the studio did not make (an agent's, a test's) stays as it is
    assertThat(BridgeBrowserPort.stepIdOf("x43-5480497011965")).isEqualTo("x43-5480497011965");
    assertThat(BridgeBrowserPort.stepIdOf("a@b")).isEqualTo("a@b");
  }
}

package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the runner makes of a browser that goes away: before the step was sent, or after. */
class WorkflowRunnerBrowserLostTest {
  private static Workflow yaml(String text) {
    try {
      return WorkflowYaml.read(text);
    } catch (dev.waymark.workflow.WorkflowLoadException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final Workflow THREE = yaml("""
      id: three
      variables:
        pin: the pin
      steps:
        - id: open
          type: navigate
          url: https://example.com/
        - id: type-pin
          type: fill
          selector: {css: "#pin"}
          value: "{{ pin }}"
        - id: send
          type: click
          selector: {css: "#send"}
      """);

  /** Performs each step; the step named {@code lostAt} loses the browser, sent or not. */
  private static final class Losing implements ReplayBrowser {
    final String lostAt;
    final boolean sent;
    final List<String> performed = new ArrayList<>();

    Losing(String lostAt, boolean sent) {
      this.lostAt = lostAt;
      this.sent = sent;
    }

    @Override
    public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
      performed.add(step.id());
      if (step.id().equals(lostAt)) throw new BrowserLostException("the session pin-1234 is gone", sent);
      return StepResult.success(step.id(), null, "https://example.com/", null);
    }

    @Override
    public StepResult gate(Step step, long limitMs) {
      return StepResult.success(step.id(), null, null, null);
    }
  }

  @Test
  void aBrowserLostBeforeTheStepWasSentEndsTheRunAsBrowserLostWithNothingUncertain() {
    Losing browser = new Losing("type-pin", false);
    ReplayResult r = new WorkflowRunner(browser).run(THREE, WorkflowRunner.Options.of(Map.of("pin", "1234")));

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.BROWSER_LOST);
    assertThat(r.ok()).isFalse();
    assertThat(r.failedStep()).isEqualTo("type-pin");
    assertThat(r.steps()).extracting(ReplayStepResult::stepId).containsExactly("open", "type-pin");
    assertThat(r.steps()).noneMatch(ReplayStepResult::uncertain);
    // The values are masked in what the run says, also when the message of the loss carries one.
    assertThat(r.error()).contains("before step type-pin was sent").contains("{{ pin }}").doesNotContain("1234");
    assertThat(browser.performed).containsExactly("open", "type-pin");
  }

  @Test
  void aBrowserLostAfterTheStepWasSentMakesThatStepUncertainAndNothingAfterItRuns() {
    Losing browser = new Losing("type-pin", true);
    ReplayResult r = new WorkflowRunner(browser).run(THREE, WorkflowRunner.Options.of(Map.of("pin", "1234")));

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.UNCERTAIN);
    assertThat(r.failedStep()).isEqualTo("type-pin");
    ReplayStepResult last = r.steps().get(r.steps().size() - 1);
    assertThat(last.uncertain()).isTrue();
    assertThat(last.error()).contains("not repeated").doesNotContain("1234");
    assertThat(browser.performed).containsExactly("open", "type-pin");
  }

  @Test
  void aBrowserLostWhileCheckingAResumePointIsNeverUncertain() {
    Workflow wf = yaml("""
        id: reenter
        steps:
          - id: open
            type: navigate
            url: https://example.com/
          - id: there
            type: wait
            wait: {selector: "#x"}
            resume: {id: x, when: {selector: "#x"}}
        """);
    Losing browser = new Losing("probe", true);
    ReplayResult r = new WorkflowRunner(browser).run(wf, WorkflowRunner.Options.of(Map.of()).withStartAt(WorkflowRunner.AUTO));

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.BROWSER_LOST);
    assertThat(r.steps()).noneMatch(ReplayStepResult::uncertain);
  }
}

package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.replay.RunLog.Mark;
import dev.waymark.replay.RunLog.PriorRun;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code --start-at auto} after a run that did not complete (decision 0054): what the run's record says was done or
 * may have been done is never performed again, whatever the browser stands on; steps whose second performance is no
 * second effect may be.
 */
class RerunGuardTest {
  private static final String COUNTED = """
      id: counted
      steps:
        - id: open
          type: navigate
          url: http://127.0.0.1:1/counted.html
          always: true
        - id: b1
          type: click
          label: Press button 1
          selector: {css: "#b1"}
        - id: at-1
          type: wait
          wait: {selector: "#done-1"}
          resume: {id: at-1, when: {selector: "#done-1"}}
        - id: name
          type: fill
          selector: {css: "#name"}
          value: Ada
        - id: b2
          type: click
          label: Press button 2
          selector: {css: "#b2"}
        - id: at-2
          type: wait
          wait: {selector: "#done-2"}
          resume: {id: at-2, when: {selector: "#done-2"}}
        - id: read
          type: extract
          selector: {css: "#log"}
      """;

  /** A browser whose page holds the selectors in {@code present}; every step just works. */
  private static final class Page implements ReplayBrowser {
    final List<String> present;
    final List<String> performed = new ArrayList<>();

    Page(String... present) {
      this.present = List.of(present);
    }

    @Override
    public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
      if (step.condition() != null) {
        boolean holds = present.contains(step.condition().selector());
        return holds ? StepResult.success(step.id(), "holds", null, null) : StepResult.skipped(step.id(), "does not hold", null);
      }
      performed.add(step.id());
      return StepResult.success(step.id(), null, null, null);
    }

    @Override
    public StepResult gate(Step step, long limitMs) {
      throw new AssertionError("no gates here");
    }
  }

  /** A record in memory: what an earlier run left, and what this one writes. */
  private static class Record implements RunLog {
    final PriorRun prior;
    final List<String> lines = new ArrayList<>();

    Record(Map<String, Mark> marks) {
      prior = new PriorRun("started 10:31:58 on 2026-12-02, cut off without an ending", marks, null);
    }

    @Override
    public PriorRun prior() {
      return prior;
    }

    @Override
    public void sent(String stepId, String type) {
      lines.add("sent " + stepId);
    }

    @Override
    public void result(ReplayStepResult r) {
      lines.add("result " + r.stepId() + " " + r.ok());
    }

    @Override
    public void ended(ReplayResult.Outcome outcome) {
      lines.add("ended " + outcome);
    }
  }

  private static ReplayResult run(Page page, String startAt, RunLog log) throws Exception {
    Workflow wf = WorkflowYaml.read(COUNTED);
    return new WorkflowRunner(page).run(wf, WorkflowRunner.Options.of(Map.of()).withStartAt(startAt).withLog(log));
  }

  @Test
  void autoInABrowserOnAnEmptyTabRefusesToPressAgainWhatTheKilledRunPressed() throws Exception {
    Page blank = new Page();
    Record record = new Record(Map.of("open", Mark.DONE, "b1", Mark.DONE, "at-1", Mark.DONE, "b2", Mark.SENT));

    ReplayResult r = run(blank, "auto", record);

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.START_NOT_REACHED);
    assertThat(r.error()).contains("performed click b1 (Press button 1)",
        "may have performed click b2 (Press button 2): it was sent when that run ended", "starting at the beginning",
        "--start-at ID", "--fresh", "cut off without an ending");
    assertThat(blank.performed).as("nothing is performed").isEmpty();
    assertThat(record.lines).as("a refused start leaves the record as it was").containsExactly("ended START_NOT_REACHED");
  }

  @Test
  void autoStartsWhereThePageStandsWhenThatIsPastEverythingTheRecordHolds() throws Exception {
    Page afterFirst = new Page("#done-1");
    Record record = new Record(Map.of("b1", Mark.DONE, "at-1", Mark.DONE, "name", Mark.SENT));

    ReplayResult r = run(afterFirst, "auto", record);

    assertThat(r.outcome()).as(String.valueOf(r.error())).isEqualTo(ReplayResult.Outcome.COMPLETED);
    // The fill the record holds is typed again (the same value over itself); the always step runs as ever.
    assertThat(afterFirst.performed).containsExactly("open", "at-1", "name", "b2", "at-2", "read");
    assertThat(record.lines).contains("sent b2", "result b2 true", "ended COMPLETED");
  }

  @Test
  void anUncertainClickAtOrAfterThePointThePageShowsIsNotPressedAgain() throws Exception {
    Page afterFirst = new Page("#done-1");
    Record record = new Record(Map.of("b1", Mark.DONE, "b2", Mark.UNCERTAIN));

    ReplayResult r = run(afterFirst, "auto", record);

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.START_NOT_REACHED);
    assertThat(r.error()).contains("may have performed click b2 (Press button 2): its result was uncertain",
        "starting at resume point at-1");
    assertThat(afterFirst.performed).isEmpty();
  }

  @Test
  void aStartThePersonNamesGoesAheadAndSaysWhatItRepeats() throws Exception {
    Page afterFirst = new Page("#done-1");
    Record record = new Record(Map.of("b2", Mark.DONE));
    List<String> progress = new ArrayList<>();
    Workflow wf = WorkflowYaml.read(COUNTED);

    ReplayResult r = new WorkflowRunner(afterFirst).run(wf, WorkflowRunner.Options.of(Map.of()).withStartAt("at-1")
        .withListeners(null, progress::add).withLog(record));

    assertThat(r.ok()).as(String.valueOf(r.error())).isTrue();
    assertThat(progress).anyMatch(l -> l.contains("performed click b2") && l.contains("this run starts at resume point at-1 as asked"));
  }

  @Test
  void aDamagedRecordMakesAutoRefuseAndSayHowToGoOn() throws Exception {
    Page blank = new Page();
    RunLog damaged = new Record(Map.of()) {
      @Override
      public PriorRun prior() {
        return new PriorRun(null, Map.of(), "/x/runs/ab.jsonl line 3 is damaged");
      }
    };

    ReplayResult r = run(blank, "auto", damaged);

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.START_NOT_REACHED);
    assertThat(r.error()).contains("cannot be read (/x/runs/ab.jsonl line 3 is damaged)", "--fresh");
  }

  @Test
  void onlyStepsWhoseSecondPerformanceIsASecondEffectCount() throws Exception {
    List<Step> steps = WorkflowYaml.read(COUNTED).steps();
    assertThat(steps.stream().filter(RerunGuard::notRepeatable).map(Step::id)).containsExactly("b1", "b2");
  }
}

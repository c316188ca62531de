package dev.waymark.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The scale runner over fake sessions: the retry rule, the bound on parallel runs, what each line says. */
class ScaleRunnerTest {
  private static Workflow yaml(String text) {
    try {
      return WorkflowYaml.read(text);
    } catch (dev.waymark.workflow.WorkflowLoadException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final String SECRET = "s3cret-pin-value";
  private static final Workflow FORM = yaml("""
      id: form
      variables:
        name: who the form is for
        pin: the account pin
      steps:
        - id: open
          type: navigate
          url: https://example.com/form
        - id: type-name
          type: fill
          selector: {css: "#name"}
          value: "{{ name }}"
        - id: type-pin
          type: fill
          selector: {css: "#pin"}
          value: "{{ pin }}"
        - id: send
          type: click
          selector: {css: "#send"}
        - id: echo
          type: extract
          selector: {css: "#result"}
          store: echo
      """);

  private final ConcurrentLinkedQueue<String> notes = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<RunLine> heard = new ConcurrentLinkedQueue<>();

  private ScaleRunner.Listener listener() {
    return new ScaleRunner.Listener() {
      @Override
      public void finished(RunLine line) {
        heard.add(line);
      }

      @Override
      public void note(String text) {
        notes.add(text);
      }
    };
  }

  private static RunPlan plan(String... names) throws Exception {
    StringBuilder csv = new StringBuilder("name\n");
    for (String n : names) csv.append(n).append('\n');
    return RunPlan.of(List.of(new RunPlan.Source(Path.of("form.yaml"), "", FORM)), CsvRows.parse(csv.toString()),
        Set.of("pin"), "rows.csv");
  }

  private List<RunLine> run(FakeSessions sessions, RunPlan plan, int parallel, int retries) throws Exception {
    return new ScaleRunner(sessions, new ScaleRunner.Settings(parallel, retries, 5000), Map.of("pin", SECRET), null,
        System::currentTimeMillis).run(plan, listener());
  }

  @Test
  void aRunWhoseBrowserIsLostBeforeAStepIsSentStartsAgainOnANewSessionOnceAndPasses() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> n == 1 && step.id().equals("send") ? FakeSessions.lost(false) : null);
    List<RunLine> lines = run(sessions, plan("Ada"), 1, 1);

    RunLine line = lines.get(0);
    assertThat(line.status()).isEqualTo(RunLine.PASSED);
    assertThat(line.ok()).isTrue();
    assertThat(line.attempts()).isEqualTo(2);
    assertThat(line.retried()).contains("before step send was sent").contains("new session").contains("1 retry allowed");
    assertThat(line.session()).isEqualTo("fake session 2");
    assertThat(line.stored()).containsEntry("echo", "read Ada");
    assertThat(sessions.opened).hasValue(2);
    assertThat(sessions.closed).hasValue(2);
    // The second session runs the whole workflow from its beginning; the lost step was never sent on the first.
    assertThat(sessions.performs).containsExactly("session 1: open", "session 1: type-name", "session 1: type-pin",
        "session 1: send", "session 2: open", "session 2: type-name", "session 2: type-pin", "session 2: send", "session 2: echo");
    assertThat(notes).singleElement().asString().contains("run 1").contains("retry 1 of 1");
  }

  @Test
  void aRunWhoseBrowserIsLostAfterAStepWasSentIsUncertainAndNeverRepeated() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> step.id().equals("send") ? FakeSessions.lost(true) : null);
    List<RunLine> lines = run(sessions, plan("Ada"), 1, 3);

    RunLine line = lines.get(0);
    assertThat(line.status()).isEqualTo(RunLine.UNCERTAIN);
    assertThat(line.failedStep()).isEqualTo("send");
    assertThat(line.attempts()).isEqualTo(1);
    assertThat(line.retried()).isNull();
    assertThat(sessions.opened).hasValue(1);
    assertThat(sessions.performsOf("send")).isEqualTo(1);
    assertThat(sessions.performsOf("echo")).isZero();
    assertThat(notes).isEmpty();
  }

  @Test
  void aRunLostAgainAfterItsRetriesEndsAsBrowserLost() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> step.id().equals("type-name") ? FakeSessions.lost(false) : null);
    RunLine line = run(sessions, plan("Ada"), 1, 1).get(0);

    assertThat(line.status()).isEqualTo(RunLine.BROWSER_LOST);
    assertThat(line.ok()).isFalse();
    assertThat(line.attempts()).isEqualTo(2);
    assertThat(sessions.opened).hasValue(2);
  }

  @Test
  void noRetriesMeansALostRunIsNotStartedAgain() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> n == 1 && step.id().equals("open") ? FakeSessions.lost(false) : null);
    RunLine line = run(sessions, plan("Ada"), 1, 0).get(0);

    assertThat(line.status()).isEqualTo(RunLine.BROWSER_LOST);
    assertThat(line.attempts()).isEqualTo(1);
    assertThat(sessions.opened).hasValue(1);
  }

  @Test
  void eachRowRunsWithItsOwnValuesAndTheSharedSecretWhichNoLineCarries() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> null);
    List<RunLine> lines = run(sessions, plan("Ada", "Grace", "Linus"), 2, 1);

    assertThat(lines).extracting(RunLine::run).containsExactly(1, 2, 3);
    assertThat(lines).extracting(RunLine::row).containsExactly(1, 2, 3);
    assertThat(lines).extracting(l -> l.values().get("name")).containsExactly("Ada", "Grace", "Linus");
    assertThat(lines).allSatisfy(l -> {
      assertThat(l.values()).doesNotContainKey("pin");
      assertThat(l.toString()).doesNotContain(SECRET);
    });
    assertThat(sessions.valuesSeen).filteredOn(v -> v.containsKey("pin")).hasSize(3)
        .allSatisfy(v -> assertThat(v.get("pin")).isEqualTo(SECRET));
    assertThat(heard).hasSize(3);
  }

  @Test
  void atMostParallelRunsHoldASessionAtOnceAndTheyDoRunTogether() throws Exception {
    // Two runs must be inside a step at the same moment to pass the barrier; a third never is.
    CyclicBarrier together = new CyclicBarrier(2);
    FakeSessions sessions = new FakeSessions((n, step, v) -> {
      if (step.id().equals("send")) {
        try {
          together.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
          return new IllegalStateException("the runs did not meet: " + e);
        }
      }
      return null;
    });
    List<RunLine> lines = run(sessions, plan("a1", "b2", "c3", "d4"), 2, 1);

    assertThat(lines).extracting(RunLine::status).containsOnly(RunLine.PASSED);
    assertThat(sessions.mostOpen).hasValue(2);
    assertThat(sessions.opened).hasValue(4);
  }

  @Test
  void aSessionThatCannotBeOpenedIsALineOfItsOwnAndTheOtherRunsGoOn() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> null, n -> n == 1 ? "no Chromium today" : null);
    List<RunLine> lines = run(sessions, plan("Ada", "Grace"), 1, 1);

    assertThat(lines).extracting(RunLine::status).containsExactly(RunLine.NO_SESSION, RunLine.PASSED);
    assertThat(lines.get(0).error()).isEqualTo("no Chromium today");
  }

  @Test
  void anErrorThatEchoesTheSecretIsMaskedOnTheLine() throws Exception {
    FakeSessions sessions = new FakeSessions((n, step, v) -> step.id().equals("send")
        ? new IllegalStateException("driver crashed near " + SECRET) : null);
    RunLine line = run(sessions, plan("Ada"), 1, 1).get(0);

    assertThat(line.status()).isEqualTo(RunLine.ERROR);
    assertThat(line.error()).contains("{{ pin }}").doesNotContain(SECRET);
  }

  @Test
  void theCountsSayDoneRunningAndQueuedAndTheRate() {
    ScaleRunner.Counts c = new ScaleRunner.Counts(6, 2, 2, 2, 1, 60_000);
    assertThat(c.perMinute()).isEqualTo(2.0);
    assertThat(ScaleSummary.progress(c)).isEqualTo("2 done (1 passed), 2 running, 2 queued of 6 · 2.0 runs/min");
  }
}

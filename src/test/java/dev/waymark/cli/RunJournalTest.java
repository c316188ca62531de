package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.RunLog;
import dev.waymark.replay.RunLog.Mark;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record of sent steps on disk: what a killed, a failed and a completed run leave, and what a reader makes of it. */
class RunJournalTest {
  @TempDir
  Path dir;

  private final List<String> warnings = new ArrayList<>();

  private RunLog open(boolean fresh) {
    return RunJournal.open(dir, "/work/flows/buy.yaml\n", "auto", fresh, warnings::add);
  }

  private static ReplayStepResult result(String id, boolean ok, boolean uncertain) {
    return new ReplayStepResult(id, "click", null, ok, false, ok ? null : "no", null, null, false, uncertain, false, null, null);
  }

  private Path file() {
    return dir.resolve(RunJournal.name("/work/flows/buy.yaml\n"));
  }

  @Test
  void aRunKilledAfterSendingAStepLeavesItMarkedSentAndTheOnesBeforeDone() throws Exception {
    RunLog log = open(false);
    log.sent("b1", "click");
    log.result(result("b1", true, false));
    log.sent("b2", "click");
    // killed here: no result, no ending, the lock goes with the process
    log.close();

    RunLog.PriorRun prior = open(false).prior();

    assertThat(prior.marks()).containsEntry("b1", Mark.DONE).containsEntry("b2", Mark.SENT).hasSize(2);
    assertThat(prior.ended()).contains("cut off without an ending");
    assertThat(Files.readString(file())).doesNotContain("Press", "value");
  }

  @Test
  void aLineAKillCutShortIsTheTailAndReadAsNeverWritten() throws Exception {
    Files.writeString(file(), "{\"run\":\"r\",\"at\":\"2026-12-02T10:00:00Z\"}\n{\"sent\":\"b1\",\"at\":\"2026-12-02T10:00:01Z\"}\n"
        + "{\"result\":\"b1\",\"state\":\"done\",\"at\":\"2026-12-02T10:00:02Z\"}\n{\"sent\":\"b2\",\"at");

    RunLog.PriorRun prior = RunJournal.read(file());

    assertThat(prior.problem()).isNull();
    assertThat(prior.marks()).containsOnlyKeys("b1");
  }

  @Test
  void aDamagedLineBeforeTheTailMakesTheRecordUnreadableAndANewRunKeepsItAside() throws Exception {
    Files.writeString(file(), "{\"run\":\"r\"}\n{\"sent\":\"b1\"\n{\"result\":\"b1\",\"state\":\"done\"}\n");

    RunLog log = open(false);
    assertThat(log.prior().problem()).contains("line 2 is damaged");
    log.sent("b1", "click");
    log.close();

    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.contains(".damaged-"));
    }
    assertThat(warnings).anyMatch(w -> w.contains("damaged record of the last run is kept as"));
  }

  @Test
  void aFailedRunLeavesWhatItDidAndTheNextRunCarriesItForward() throws Exception {
    RunLog first = open(false);
    first.sent("b1", "click");
    first.result(result("b1", true, false));
    first.sent("b2", "click");
    first.result(result("b2", false, false));
    first.ended(ReplayResult.Outcome.STEP_FAILED);
    first.close();

    RunLog second = open(false);
    assertThat(second.prior().marks()).containsOnlyKeys("b1");
    assertThat(second.prior().ended()).contains("ended step failed");
    second.sent("b3", "click");
    second.close();

    assertThat(RunJournal.read(file()).marks()).containsEntry("b1", Mark.DONE).containsEntry("b3", Mark.SENT);
    assertThat(Files.readAllLines(file(), StandardCharsets.UTF_8)).hasSize(3);
  }

  @Test
  void aCompletedRunRemovesTheRecordAndFreshSetsAnEarlierOneAside() throws Exception {
    RunLog first = open(false);
    first.sent("b1", "click");
    first.close();

    RunLog fresh = open(true);
    assertThat(fresh.prior().isEmpty()).isTrue();
    assertThat(warnings).anyMatch(w -> w.contains("--fresh: the record of the last unfinished run is set aside"));
    fresh.sent("b1", "click");
    fresh.result(result("b1", true, false));
    fresh.ended(ReplayResult.Outcome.COMPLETED);
    fresh.close();

    assertThat(file()).doesNotExist();
  }

  @Test
  void aSecondRunOfTheSameWorkflowAtOnceKeepsNoRecordAndSaysSo() {
    RunLog first = open(false);
    try {
      // A lock held by this JVM: FileChannel.tryLock throws for an overlapping lock of the same process.
      RunLog second = open(false);
      assertThat(second).isSameAs(RunLog.NONE);
      assertThat(warnings).anyMatch(w -> w.contains("keeps none"));
    } finally {
      first.close();
    }
  }
}

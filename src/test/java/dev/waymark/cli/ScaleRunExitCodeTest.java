package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.scale.RunLine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exit code of a run at scale: 0 only when every run passed, and which failure a script can tell apart. */
class ScaleRunExitCodeTest {
  private static RunLine line(String status) {
    return new RunLine(1, "wf", "wf.yaml", 1, Map.of(), status, RunLine.PASSED.equals(status), 10, 1, null, null, null,
        Map.of(), "s", null);
  }

  private static int code(boolean stopped, String... statuses) {
    return ScaleRun.exitCode(java.util.Arrays.stream(statuses).map(ScaleRunExitCodeTest::line).toList(), stopped);
  }

  @Test
  void everyRunPassedIsZero() {
    assertThat(code(false, RunLine.PASSED, RunLine.PASSED)).isEqualTo(ExitCodes.OK);
  }

  @Test
  void anyRunThatDidNotPassIsFive() {
    assertThat(code(false, RunLine.PASSED, RunLine.FAILED)).isEqualTo(ExitCodes.STEP_FAILED);
    assertThat(code(false, RunLine.PASSED, RunLine.BROWSER_LOST)).isEqualTo(ExitCodes.STEP_FAILED);
    assertThat(code(false, RunLine.PASSED, RunLine.NO_SESSION)).isEqualTo(ExitCodes.STEP_FAILED);
  }

  @Test
  void anUncertainRunWinsSinceAPersonMustCheckIt() {
    assertThat(code(false, RunLine.FAILED, RunLine.UNCERTAIN, RunLine.PASSED)).isEqualTo(ExitCodes.UNCERTAIN);
    assertThat(code(true, RunLine.UNCERTAIN)).isEqualTo(ExitCodes.UNCERTAIN);
  }

  @Test
  void noSessionForAnyRunIsNoBrowserAndAStopIsEleven() {
    assertThat(code(false, RunLine.NO_SESSION, RunLine.NO_SESSION)).isEqualTo(ExitCodes.NO_BROWSER);
    assertThat(code(true)).isEqualTo(ExitCodes.STOPPED);
    assertThat(code(false, RunLine.PASSED, RunLine.STOPPED)).isEqualTo(ExitCodes.STOPPED);
  }
}

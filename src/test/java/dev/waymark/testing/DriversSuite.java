package dev.waymark.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.workflow.StepOutcome;
import java.util.List;

/** What every driver of the drivers suite (pages/drivers/suite.yaml) must report alike, checked in one place. */
public final class DriversSuite {
  /** The page's own log once the suite ran: what each control received, in order. */
  public static final String LOG = "saved {{ who }} | agree true | size l | search shoes | kept | deleted | person clicked"
      + " | draft dropped | later | synced";

  private DriversSuite() {}

  /**
   * The confirm the page opens 3 s after the draft click, within no step of its own: reported by the wait step it
   * opened during (dismissed), by neither the click before it nor the dead link after it, which still did nothing.
   */
  public static void assertTheDraftDialog(ReplayResult r) {
    assertThat(dialogs(r, "draft")).as("the click answered before the page asked").isEmpty();
    assertThat(dialogs(r, "draft-asked")).singleElement().satisfies(d -> {
      assertThat(d.message()).isEqualTo("Keep the draft?");
      assertThat(d.answered()).isEqualTo("dismissed");
      assertThat(d.beforeStep()).isFalse();
    });
    assertThat(dialogs(r, "dead")).isEmpty();
    assertThat(step(r, "dead").error()).contains("the link did nothing");
  }

  private static List<StepOutcome.Dialog> dialogs(ReplayResult r, String id) {
    StepOutcome o = step(r, id).outcome();
    return o == null ? List.of() : o.dialogs();
  }

  private static ReplayStepResult step(ReplayResult r, String id) {
    return r.steps().stream().filter(s -> id.equals(s.stepId())).findFirst().orElseThrow(() -> new AssertionError("no step " + id + " in " + r));
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.StepProgress;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** While an extractList reads page after page, the status bar shows how far it has got and Stop ends it there. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class LongStepStopTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("orders", "Read every order", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void progressShowsAndStopCancelsTheRunningListWhoseTurnIsTruncated(FxRobot robot) {
    Button stop = robot.lookup("#stop-long-step").queryAs(Button.class);
    StatusBar status = robot.lookup("#status-bar").queryAs(StatusBar.class);
    assertThat(onFx(stop::isVisible)).isFalse();
    f.browser.listProgress = List.of(new StepProgress(null, 10, 1), new StepProgress(null, 120, 3));

    f.session.submit("{\"reasoning\": \"read the orders\", \"step\": {\"type\": \"extractList\", \"selector\": "
        + "{\"css\": \"#orders > li\"}, \"value\": \"#next\"}}", Provenance.PERSON);
    f.awaitShown("the list's progress and its Stop", () -> status.getText().startsWith("Reading list: 120 rows, 3 pages")
        && stop.isVisible());
    assertThat(f.browser.cancelled).isEmpty();

    robot.clickOn("#stop-long-step");

    f.awaitShown("the stopped list's turn", () -> !f.session.latest().trail().isEmpty());
    String stepId = f.browser.performed.get(0).step().id();
    assertThat(f.browser.cancelled).containsExactly(stepId);
    ExtTurn t = f.session.latest().trail().get(0);
    assertThat(t.ok()).isTrue();
    assertThat(t.outcome().truncated()).isTrue();
    assertThat(t.outcome().stopped()).isTrue();
    assertThat(t.effect()).isEqualTo("stopped by the person after 120 rows on 3 pages");
    f.awaitShown("Stop goes away with the list", () -> !stop.isVisible() && !status.getText().startsWith("Reading list"));
  }
}

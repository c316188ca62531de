package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.decide.PromptRenderer;
import dev.waymark.decide.ScriptedSource;
import dev.waymark.ui.shell.StudioContext;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Run model pauses at a step that waits for approval and goes on once the person answers it; Stop while it waits
 * ends the run, and the answer does not start it again.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class ModelRunAfterApprovalTest {
  private static final List<String> DECISIONS = List.of(
      "{\"reasoning\": \"accept the cookies\", \"step\": {\"type\": \"click\", \"ref\": \"e14\"}}",
      "{\"reasoning\": \"order it\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}",
      "{\"reasoning\": \"the order is placed\", \"done\": true}");
  @TempDir Path dir;
  StudioFixture f;
  final ScriptedSource model = new ScriptedSource(DECISIONS.toArray(String[]::new));

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Place the order", 10).get();
    f.session.observe().get();
    f.show(stage, List.of(), new StudioContext.Model(model, new PromptRenderer()));
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void approvingTheWaitingStepLetsTheModelGoOnToTheEnd(FxRobot robot) {
    robot.clickOn("#run-model");
    await("the order waits for approval", () -> f.session.latest().pending() != null);
    assertThat(model.prompts.size()).isEqualTo(2);
    assertThat(robot.lookup("#stop-model").queryAs(Button.class).isDisabled()).as("Stop while the run waits").isFalse();

    robot.clickOn("#approval-approve");

    await("the model decided again and the run ended", () -> model.prompts.size() == 3
        && robot.lookup("#stop-model").queryAs(Button.class).isDisabled());
    assertThat(f.session.latest().steps()).hasSize(2);
    assertThat(f.browser.performed).hasSize(2);
  }

  @Test
  void stopWhileAStepWaitsEndsTheRunAndTheAnswerDoesNotRestartIt(FxRobot robot) throws Exception {
    robot.clickOn("#run-model");
    await("the order waits for approval", () -> f.session.latest().pending() != null);
    robot.clickOn("#stop-model");
    assertThat(robot.lookup("#run-model").queryAs(Button.class).isDisabled()).isFalse();

    robot.clickOn("#approval-approve");

    await("the approved step is done", () -> f.session.latest().steps().size() == 2 && !f.session.latest().busy());
    Thread.sleep(300);
    assertThat(model.prompts.size()).as("no decision after Stop").isEqualTo(2);
  }
}

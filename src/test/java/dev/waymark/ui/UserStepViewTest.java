package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.session.TurnOutcome;
import dev.waymark.workflow.Provenance;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The studio's user-step card: what to do in the browser, the method, what else ends it, and Continue. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class UserStepViewTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Sign in and place the order", 10).get();
    f.session.observe().get();
    f.browser.holdUserSteps = true;
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  private String text(FxRobot robot, String id) {
    return robot.lookup(id).queryAs(Label.class).getText();
  }

  @Test
  void theWaitingUserStepIsShownWithItsMethodAndContinueEndsIt(FxRobot robot) throws Exception {
    assertThat(robot.lookup("#userstep-view").query().isVisible()).isFalse();
    CompletableFuture<TurnOutcome> turn = f.session.submit("{\"reasoning\": \"the shop asks for a code\", \"step\": {\"type\": "
        + "\"userStep\", \"prompt\": \"Type the code from your phone\", \"method\": \"code\", \"continue_on\": "
        + "{\"url_includes\": \"/account\", \"text\": \"Welcome\", \"timeout_ms\": 60000}}}", Provenance.MODEL);
    f.awaitShown("the user-step card", () -> robot.lookup("#userstep-view").query().isVisible());

    assertThat(text(robot, "#userstep-instruction"))
        .isEqualTo("Enter the code you were sent in the browser, then press Continue: Type the code from your phone");
    assertThat(text(robot, "#userstep-method")).isEqualTo("Method: code");
    assertThat(text(robot, "#userstep-continues"))
        .isEqualTo("It also continues by itself when the text \"Welcome\" shows or the address contains /account.");
    assertThat(text(robot, "#userstep-limit")).isEqualTo("It gives up after 60 s.");
    assertThat(robot.lookup("#userstep-continue").query().isDisabled()).as("not blocked by the busy session").isFalse();
    assertThat(turn).isNotDone();

    robot.clickOn("#userstep-continue");
    TurnOutcome o = turn.get(10, TimeUnit.SECONDS);

    assertThat(o.ok()).isTrue();
    assertThat(f.browser.answeredBy(o.output().step().id())).isEqualTo("studio");
    await("the card closes", () -> !robot.lookup("#userstep-view").query().isVisible());
  }

  @Test
  void aManualStepSaysOnlyContinueEndsIt(FxRobot robot) throws Exception {
    CompletableFuture<TurnOutcome> turn = f.session.submit("{\"reasoning\": \"pay\", \"step\": {\"type\": \"userStep\", "
        + "\"prompt\": \"Pay for the order\", \"method\": \"payment\", \"continue_on\": {\"manual\": true}}}", Provenance.MODEL);
    f.awaitShown("the user-step card", () -> robot.lookup("#userstep-view").query().isVisible());

    assertThat(text(robot, "#userstep-continues")).isEqualTo("Only your Continue ends this step.");
    assertThat(text(robot, "#userstep-instruction")).startsWith("Complete the payment in the browser, then press Continue");
    robot.clickOn("#userstep-continue");
    assertThat(turn.get(10, TimeUnit.SECONDS).ok()).isTrue();
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.session.KeywordRiskGate;
import dev.waymark.session.SessionJournal;
import dev.waymark.workflow.Provenance;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The studio died while a step waited for the person's approval: recovering brings that step back, unperformed. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class CrashWhileAwaitingApprovalTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    AuthoringSession crashed = new AuthoringSession(new AuthoringSession.Config(FakeSessionBrowser.checkout(),
        new KeywordRiskGate(), ApprovalPolicy.defaults(), dir.resolve("sessions"), Runnable::run, 5_000));
    crashed.start("checkout", "Place the order", 10).get();
    crashed.submit("{\"reasoning\": \"order it\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}", Provenance.MODEL).get();
    assertThat(crashed.latest().pending()).isNotNull();
    // never closed: the studio died with the step waiting

    f = new StudioFixture(dir);
    f.show(stage, SessionJournal.unfinished(dir.resolve("sessions")));
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void recoveryPutsTheWaitingStepInTheEditorAndSaysItWasNotPerformed(FxRobot robot) {
    assertThat(robot.lookup("#recovery-text").queryAs(Label.class).getText())
        .contains("a step waited for your approval (not performed)");

    robot.clickOn("#recovery-recover");

    CodeArea editor = robot.lookup("#decision-editor").queryAs(CodeArea.class);
    f.awaitShown("the waiting step is in the editor", () -> editor.getText().contains("#place-order"));
    assertThat(editor.getText()).contains("order it").doesNotContain("\"ref\"");
    f.awaitShown("the notice says it was not performed", () -> f.view.notificationPane().isShowing()
        && f.view.notificationPane().getText().contains("not performed"));
    assertThat(f.browser.performed).isEmpty();
  }
}

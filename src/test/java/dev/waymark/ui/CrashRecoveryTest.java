package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.session.KeywordRiskGate;
import dev.waymark.session.SessionJournal;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A session that died mid-write comes back from its journal when the studio starts again. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class CrashRecoveryTest {
  @TempDir static Path dir;
  StudioFixture f;
  Path crashedJournal;

  @Start
  void start(Stage stage) throws Exception {
    // The session that "crashed": it journaled three turns, then half a line, and was never closed.
    AuthoringSession crashed = new AuthoringSession(new AuthoringSession.Config(FakeSessionBrowser.checkout(),
        new KeywordRiskGate(), ApprovalPolicy.defaults(), dir.resolve("sessions"), Runnable::run, 5_000));
    crashed.start("checkout", "Accept cookies and sign in", 10).get();
    crashed.declareVariable("password", "the password").get();
    crashed.setValue("password", "never-on-disk").get();
    crashed.submit("{\"reasoning\": \"wall first\", \"step\": {\"type\": \"click\", \"ref\": \"e14\"}}", Provenance.MODEL).get();
    crashed.submit("{\"reasoning\": \"type\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", \"value\": \"{{ password }}\"}}", Provenance.MODEL).get();
    crashed.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e77\"}}", Provenance.MODEL).get();
    crashedJournal = Path.of(crashed.latest().journalFile());
    Files.writeString(crashedJournal, "{\"kind\":\"turn\",\"turn\":{\"tu", StandardOpenOption.APPEND);

    f = new StudioFixture(dir);
    f.show(stage, SessionJournal.unfinished(dir.resolve("sessions")));
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void recoverOfferRebuildsStepsTrailAndVariables(FxRobot robot) throws Exception {
    assertThat(robot.lookup("#recovery-banner").query().isVisible()).isTrue();
    assertThat(robot.lookup("#recovery-text").queryAs(Label.class).getText())
        .contains("\"Accept cookies and sign in\"").contains("2 steps").contains("3 turns").contains("half-written");

    robot.clickOn("#recovery-recover");

    @SuppressWarnings("unchecked")
    TableView<Step> steps = robot.lookup("#steps-table").queryAs(TableView.class);
    f.awaitShown("the steps are back", () -> steps.getItems().size() == 2);
    assertThat(f.session.latest().trail()).hasSize(3);
    assertThat(f.session.latest().trail().get(2).error()).contains("e77");
    assertThat(f.session.latest().variables()).containsKey("password");
    assertThat(f.session.latest().valuesEntered()).as("values are never recovered").isEmpty();
    assertThat(f.session.latest().state().goal()).isEqualTo("Accept cookies and sign in");
    await("the banner is gone", () -> !robot.lookup("#recovery-banner").query().isVisible());
    assertThat(Files.exists(crashedJournal)).as("the old journal is set aside").isFalse();
    assertThat(SessionJournal.unfinished(dir.resolve("sessions"))).as("offered once only")
        .noneMatch(r -> r.file().equals(crashedJournal));
    assertThat(Files.readString(Path.of(f.session.latest().journalFile()))).doesNotContain("never-on-disk");
  }
}

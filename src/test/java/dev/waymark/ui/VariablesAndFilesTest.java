package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.session.SessionFile;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.PasswordField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class VariablesAndFilesTest {
  static final String SECRET = "S3cret-Pa55word!";
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("sign-in", "Sign in", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void valueIsMaskedUsedOnThePageAndAbsentFromSessionJournalAndExport(FxRobot robot) throws Exception {
    robot.clickOn("#variable-name").write("password");
    robot.clickOn("#variable-description").write("the account password").type(KeyCode.ENTER);
    await("the variable is declared", () -> robot.lookup("#value-password").tryQuery().isPresent());
    PasswordField value = robot.lookup("#value-password").queryAs(PasswordField.class);
    assertThat(value).isInstanceOf(PasswordField.class);
    robot.clickOn(value).write(SECRET).type(KeyCode.ENTER);
    await("the session has the value", () -> f.session.latest().valuesEntered().contains("password"));

    f.session.submit("{\"reasoning\": \"type the password\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", "
        + "\"value\": \"{{ password }}\"}}", Provenance.PERSON).get();
    assertThat(f.browser.performed.get(0).values()).containsEntry("password", SECRET);

    Path session = dir.resolve("signin" + SessionFile.EXTENSION);
    f.files.next = session;
    robot.clickOn("File").clickOn("#menu-save-as");
    await("the session is saved", () -> Files.exists(session));
    Path yaml = dir.resolve("signin.yaml");
    f.files.next = yaml;
    robot.clickOn("File").clickOn("#menu-export");
    await("the workflow is exported", () -> Files.exists(yaml));

    String saved = Files.readString(session);
    String exported = Files.readString(yaml);
    String journal = Files.readString(Path.of(f.session.latest().journalFile()));
    assertThat(saved).contains("{{ password }}").contains("the account password").doesNotContain(SECRET);
    assertThat(exported).contains("{{ password }}").doesNotContain(SECRET);
    assertThat(journal).contains("{{ password }}").doesNotContain(SECRET);
    Workflow w = WorkflowYaml.read(exported);
    assertThat(w.id()).isEqualTo("sign-in");
    assertThat(w.variables()).containsEntry("password", "the account password");
    assertThat(w.steps()).singleElement().satisfies(s -> assertThat(s.value()).isEqualTo("{{ password }}"));
  }

  @Test
  void savedSessionOpensAgainWithoutItsValues(FxRobot robot) throws Exception {
    f.session.declareVariable("user", "login name").get();
    f.session.setValue("user", "alice-example").get();
    f.session.submit("{\"reasoning\": \"sign in\", \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}", Provenance.PERSON).get();
    Path file = dir.resolve("reopen" + SessionFile.EXTENSION);
    f.files.next = file;
    robot.clickOn("File").clickOn("#menu-save-as");
    await("saved", () -> Files.exists(file));
    robot.clickOn("File").clickOn("#menu-new");
    f.awaitShown("a new session is empty", () -> f.session.latest().steps().isEmpty() && f.session.latest().variables().isEmpty());

    robot.clickOn("File").clickOn("#menu-open");

    await("the session is back", () -> f.session.latest().steps().size() == 1);
    assertThat(f.session.latest().variables()).containsKey("user");
    assertThat(f.session.latest().valuesEntered()).isEmpty();
  }

  @Test
  void openingAFileThatIsNotASessionSaysSo(FxRobot robot) throws Exception {
    Path junk = dir.resolve("junk" + SessionFile.EXTENSION);
    Files.writeString(junk, "not json");
    f.files.next = junk;

    robot.clickOn("File").clickOn("#menu-open");

    await("the person is told", () -> f.view.notificationPane().isShowing()
        && f.view.notificationPane().getText().contains("is not a Waymark session file"));
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.travel.PlaywrightExport;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** File > Export as Playwright test…, Export as Recorder flow… and Import Recorder flow… in the studio window. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class TravelMenuTest {
  @TempDir Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("sign-in", "Sign in", 10).get();
    f.session.declareVariable("password", "the account password").get();
    f.session.setValue("password", "pw-never-exported").get();
    f.session.observe().get();
    f.session.submit("{\"reasoning\": \"type the password\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", "
        + "\"value\": \"{{ password }}\"}}", Provenance.PERSON).get();
    f.session.submit("{\"reasoning\": \"sign in\", \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}", Provenance.PERSON).get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  private String status() {
    return f.view.lookup("#status-bar") == null ? "" : ((org.controlsfx.control.StatusBar) f.view.lookup("#status-bar")).getText();
  }

  @Test
  void theSessionsWorkflowGoesOutAsAPlaywrightTestWithItsConfigAndAsARecorderFlowWithItsTokens(FxRobot robot) throws Exception {
    Path test = dir.resolve("sign-in.spec.ts");
    f.files.next = test;
    robot.clickOn("File").clickOn("#menu-export-playwright");
    await("the test is written", () -> Files.exists(test) && Files.exists(dir.resolve(PlaywrightExport.CONFIG_FILE)));
    assertThat(Files.readString(test)).contains("process.env.PASSWORD!").contains("test('Sign in'").doesNotContain("pw-never-exported");
    f.awaitShown("the status bar says where it went", () -> status().contains("Exported sign-in.spec.ts and playwright.config.ts"));

    Path flow = dir.resolve("sign-in.json");
    f.files.next = flow;
    robot.clickOn("File").clickOn("#menu-export-recorder");
    await("the flow is written", () -> Files.exists(flow));
    assertThat(Files.readString(flow)).contains("\"type\": \"change\"").contains("{{ password }}").doesNotContain("pw-never-exported");
    f.awaitShown("the status bar says the tokens stay", () -> status().contains("its {{ tokens }} stay as written"));
  }

  @Test
  void aRecorderFlowComesInAsAWorkflowBesideItAndTheStepsItCannotMapAreTold(FxRobot robot) throws Exception {
    Path flow = dir.resolve("todo.json");
    Files.writeString(flow, """
        {"title": "Add a todo", "steps": [
          {"type": "navigate", "url": "https://todo.example/"},
          {"type": "hover", "selectors": [["#menu"]]},
          {"type": "click", "selectors": [["aria/Add[role=\\"button\\"]"], ["#add"]], "offsetX": 1, "offsetY": 1}
        ]}
        """);
    Files.writeString(dir.resolve("todo.yaml"), "a person's own file");
    f.files.next = flow;
    robot.clickOn("File").clickOn("#menu-import-recorder");

    Path yaml = dir.resolve("todo-2.yaml");
    await("the workflow is written beside the flow, not over the file there", () -> Files.exists(yaml));
    assertThat(Files.readString(dir.resolve("todo.yaml"))).isEqualTo("a person's own file");
    assertThat(WorkflowYaml.read(Files.readString(yaml)).steps()).hasSize(2);
    f.awaitShown("the notification names the step left out", () -> f.view.notificationPane().isShowing()
        && f.view.notificationPane().getText().contains("steps[1] (hover) at line 3: not mapped"));
  }
}

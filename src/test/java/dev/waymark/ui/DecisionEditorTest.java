package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.ui.common.Styles;
import java.nio.file.Path;
import java.util.List;
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

@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class DecisionEditorTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Sign in", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  CodeArea editor(FxRobot robot) {
    return robot.lookup("#decision-editor").queryAs(CodeArea.class);
  }

  String error(FxRobot robot) {
    return robot.lookup("#decision-error").queryAs(Label.class).getText();
  }

  void type(FxRobot robot, String text) {
    onFx(() -> {
      editor(robot).replaceText(text);
      return true;
    });
  }

  @Test
  void brokenJsonIsReportedInlineWithItsPositionUnderlined(FxRobot robot) {
    type(robot, "{\"reasoning\": \"x\", \"step\": {\"type\": \"click\" \"ref\": \"e6\"}}");

    await("the parse error is shown", () -> error(robot).startsWith("Not valid JSON"));
    await("the error position is styled", () -> {
      CodeArea a = editor(robot);
      for (int i = 0; i < a.getLength(); i++) if (a.getStyleOfChar(i).contains(Styles.JSON_ERROR)) return true;
      return false;
    });
    assertThat(error(robot)).contains("line 1");
  }

  @Test
  void stepTheLoopMayNotWriteIsReportedBeforeApplying(FxRobot robot) {
    type(robot, "{\"reasoning\": \"x\", \"step\": {\"type\": \"click\", \"ref\": \"e99\"}}");

    await("the ref error is shown", () -> error(robot).contains("ref \"e99\" is not in the current observation"));
    await("the bad ref is underlined", () -> {
      CodeArea a = editor(robot);
      int at = a.getText().indexOf("\"e99\"");
      return a.getStyleOfChar(at + 1).contains(Styles.JSON_ERROR);
    });
    assertThat(f.session.latest().trail()).as("checking records nothing").isEmpty();

    type(robot, "{\"reasoning\": \"x\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", \"value\": \"{{ password }}\"}}");
    await("the undeclared token is reported", () -> error(robot).contains("{{ password }} is not a declared variable"));
  }

  @Test
  void highlightingStylesKeysAndStrings(FxRobot robot) {
    type(robot, "{\"reasoning\": \"x\", \"done\": true}");
    await("keys and literals are styled", () -> {
      CodeArea a = editor(robot);
      return a.getStyleOfChar(2).contains(Styles.JSON_KEY) && a.getStyleOfChar(a.getText().indexOf("true") + 1).contains(Styles.JSON_LITERAL);
    });
  }

  @Test
  void decisionWrittenFromScratchIsAppliedAsThePersonsStep(FxRobot robot) {
    type(robot, "{\"reasoning\": \"sign in\", \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}");
    await("no error", () -> error(robot).isEmpty());

    robot.clickOn("#decision-apply");

    await("the step is in the list", () -> f.session.latest().steps().size() == 1);
    assertThat(f.session.latest().steps().get(0).provenance().by()).isEqualTo("person");
    await("the editor is cleared", () -> editor(robot).getText().isEmpty());
  }

  @Test
  void insertTemplateAimsAtTheSelectedElement(FxRobot robot) {
    robot.clickOn("#decision-templates").clickOn("#template-done");
    await("the template is in the editor", () -> editor(robot).getText().contains("\"done\": true"));
  }
}

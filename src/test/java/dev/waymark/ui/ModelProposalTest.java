package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.Prompt;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.decide.Reply;
import dev.waymark.ui.shell.StudioContext;
import dev.waymark.workflow.Provenance;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
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

/** With a model configured: its proposal lands in the editor, and applying it unchanged keeps it the model's step. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class ModelProposalTest {
  static final String PROPOSAL = "{\"reasoning\": \"sign in first\", \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}";
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Sign in", 10).get();
    f.session.observe().get();
    DecisionSource model = new DecisionSource() {
      @Override
      public String name() {
        return "test-model";
      }

      @Override
      public Reply decide(Prompt prompt, Consumer<String> partial) {
        partial.accept(PROPOSAL.substring(0, 20));
        return Reply.of(PROPOSAL);
      }
    };
    f.show(stage, List.of(), new StudioContext.Model(model, new PromptRenderer()));
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void askModelPutsTheProposalInTheEditorAndApplyingItUnchangedIsTheModelsStep(FxRobot robot) {
    assertThat(robot.lookup("#model-status").queryAs(Label.class).getText()).isEqualTo("Model: test-model");
    robot.clickOn("#ask-model");
    CodeArea editor = robot.lookup("#decision-editor").queryAs(CodeArea.class);
    await("the proposal is in the editor", () -> PROPOSAL.equals(editor.getText()));
    assertThat(robot.lookup("#decision-mode").queryAs(Label.class).getText()).startsWith("The model's proposal");
    assertThat(f.session.latest().trail()).isEmpty();

    robot.clickOn("#decision-apply");

    await("applied", () -> f.session.latest().steps().size() == 1);
    assertThat(f.session.latest().steps().get(0).provenance().by()).isEqualTo(Provenance.MODEL);
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.ui.common.OutcomeToasts;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A dialog, a download or a new tab a step brought shows as a notification in the window's corner. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class OutcomeToastsTest {
  @TempDir
  static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Add a mug", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.view.dispose();
    f.close();
  }

  @Test
  void aDialogTheClickOpenedIsNotifiedWithThePersonsSentence(FxRobot robot) throws Exception {
    StepOutcome dialog = new StepOutcome(List.of(new StepOutcome.Dialog("confirm", "Add it to the cart?", "dismissed", null)),
        null, null, null, false, null, null, false, null);
    f.browser.answer = s -> new StepResult(s.id(), true, null, null, null, null, false, false, false, dialog, "no visible change");

    f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e11\"}}", Provenance.PERSON).get();

    await("a notification names the dialog", () -> robot.lookup(".notification-bar").queryAll().stream()
        .anyMatch(n -> texts(n).contains("A dialog") && texts(n).contains("Add it to the cart?")));
    assertThat(OutcomeToasts.title(dialog)).isEqualTo("A dialog");
    assertThat(OutcomeToasts.title(new StepOutcome(null, null, null, null, false, null, null, false, null))).isNull();
  }

  private static String texts(Node n) {
    StringBuilder b = new StringBuilder();
    if (n instanceof Label l) b.append(l.getText()).append(' ');
    if (n instanceof javafx.scene.Parent p) for (Node c : p.getChildrenUnmodifiable()) b.append(texts(c));
    return b.toString();
  }
}

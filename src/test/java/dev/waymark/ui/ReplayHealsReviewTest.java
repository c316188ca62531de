package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.replay.ReplayBrowser;
import dev.waymark.ui.replay.ReplayView;
import dev.waymark.ui.replay.ReplayViewModel;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The Replay window's heals to review: each accepted or rejected, the accepted ones saved as a healed copy. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class ReplayHealsReviewTest {
  private static final String WORKFLOW = """
      id: orders
      name: Read the order
      steps:
        - id: s1
          type: click
          label: Open the orders
          selector: {css: "#orders"}   # the menu
        - id: s2
          type: click
          label: Open the first order
          selector: {css: "li:nth-of-type(1) a"}
        - id: s3
          type: click
          label: Print
          selector: {css: "#print"}
      """;

  @TempDir
  Path dir;

  ReplayViewModel vm;

  /** Heals s2 and s3 to new selectors, answers s1 as written. */
  private final ReplayBrowser browser = new ReplayBrowser() {
    @Override
    public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
      if ("s1".equals(step.id())) return StepResult.success(step.id(), null, null, null);
      StepOutcome.Heal heal = new StepOutcome.Heal(step.selector(), Selector.css("[data-x='" + step.id() + "']"), 0.9, 0.3,
          "the selector found nothing", "button \"" + step.label() + "\"");
      return new StepResult(step.id(), true, null, null, null, null, false, false, false,
          new StepOutcome(null, null, null, null, false, null, null, false, null, heal), null);
    }

    @Override
    public StepResult gate(Step step, long limitMs) {
      return StepResult.failure(step.id(), "no person here", null);
    }
  };

  @Start
  void start(Stage stage) {
    vm = new ReplayViewModel(Platform::runLater, () -> browser);
    stage.setScene(new Scene(new ReplayView(vm, () -> { }, () -> { }), 1000, 640));
    stage.show();
  }

  private String status(FxRobot robot) {
    return robot.lookup("#replay-status").queryAs(Label.class).getText();
  }

  @SuppressWarnings("unchecked")
  @Test
  void aHealAcceptedGoesIntoTheHealedCopyAndARejectedOneDoesNot(FxRobot robot) throws Exception {
    robot.interact(() -> vm.load("orders.yaml", WORKFLOW));
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Replayed every step"));
    assertThat(vm.heals()).hasSize(2);
    assertThat(robot.lookup("#replay-heal-accept").query().isDisabled()).as("nothing selected yet").isTrue();

    ListView<String> list = robot.lookup("#replay-heals").queryAs(ListView.class);
    robot.interact(() -> list.getSelectionModel().select(0));
    robot.clickOn("#replay-heal-accept");
    robot.interact(() -> list.getSelectionModel().select(1));
    robot.clickOn("#replay-heal-reject");

    assertThat(vm.heals().get(0)).startsWith("s2: the selector found nothing").endsWith(" — accepted");
    assertThat(vm.heals().get(1)).startsWith("s3: ").endsWith(" — rejected");
    assertThat(status(robot)).contains("1 heal accepted");
    String healed = vm.healedYaml();
    assertThat(healed).isEqualTo(WORKFLOW.replace("    selector: {css: \"li:nth-of-type(1) a\"}\n",
        "    selector:\n      css: \"[data-x='s2']\"\n"));
    assertThat(WorkflowYaml.read(healed).steps().get(2).selector().css()).isEqualTo("#print");
    assertThat(vm.healedFileName()).isEqualTo("orders.healed.yaml");

    Path target = dir.resolve(vm.healedFileName());
    boolean[] saved = new boolean[2];
    robot.interact(() -> saved[0] = vm.saveHealed(target));
    assertThat(saved[0]).isTrue();
    assertThat(Files.readString(target)).isEqualTo(healed);
    robot.interact(() -> saved[1] = vm.saveHealed(target));
    assertThat(saved[1]).as("never over an existing file").isFalse();
    assertThat(status(robot)).contains("exists already and was not replaced");
  }

  @Test
  void withNoHealAcceptedNothingIsSaved(FxRobot robot) throws Exception {
    robot.interact(() -> vm.load("orders.yaml", WORKFLOW));
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Replayed every step"));
    boolean[] saved = new boolean[1];
    robot.interact(() -> saved[0] = vm.saveHealed(dir.resolve("x.yaml")));
    assertThat(saved[0]).isFalse();
    assertThat(Files.exists(dir.resolve("x.yaml"))).isFalse();
    assertThat(status(robot)).contains("Accept at least one heal first");
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.apply.Capabilities;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.session.CapabilitiesFile;
import dev.waymark.session.PolicyFile;
import dev.waymark.ui.observation.ObsRow;
import dev.waymark.ui.settings.SettingsDialog;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableView;
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
class StepsAndSettingsTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Sign in", 3).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @SuppressWarnings("unchecked")
  TableView<Step> steps(FxRobot robot) {
    return robot.lookup("#steps-table").queryAs(TableView.class);
  }

  String label(FxRobot robot, String id) {
    return robot.lookup(id).queryAs(Label.class).getText();
  }

  @Test
  void selectingAStepShowsItsNoteAndThePageItWasMadeAgainst(FxRobot robot) throws Exception {
    f.session.submit("{\"reasoning\": \"the sign-in button starts the flow\", \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}",
        Provenance.MODEL).get();
    await("listed", () -> steps(robot).getItems().size() == 1);
    onFx(() -> {
      steps(robot).getSelectionModel().select(0);
      return true;
    });

    await("the note is shown", () -> label(robot, "#step-note").equals("the sign-in button starts the flow"));
    assertThat(label(robot, "#step-observation")).startsWith("Made against http://127.0.0.1:8000/checkout.html — 15 elements");
    robot.clickOn("#step-show-observation");
    await("the tree shows that page", () -> robot.lookup("#observation-historic").query().isVisible());
    robot.clickOn("#observation-live");
    await("back to the live page", () -> !robot.lookup("#observation-historic").query().isVisible());
  }

  @Test
  void undoRemovesTheLastStepAndBudgetAndFailuresAreShown(FxRobot robot) throws Exception {
    f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e6\"}}", Provenance.MODEL).get();
    f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e404\"}}", Provenance.MODEL).get();
    await("counters", () -> label(robot, "#budget-label").equals("1 turn left")
        && label(robot, "#failures-label").equals("1 of 3 failures in a row"));

    robot.clickOn("#undo-step");

    await("the step is gone", () -> steps(robot).getItems().isEmpty());
    assertThat(f.session.latest().trail()).hasSize(3);
    f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e404\"}}", Provenance.MODEL).get();
    await("out of turns", () -> label(robot, "#continue-label").equals("Stopped: no turns left"));
    robot.clickOn("#keep-going");
    await("more turns", () -> label(robot, "#budget-label").equals("10 turns left")
        && label(robot, "#continue-label").equals("Can continue"));
  }

  @Test
  void uncertainStepIsResolvedByThePerson(FxRobot robot) throws Exception {
    f.browser.answer = s -> dev.waymark.workflow.StepResult.uncertain(s.id(), "no reply within 5000 ms");
    f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e6\"}}", Provenance.MODEL).get();
    await("the question is shown", () -> robot.lookup("#uncertain-banner").query().isVisible());
    assertThat(label(robot, "#uncertain-text")).startsWith("Did step s1 (Click button \"Sign in\") take effect?");

    robot.clickOn("#uncertain-happened");

    await("the step joins the workflow", () -> steps(robot).getItems().size() == 1);
    await("the question is gone", () -> !robot.lookup("#uncertain-banner").query().isVisible());
  }

  @Test
  void settingsDialogReturnsThePolicyAndItIsSavedAndUsed(FxRobot robot) throws Exception {
    SettingsDialog[] d = new SettingsDialog[1];
    onFx(() -> {
      d[0] = new SettingsDialog(ApprovalPolicy.defaults());
      d[0].show();
      return true;
    });
    onFx(() -> {
      @SuppressWarnings("unchecked")
      ComboBox<Policy> submit = (ComboBox<Policy>) d[0].getDialogPane().lookup("#policy-submit");
      submit.setValue(Policy.BLOCK);
      return true;
    });
    ApprovalPolicy chosen = d[0].result();
    onFx(() -> {
      d[0].close();
      return true;
    });
    assertThat(chosen.policy(RiskCategory.SUBMIT)).isEqualTo(Policy.BLOCK);
    assertThat(chosen.policy(RiskCategory.PAYMENT)).isEqualTo(Policy.ASK);

    onFx(() -> {
      f.view.viewModel().applySettings(chosen);
      return true;
    });
    await("saved", () -> {
      try {
        return PolicyFile.load(dir.resolve("approval-policy.json")).equals(chosen);
      } catch (Exception e) {
        return false;
      }
    });
    var o = f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e12\"}}", Provenance.MODEL).get();
    assertThat(o.error()).contains("blocks submit");
  }

  @Test
  void settingsCapabilityBoxesAreSavedBesideThePolicyAndNarrowTheSession(FxRobot robot) throws Exception {
    SettingsDialog[] d = new SettingsDialog[1];
    onFx(() -> {
      d[0] = new SettingsDialog(ApprovalPolicy.defaults(), Capabilities.ALL);
      d[0].show();
      return true;
    });
    onFx(() -> {
      assertThat(((CheckBox) d[0].getDialogPane().lookup("#capability-download")).isSelected()).isTrue();
      ((CheckBox) d[0].getDialogPane().lookup("#capability-file_upload")).setSelected(false);
      ((CheckBox) d[0].getDialogPane().lookup("#capability-viewport_control")).setSelected(false);
      return true;
    });
    Capabilities chosen = onFxGet(() -> d[0].capabilities());
    ApprovalPolicy policy = d[0].result();
    onFx(() -> {
      d[0].close();
      f.view.viewModel().applySettings(policy, chosen);
      return true;
    });

    assertThat(chosen).isEqualTo(new Capabilities(true, false, false));
    await("saved", () -> {
      try {
        return CapabilitiesFile.load(dir.resolve("capabilities.json")).equals(chosen);
      } catch (Exception e) {
        return false;
      }
    });
    await("applied to the session", () -> f.session.latest().state().capabilities().equals(chosen));
    var o = f.session.submit("{\"step\": {\"type\": \"setViewport\", \"value\": \"390x844\"}}", Provenance.MODEL).get();
    assertThat(o.error()).startsWith("this session does not allow viewport_control");
  }

  @Test
  void workflowInspectorShowsStepsOrProblems(FxRobot robot) throws Exception {
    String good = "id: w\nname: W\nvariables:\n  email: the email\nsteps:\n  - id: s1\n    type: fill\n    selector:\n      css: '#email'\n    value: '{{ email }}'\n";
    String bad = "id: w\nname: W\nsteps:\n  - id: s1\n    type: teleport\n";
    var ok = onFxGet(() -> inScene(new dev.waymark.ui.files.WorkflowInspector("w.yaml", good)));
    var broken = onFxGet(() -> inScene(new dev.waymark.ui.files.WorkflowInspector("b.yaml", bad)));
    assertThat(onFx(() -> ((TableView<?>) ok.lookup("#inspector-steps")).getItems().size() == 1)).isTrue();
    assertThat(onFx(() -> ((javafx.scene.control.ListView<?>) broken.lookup("#inspector-problems")).getItems().toString().contains("teleport"))).isTrue();
  }

  static javafx.scene.Parent inScene(javafx.scene.Parent p) {
    new javafx.scene.Scene(p, 800, 500);
    p.applyCss();
    p.layout();
    return p;
  }

  static <T> T onFxGet(java.util.concurrent.Callable<T> c) throws Exception {
    return org.testfx.util.WaitForAsyncUtils.asyncFx(c).get();
  }
}

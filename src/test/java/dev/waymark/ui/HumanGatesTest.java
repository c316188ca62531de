package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.ui.observation.ObsRow;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The approval pane: approve, reject, edit and take over, each by its keyboard shortcut, and what each records. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class HumanGatesTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Place the order", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @BeforeEach
  void modelProposesARiskyStep(FxRobot robot) throws Exception {
    f.session.submit("{\"reasoning\": \"the cart is ready\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}", Provenance.MODEL).get();
    await("the approval pane shows the step", () -> robot.lookup("#approval-view").query().isVisible());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  String text(FxRobot robot, String id) {
    return robot.lookup(id).queryAs(Label.class).getText();
  }

  @SuppressWarnings("unchecked")
  TableView<Step> steps(FxRobot robot) {
    return robot.lookup("#steps-table").queryAs(TableView.class);
  }

  @SuppressWarnings("unchecked")
  TableView<ExtTurn> trail(FxRobot robot) {
    return robot.lookup("#trail-table").queryAs(TableView.class);
  }

  @Test
  void paneShowsActionElementOriginValueAndRisk(FxRobot robot) {
    assertThat(text(robot, "#approval-action")).isEqualTo("click: Click button \"Place order\"");
    assertThat(text(robot, "#approval-element")).isEqualTo("button \"Place order\"  (e12)");
    assertThat(text(robot, "#approval-section")).isEqualTo("Payment");
    assertThat(text(robot, "#approval-selector")).isEqualTo("#place-order");
    assertThat(text(robot, "#approval-origin")).startsWith("the model: the cart is ready");
    assertThat(text(robot, "#approval-value")).isEqualTo("—");
    assertThat(robot.lookup("#risk-submit").queryAs(Label.class).getText()).isEqualTo("submit, send or post");
    assertThat(robot.lookup("#approval-reasons").lookup(".label").queryAs(Label.class).getText())
        .contains("the button is named \"Place order\"");
    assertThat(f.browser.performed).isEmpty();
  }

  @Test
  void ctrlEnterApprovesAndTheStepIsPerformedAndListed(FxRobot robot) {
    var dialog = new dev.waymark.workflow.StepOutcome(List.of(new dev.waymark.workflow.StepOutcome.Dialog("confirm",
        "Place the order?", "dismissed", null)), null, null, null, false, null, null, false, null);
    f.browser.answer = s -> new dev.waymark.workflow.StepResult(s.id(), true, null, null, null, null, false, false, false,
        dialog, "the page changed (3 DOM changes)");
    robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);

    await("the step is listed", () -> steps(robot).getItems().size() == 1);
    assertThat(f.browser.performed).hasSize(1);
    assertThat(steps(robot).getItems().get(0).selector().css()).isEqualTo("#place-order");
    assertThat(trail(robot).getItems()).singleElement().extracting(ExtTurn::ok).isEqualTo(true);
    // the trail says what the page did, so the person can tell a working click from an ignored one
    TableColumn<ExtTurn, ?> effect = trail(robot).getColumns().stream()
        .filter(c -> "What the page did".equals(c.getText())).findFirst().orElseThrow();
    // and what else happened: the confirm the click opened, dismissed (the advice to the model is not for the person)
    assertThat(effect.getCellData(0)).isEqualTo("the page changed (3 DOM changes). "
        + "The click opened a confirm dialog 'Place the order?'; it was dismissed.");
    assertThat(trail(robot).getItems().get(0).outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.step()).isEqualTo(f.browser.performed.get(0).step().id()));
    await("the pane is gone", () -> !robot.lookup("#approval-view").query().isVisible());
  }

  @Test
  void ctrlBackspaceRejectsWithTheReasonAsTheTurnsError(FxRobot robot) {
    robot.clickOn("#approval-reason").write("the cart still has the wrong size");
    robot.press(KeyCode.CONTROL, KeyCode.BACK_SPACE).release(KeyCode.BACK_SPACE, KeyCode.CONTROL);

    await("the refused turn is in the trail", () -> trail(robot).getItems().size() == 1);
    ExtTurn t = trail(robot).getItems().get(0);
    assertThat(t.ok()).isFalse();
    assertThat(t.error()).isEqualTo("the cart still has the wrong size");
    assertThat(steps(robot).getItems()).isEmpty();
    assertThat(f.browser.performed).isEmpty();
    assertThat(robot.lookup("#failures-label").queryAs(Label.class).getText()).startsWith("1 of 3");
  }

  @Test
  void ctrlEEditsTheWaitingStepWhichIsCheckedAgainBeforeItRuns(FxRobot robot) {
    robot.press(KeyCode.CONTROL, KeyCode.E).release(KeyCode.E, KeyCode.CONTROL);
    CodeArea editor = robot.lookup("#decision-editor").queryAs(CodeArea.class);
    await("the step is in the editor", () -> editor.getText().contains("\"ref\" : \"e12\""));

    onFx(() -> {
      editor.replaceText(editor.getText().replace("\"e12\"", "\"e6\""));
      return true;
    });
    robot.clickOn("#decision-apply");

    await("the edited step ran", () -> steps(robot).getItems().size() == 1);
    Step s = steps(robot).getItems().get(0);
    assertThat(s.selector().css()).isEqualTo("#signin");
    assertThat(s.provenance().by()).isEqualTo(Provenance.PERSON);
    assertThat(f.browser.performed).extracting(p -> p.step().selector().css()).containsExactly("#signin");
  }

  @Test
  void ctrlTTakesOverTheElementAndThePersonsStepReplacesTheModels(FxRobot robot) {
    robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
    @SuppressWarnings("unchecked")
    TreeTableView<ObsRow> tree = robot.lookup("#observation-tree").queryAs(TreeTableView.class);
    await("the element is picked in the tree", () -> tree.getSelectionModel().getSelectedItem() != null
        && "e12".equals(tree.getSelectionModel().getSelectedItem().getValue().ref()));

    // The person decides to accept the cookie wall first instead: pick that element and click it themselves.
    onFx(() -> {
      var cookie = tree.getRoot().getChildren().stream().filter(i -> "Cookie consent".equals(i.getValue().name())).findFirst().orElseThrow();
      cookie.setExpanded(true);
      tree.getSelectionModel().select(cookie.getChildren().get(0));
      return true;
    });
    robot.clickOn("#takeover-perform");

    await("the trail has the refusal and the person's step", () -> trail(robot).getItems().size() == 2);
    assertThat(trail(robot).getItems().get(0).error()).startsWith("the person took over and did this instead");
    assertThat(steps(robot).getItems()).singleElement().satisfies(s -> {
      assertThat(s.selector().css()).isEqualTo("#cookie-accept");
      assertThat(s.provenance().by()).isEqualTo(Provenance.PERSON);
    });
    await("the pane is gone", () -> !robot.lookup("#approval-view").query().isVisible());
  }

  @Test
  void takeOverWithAFillTypesTheTokenedValue(FxRobot robot) throws Exception {
    f.session.declareVariable("street", "the delivery street").get();
    f.session.setValue("street", "Hidden Lane 9").get();
    robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
    @SuppressWarnings("unchecked")
    TreeTableView<ObsRow> tree = robot.lookup("#observation-tree").queryAs(TreeTableView.class);
    onFx(() -> {
      var shipping = tree.getRoot().getChildren().stream().filter(i -> "Shipping".equals(i.getValue().name())).findFirst().orElseThrow();
      tree.getSelectionModel().select(shipping.getChildren().get(1));
      robot.lookup("#takeover-action").queryAs(javafx.scene.control.ComboBox.class).setValue("fill");
      robot.lookup("#takeover-value").queryAs(TextField.class).setText("{{ street }}");
      return true;
    });
    robot.clickOn("#takeover-perform");

    await("the fill is recorded", () -> steps(robot).getItems().size() == 1);
    assertThat(steps(robot).getItems().get(0).value()).isEqualTo("{{ street }}");
    assertThat(f.browser.performed.get(0).values()).containsEntry("street", "Hidden Lane 9");
  }
}

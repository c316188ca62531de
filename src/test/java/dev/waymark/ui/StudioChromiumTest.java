package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import dev.waymark.testing.RealBrowser;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedNode;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.ui.connection.BridgeConnectionService;
import dev.waymark.ui.connection.ConnectionService;
import dev.waymark.ui.common.Styles;
import dev.waymark.ui.observation.ObsRow;
import dev.waymark.ui.shell.StudioContext;
import dev.waymark.ui.shell.StudioView;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The studio driving real Chromium through the bridge and the extension: observe a page, take over a click and
 * a fill with a {{ token }}, approve a risky submit, export YAML that holds the token and not the value.
 *
 * <p>Isolated: it needs both the browser and the JavaFX lock, and JUnit takes them one after the other; holding the
 * browser's while the JavaFX classes kept the other (about two minutes in the default suite) left every browser class
 * waiting on it. Alone, it waits holding neither.
 */
@ExtendWith(ApplicationExtension.class)
@RealBrowser
@JavaFxToolkit
@Isolated
class StudioChromiumTest {
  static final String EMAIL = "jane.private@example.org";

  @RegisterExtension static BrowserHarness chromium = BrowserHarness.create();
  @TempDir static Path dir;
  AuthoringSession session;
  FixedFileDialogs files = new FixedFileDialogs();

  @Start
  void start(Stage stage) throws Exception {
    session = new AuthoringSession(new AuthoringSession.Config(new BridgeSessionBrowser(chromium.client(), dev.waymark.bridge.ObserveOptions.defaults()),
        new RuleRiskGate(), ApprovalPolicy.defaults(), dir.resolve("sessions"), Platform::runLater, 15_000));
    session.start("order", "Accept cookies and send an order", 20).get();
    StudioView view = new StudioView(new StudioContext(session,
        new BridgeConnectionService(chromium.client(), null, ChromiumLauncher.Options.defaults()), files,
        dir.resolve("policy.json"), null, List.of(), Platform::runLater));
    Scene scene = new Scene(view, 1260, 780);
    scene.getStylesheets().add(Styles.class.getResource(Styles.STYLESHEET).toExternalForm());
    stage.setScene(scene);
    stage.show();
  }

  @AfterEach
  void tearDown() {
    session.close();
  }

  @SuppressWarnings("unchecked")
  static TreeTableView<ObsRow> tree(FxRobot robot) {
    return robot.lookup("#observation-tree").queryAs(TreeTableView.class);
  }

  /** Selects the element row with this accessible name, expanding its section. */
  static boolean select(FxRobot robot, String name) {
    return onFx(() -> {
      TreeTableView<ObsRow> t = tree(robot);
      if (t.getRoot() == null) return false;
      for (TreeItem<ObsRow> s : t.getRoot().getChildren()) {
        for (TreeItem<ObsRow> n : s.getChildren()) {
          if (n.getValue().isElement() && name.equals(n.getValue().node().name())) {
            s.setExpanded(true);
            t.getSelectionModel().select(n);
            return true;
          }
        }
      }
      return false;
    });
  }

  String ref(String name) {
    for (ObservedNode n : session.latest().observation().nodes()) if (name.equals(n.name())) return n.ref();
    throw new AssertionError("no element named " + name + " in the observation");
  }

  @Test
  void personTakesOverClickAndFillApprovesSubmitAndExportsTokens(FxRobot robot) throws Exception {
    chromium.open(chromium.pageUrl("studio/order.html"));
    robot.clickOn("#observe-button");
    await("the page is in the tree", () -> select(robot, "Accept cookies"));
    @SuppressWarnings("unchecked")
    javafx.scene.control.TableView<ConnectionService.Browser> clients = robot.lookup("#clients-table").queryAs(javafx.scene.control.TableView.class);
    await("the browser and its task tab are listed", () -> clients.getItems().size() == 1
        && clients.getItems().get(0).url() != null && clients.getItems().get(0).url().endsWith("studio/order.html"));
    assertThat(robot.lookup("#server-status").queryAs(Label.class).getText()).contains("1 browser");

    // 1. The person clicks the cookie button themselves.
    robot.clickOn("#takeover-perform");
    await("the click is a step", () -> session.latest().steps().size() == 1);
    assertThat(session.latest().steps().get(0).provenance().by()).isEqualTo(Provenance.PERSON);
    assertThat(chromium.eval("document.getElementById('cookie').hidden").asBoolean()).isTrue();

    // 2. A variable with a masked value, and a fill that types it through the token.
    robot.clickOn("#variable-name").write("email");
    robot.clickOn("#variable-description").write("the customer's email").type(KeyCode.ENTER);
    await("the value field exists", () -> robot.lookup("#value-email").tryQuery().isPresent());
    robot.clickOn("#value-email").write(EMAIL).type(KeyCode.ENTER);
    await("the value is set", () -> session.latest().valuesEntered().contains("email"));
    assertThat((Object) robot.lookup("#value-email").query()).isInstanceOf(PasswordField.class);
    await("the email field is in the tree", () -> select(robot, "Email"));
    onFx(() -> {
      robot.lookup("#takeover-action").queryAs(ComboBox.class).setValue("fill");
      robot.lookup("#takeover-value").queryAs(TextField.class).setText("{{ email }}");
      return true;
    });
    robot.clickOn("#takeover-perform");
    await("the fill is a step", () -> session.latest().steps().size() == 2);
    assertThat(chromium.eval("document.getElementById('email').value").asText()).isEqualTo(EMAIL);
    assertThat(session.latest().steps().get(1).value()).isEqualTo("{{ email }}");

    // 3. A decision to submit the order is risky: it waits for approval, which Ctrl+Enter gives.
    await("the page was read again", () -> session.latest().observation().nodes().stream().anyMatch(n -> "Send order".equals(n.name())));
    String send = ref("Send order");
    CodeArea editor = robot.lookup("#decision-editor").queryAs(CodeArea.class);
    onFx(() -> {
      editor.replaceText("{\"reasoning\": \"everything is filled in\", \"step\": {\"type\": \"click\", \"ref\": \"" + send + "\"}}");
      return true;
    });
    robot.clickOn("#decision-apply");
    await("the submit waits for approval", () -> robot.lookup("#approval-view").query().isVisible());
    assertThat(robot.lookup("#risk-submit").tryQuery()).isPresent();
    assertThat(robot.lookup("#approval-selector").queryAs(Label.class).getText()).isEqualTo("#send");
    assertThat(chromium.eval("document.getElementById('result').textContent").asText()).isEmpty();
    robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
    await("the order was sent", () -> session.latest().steps().size() == 3);
    assertThat(chromium.eval("document.getElementById('result').textContent").asText()).isEqualTo("Order sent");

    // 4. Export: the token, never the value.
    Path yaml = dir.resolve("order.yaml");
    files.next = yaml;
    robot.clickOn("File").clickOn("#menu-export");
    await("exported", () -> Files.exists(yaml));
    String text = Files.readString(yaml);
    assertThat(text).contains("{{ email }}").doesNotContain(EMAIL);
    Workflow w = WorkflowYaml.read(text);
    assertThat(w.steps()).extracting(Step::type).containsExactly("click", "fill", "click");
    assertThat(w.steps()).extracting(s -> s.selector().css()).containsExactly("#accept", "#email", "#send");
    assertThat(w.variables()).containsEntry("email", "the customer's email");
    assertThat(Files.readString(Path.of(session.latest().journalFile()))).doesNotContain(EMAIL);
    assertThat(session.latest().trail()).hasSize(3).allMatch(t -> t.ok());
  }

  @Test
  void whatThePersonDoesInThePageIsRecordedAsTheirStep(FxRobot robot) throws Exception {
    chromium.open(chromium.pageUrl("studio/order.html?recording"));
    robot.clickOn("#observe-button");
    await("the page is in the tree", () -> select(robot, "Accept cookies"));
    robot.clickOn("#record-toggle");
    await("recording is on", () -> robot.lookup("#record-toggle").queryAs(javafx.scene.control.ToggleButton.class).isSelected());

    trustedClick("#accept");

    await("the person's click is a step", () -> session.latest().steps().size() == 1);
    Step s = session.latest().steps().get(0);
    assertThat(s.type()).isEqualTo("click");
    assertThat(s.selector().css()).isEqualTo("#accept");
    assertThat(s.provenance().by()).isEqualTo(Provenance.PERSON);
    assertThat(chromium.eval("document.getElementById('cookie').hidden").asBoolean()).isTrue();
    robot.clickOn("#record-toggle");
    await("recording is off", () -> !robot.lookup("#record-toggle").queryAs(javafx.scene.control.ToggleButton.class).isSelected());
  }

  /** A click the page sees as the person's own (trusted input through DevTools), not the extension's. */
  static void trustedClick(String css) throws Exception {
    var cdp = chromium.cdp();
    String target = chromium.pageTarget();
    var box = cdp.evaluate(target, "(() => { const r = document.querySelector('" + css
        + "').getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()");
    String s = cdp.attach(target);
    try {
      for (String type : List.of("mousePressed", "mouseReleased")) {
        cdp.send(s, "Input.dispatchMouseEvent", dev.waymark.testing.Cdp.params().put("type", type)
            .put("x", box.path("x").asDouble()).put("y", box.path("y").asDouble()).put("button", "left").put("clickCount", 1));
      }
    } finally {
      cdp.detach(s);
    }
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
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
class StudioSmokeTest {
  @TempDir static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Sign in", 10).get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void windowShowsEveryPanelAndThePairingCode(FxRobot robot) {
    for (String id : List.of("#connection-view", "#variables-view", "#observation-view", "#decision-view", "#steps-view",
        "#status-bar", "#goal-field")) {
      assertThat(robot.lookup(id).tryQuery()).as(id).isPresent();
    }
    assertThat(robot.lookup("#pairing-code").queryAs(Label.class).getText()).isEqualTo("ABCD-EFGH-IJKL-MNOP-QRST");
    assertThat(robot.lookup("#approval-view").query().isVisible()).isFalse();
    assertThat(robot.lookup("#connection-help").query().isVisible()).isTrue();
  }

  @Test
  void launchBrowserRunsOffTheFxThreadAndTheNewBrowserIsListed(FxRobot robot) {
    robot.clickOn("#launch-browser");

    StudioFixture.await("the browser is listed", () -> robot.lookup("#clients-table").queryAs(javafx.scene.control.TableView.class)
        .getItems().size() == 1);
    StudioFixture.await("the help is hidden", () -> !robot.lookup("#connection-help").query().isVisible());
    assertThat(robot.lookup("#server-status").queryAs(Label.class).getText()).contains("1 browser");
    assertThat(robot.lookup("#launch-status").queryAs(Label.class).getText()).isEqualTo("Browser started");
    assertThat(f.connection.launches).isEqualTo(1);
  }

  @Test
  void trustedClicksAreSwitchedOnTheConnectionFromTheBrowserPanel(FxRobot robot) {
    assertThat(f.connection.trustedClicks).isFalse();
    robot.clickOn("#trusted-clicks");
    StudioFixture.await("the bridge clicks through the debugger", () -> f.connection.trustedClicks);
    robot.clickOn("#trusted-clicks");
    StudioFixture.await("and back through the page", () -> !f.connection.trustedClicks);
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.ui.theme.Appearance;
import dev.waymark.ui.theme.AppearanceFile;
import dev.waymark.ui.theme.Themes;
import dev.waymark.workflow.Provenance;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A studio that starts dark (a dark desktop): every text it draws is light, none left at JavaFX's default black. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class DarkFromTheStartTest {
  @TempDir Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Place the order", 10).get();
    f.show(stage, List.of(), null, new Appearance(dir.resolve(AppearanceFile.FILE_NAME), () -> true, Themes::apply));
  }

  @AfterEach
  void tearDown() {
    f.close();
    onFx(() -> {
      Themes.apply(false);
      return true;
    });
  }

  @Test
  void everyTextIsReadableOnTheDarkTheme(FxRobot robot) throws Exception {
    assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.DARK);
    // The page arrives after the window showed (the tree warmed up empty), as in the app.
    f.session.observe().get();
    f.session.submit("{\"step\": {\"type\": \"click\", \"ref\": \"e404\"}}", Provenance.MODEL).get();
    f.session.submit("{\"reasoning\": \"the cart is ready\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}", Provenance.MODEL).get();
    await("the approval card shows", () -> robot.lookup("#approval-view").query().isVisible());
    robot.clickOn("#tab-trail");

    await("the page tree is drawn", () -> robot.lookup("#observation-tree").lookup(".tree-table-row-cell").queryAll().size() > 5);
    StudioFixture.settle();
    assertThat(ThemeSwitchingTest.onFxGet(() -> ThemeSwitchingTest.darkTexts(robot, 0.12, "#observation-tree",
        "#approval-view", "#steps-view", "#tool-bar", "#connection-view")))
        .as("texts too dark to read on the dark theme (at least 3:1 against #0d1117)").isEmpty();
  }
}

package dev.waymark.ui;

import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.testing.JavaFxToolkit;
import dev.waymark.ui.common.LaunchEngine;
import dev.waymark.ui.shell.StudioContext;
import dev.waymark.ui.shell.StudioView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue 25: Settings → "Launch browser starts" Firefox makes the studio's Launch browser start Firefox from then on;
 * the choice is kept in browser.json beside the approval policy and a studio started again from the same config
 * folder starts with it; a file that cannot be read says how to fix it and the studio starts Chromium meanwhile.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class LaunchBrowserChoiceTest {
  @TempDir Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Place the order", 10).get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.close();
  }

  @Test
  void firefoxChosenInSettingsIsWhatLaunchBrowserStartsAndSurvivesARestart(FxRobot robot) throws Exception {
    assertThat(f.connection.engine()).isEqualTo(LaunchEngine.CHROMIUM);
    chooseInSettings(robot, LaunchEngine.FIREFOX);

    assertThat(f.connection.engine()).isEqualTo(LaunchEngine.FIREFOX);
    Path kept = dir.resolve(LaunchEngine.FILE_NAME);
    await("the choice is written beside the approval policy",
        () -> Files.exists(kept) && read(kept).contains("\"firefox\""));

    // The studio started again from the same config folder: its Launch browser starts Firefox.
    FakeConnectionService again = new FakeConnectionService();
    assertThat(onFx(() -> {
      new StudioView(new StudioContext(f.session, again, f.files, dir.resolve("approval-policy.json"), null, List.of(),
          Platform::runLater));
      return true;
    })).isTrue();
    assertThat(again.engine()).isEqualTo(LaunchEngine.FIREFOX);

    chooseInSettings(robot, LaunchEngine.CHROMIUM);
    await("Chromium again, kept", () -> read(kept).contains("\"chromium\""));
    assertThat(LaunchEngine.load(kept)).isEqualTo(LaunchEngine.CHROMIUM);
  }

  @Test
  void anUnreadableChoiceSaysHowToFixItAndLaunchBrowserStartsChromium() throws Exception {
    Path bad = dir.resolve("bad").resolve(LaunchEngine.FILE_NAME);
    Files.createDirectories(bad.getParent());
    Files.writeString(bad, "{\"engine\": \"netscape\"}");
    assertThatThrownBy(() -> LaunchEngine.load(bad)).hasMessageContaining(bad.toString()).hasMessageContaining("\"netscape\" is not a browser Waymark launches")
        .hasMessageContaining("choose the browser again in Settings");
    Files.writeString(bad, "not json");
    assertThatThrownBy(() -> LaunchEngine.load(bad)).hasMessageContaining("choose the browser again in Settings");
    assertThat(LaunchEngine.load(dir.resolve("none").resolve(LaunchEngine.FILE_NAME))).isEqualTo(LaunchEngine.CHROMIUM);

    FakeConnectionService fresh = new FakeConnectionService();
    StudioView[] view = new StudioView[1];
    onFx(() -> {
      view[0] = new StudioView(new StudioContext(f.session, fresh, f.files, bad.resolveSibling("approval-policy.json"), null,
          List.of(), Platform::runLater));
      return true;
    });
    assertThat(fresh.engine()).isEqualTo(LaunchEngine.CHROMIUM);
    await("the problem is shown", () -> view[0].notificationPane().getText() != null
        && view[0].notificationPane().getText().contains("Until then Launch browser starts Chromium"));
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      return "";
    }
  }

  /** Opens Settings from the File menu as a person would, picks the browser and presses OK. */
  private void chooseInSettings(FxRobot robot, LaunchEngine engine) {
    MenuItem settings = onFxGet(() -> ThemeSwitchingTest.item(robot, "menu-settings"));
    Platform.runLater(settings::fire);
    await("the Settings dialog is open", () -> robot.lookup("#settings-browser").tryQuery().isPresent());
    onFx(() -> {
      @SuppressWarnings("unchecked")
      ComboBox<LaunchEngine> box = (ComboBox<LaunchEngine>) robot.lookup("#settings-browser").query();
      assertThat(box.getItems()).containsExactly(LaunchEngine.CHROMIUM, LaunchEngine.FIREFOX);
      box.setValue(engine);
      DialogPane pane = (DialogPane) box.getScene().getRoot();
      ((javafx.scene.control.Button) pane.lookupButton(ButtonType.OK)).fire();
      return true;
    });
    await("the dialog closed", () -> robot.lookup("#settings-browser").tryQuery().isEmpty());
  }

  private static <T> T onFxGet(java.util.function.Supplier<T> s) {
    Object[] out = new Object[1];
    onFx(() -> {
      out[0] = s.get();
      return true;
    });
    @SuppressWarnings("unchecked")
    T t = (T) out[0];
    return t;
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.ui.common.ThemeChoice;
import dev.waymark.ui.theme.Appearance;
import dev.waymark.ui.theme.AppearanceFile;
import dev.waymark.ui.theme.ThemeViewModel;
import dev.waymark.ui.theme.Themes;
import dev.waymark.workflow.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The theme: Settings → Dark puts Primer Dark on the windows and the studio's own colours follow; the choice is
 * kept in the config folder and read back by a fresh view model; "same as the system" follows the desktop.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class ThemeSwitchingTest {
  @TempDir Path dir;
  StudioFixture f;
  final AtomicBoolean desktopDark = new AtomicBoolean(false);
  Appearance appearance;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Place the order", 10).get();
    f.session.observe().get();
    appearance = new Appearance(dir.resolve(AppearanceFile.FILE_NAME), desktopDark::get, Themes::apply);
    f.show(stage, List.of(), null, appearance);
  }

  @AfterEach
  void tearDown() {
    f.close();
    // The user-agent stylesheet belongs to the whole JVM: the next test class starts light again.
    onFx(() -> {
      Themes.apply(false);
      return true;
    });
  }

  @Test
  void settingsDarkAppliesTheDarkThemeAndTheStudioRestylesLive(FxRobot robot) throws Exception {
    f.session.submit("{\"reasoning\": \"the cart is ready\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}", Provenance.MODEL).get();
    await("the approval card shows", () -> robot.lookup("#approval-view").query().isVisible());
    assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.LIGHT);
    assertThat(onFx(() -> luminance(background("#studio-root", robot)) > 0.8)).as("light canvas").isTrue();

    chooseInSettings(robot, ThemeChoice.DARK);

    await("Primer Dark is the user-agent stylesheet", () -> Themes.DARK.equals(Application.getUserAgentStylesheet()));
    await("the studio's own canvas turned dark", () -> luminance(background("#studio-root", robot)) < 0.1);
    assertThat(f.view.themeViewModel().darkProperty().get()).isTrue();
    // What must stay readable in the dark: the page tree, the approval card and its risk chips, the steps' states.
    StudioFixture.settle();
    assertThat(onFxGet(() -> darkTexts(robot, 0.12, "#observation-tree", "#approval-view", "#steps-view", "#tool-bar")))
        .as("texts too dark to read on the dark theme").isEmpty();
    await("kept in the config folder", () -> read(dir.resolve(AppearanceFile.FILE_NAME)).contains("\"dark\""));

    chooseInSettings(robot, ThemeChoice.LIGHT);
    await("light again, live", () -> Themes.LIGHT.equals(Application.getUserAgentStylesheet())
        && luminance(background("#studio-root", robot)) > 0.8);
  }

  @Test
  void theChoiceSurvivesARestartFromTheSameConfigFolder() throws Exception {
    onFx(() -> {
      f.view.themeViewModel().choose(ThemeChoice.DARK);
      return true;
    });
    await("saved", () -> read(dir.resolve(AppearanceFile.FILE_NAME)).contains("\"dark\""));

    List<Boolean> applied = new ArrayList<>();
    ThemeViewModel restarted = new ThemeViewModel(new Appearance(appearance.file(), () -> false, applied::add),
        Runnable::run, Runnable::run, problem -> { throw new AssertionError(problem); });

    assertThat(restarted.choiceProperty().get()).isEqualTo(ThemeChoice.DARK);
    assertThat(restarted.darkProperty().get()).isTrue();
    assertThat(applied).as("applied once, before any window shows").containsExactly(true);
  }

  @Test
  void systemFollowsTheDesktopsPreference() {
    assertThat(f.view.themeViewModel().choiceProperty().get()).isEqualTo(ThemeChoice.SYSTEM);
    assertThat(Application.getUserAgentStylesheet()).isEqualTo(Themes.LIGHT);

    desktopDark.set(true);
    onFx(() -> {
      f.view.themeViewModel().refreshSystem(); // what the app does when its window gets the focus again
      return true;
    });
    await("the desktop went dark, so did the studio", () -> Themes.DARK.equals(Application.getUserAgentStylesheet()));

    onFx(() -> {
      f.view.themeViewModel().choose(ThemeChoice.LIGHT);
      return true;
    });
    desktopDark.set(true);
    onFx(() -> {
      f.view.themeViewModel().refreshSystem();
      return true;
    });
    await("an explicit Light ignores the desktop", () -> Themes.LIGHT.equals(Application.getUserAgentStylesheet()));

    desktopDark.set(false);
    onFx(() -> {
      f.view.themeViewModel().choose(ThemeChoice.SYSTEM);
      return true;
    });
    await("System again: light like the desktop now", () -> Themes.LIGHT.equals(Application.getUserAgentStylesheet())
        && !f.view.themeViewModel().darkProperty().get());
  }

  @Test
  void anUnreadableAppearanceFileSaysHowToFixItAndFollowsTheSystem() throws Exception {
    Path bad = dir.resolve("bad").resolve(AppearanceFile.FILE_NAME);
    Files.createDirectories(bad.getParent());
    Files.writeString(bad, "{\"theme\": \"sepia\"}");
    List<String> problems = new ArrayList<>();
    ThemeViewModel vm = new ThemeViewModel(new Appearance(bad, () -> true, d -> {}), Runnable::run, Runnable::run,
        problems::add);
    assertThat(vm.choiceProperty().get()).isEqualTo(ThemeChoice.SYSTEM);
    assertThat(vm.darkProperty().get()).isTrue();
    assertThat(problems).singleElement().asString().contains("sepia").contains("choose the theme again in Settings");
  }

  /** Opens Settings from the File menu as a person would, picks the theme and presses OK. */
  private void chooseInSettings(FxRobot robot, ThemeChoice choice) {
    MenuItem settings = onFxGet(() -> item(robot, "menu-settings"));
    Platform.runLater(settings::fire); // showAndWait: not waited for here
    await("the Settings dialog is open", () -> robot.lookup("#settings-theme").tryQuery().isPresent());
    onFx(() -> {
      @SuppressWarnings("unchecked")
      ComboBox<ThemeChoice> box = (ComboBox<ThemeChoice>) robot.lookup("#settings-theme").query();
      box.setValue(choice);
      DialogPane pane = (DialogPane) box.getScene().getRoot();
      ((javafx.scene.control.Button) pane.lookupButton(ButtonType.OK)).fire();
      return true;
    });
    await("the dialog closed", () -> robot.lookup("#settings-theme").tryQuery().isEmpty());
  }

  static MenuItem item(FxRobot robot, String id) {
    for (Menu m : robot.lookup("#menu-bar").queryAs(MenuBar.class).getMenus()) {
      for (MenuItem i : m.getItems()) if (id.equals(i.getId())) return i;
    }
    throw new AssertionError("no menu item " + id);
  }

  static Paint background(String id, FxRobot robot) {
    Region r = robot.lookup(id).queryAs(Region.class);
    return r.getBackground() == null || r.getBackground().getFills().isEmpty() ? null
        : r.getBackground().getFills().get(0).getFill();
  }

  /**
   * Every visible, non-empty text under these nodes whose luminance is below {@code min}, with its colour: a text left
   * at JavaFX's default black on the dark theme shows up here. 0.12 is 3:1 against Primer Dark's #0d1117.
   */
  static List<String> darkTexts(FxRobot robot, double min, String... ids) {
    List<String> dark = new ArrayList<>();
    for (String id : ids) {
      for (Node n : robot.lookup(id).queryAs(Parent.class).lookupAll(".text")) {
        if (n instanceof Text t && t.getText() != null && !t.getText().isBlank() && visible(t) && luminance(t.getFill()) < min) {
          dark.add(id + " \"" + t.getText() + "\" " + t.getFill());
        }
      }
    }
    return dark;
  }

  private static boolean visible(Node n) {
    for (Node p = n; p != null; p = p.getParent()) {
      if (!p.isVisible() || p.getOpacity() < 0.5) return false;
    }
    return true;
  }

  static double luminance(Paint p) {
    if (!(p instanceof Color c)) return -1;
    return 0.2126 * lin(c.getRed()) + 0.7152 * lin(c.getGreen()) + 0.0722 * lin(c.getBlue());
  }

  private static double lin(double v) {
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  }

  static String read(Path p) {
    try {
      return Files.exists(p) ? Files.readString(p) : "";
    } catch (java.io.IOException e) {
      return "";
    }
  }

  static <T> T onFxGet(java.util.concurrent.Callable<T> c) {
    try {
      return org.testfx.util.WaitForAsyncUtils.asyncFx(c).get();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}

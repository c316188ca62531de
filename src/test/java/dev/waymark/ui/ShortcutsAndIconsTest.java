package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.ui.help.ShortcutsSheet;
import dev.waymark.ui.shell.StudioView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Help → Keyboard shortcuts lists what the menus' accelerators are; the toolbar's buttons carry icons and words. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class ShortcutsAndIconsTest {
  @TempDir Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    f.session.start("checkout", "Sign in", 10).get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown(FxRobot robot) {
    for (Window w : new ArrayList<>(robot.listWindows())) {
      if (w != f.view.getScene().getWindow()) robot.interact(w::hide);
    }
    f.close();
  }

  @Test
  @SuppressWarnings("unchecked")
  void f1OpensTheShortcutsSheetWithEveryAcceleratorOfTheMenus(FxRobot robot) {
    List<String> expected = ThemeSwitchingTest.onFxGet(() -> {
      List<String> keys = new ArrayList<>();
      for (Menu m : robot.lookup("#menu-bar").queryAs(MenuBar.class).getMenus()) {
        for (MenuItem i : m.getItems()) {
          if (i.getAccelerator() != null) keys.add(i.getAccelerator().getDisplayText() + " " + i.getText());
        }
      }
      return keys;
    });

    robot.clickOn("#goal-field").push(KeyCode.F1);

    await("the sheet is open", () -> robot.lookup("#shortcuts-table").tryQuery().isPresent());
    TableView<ShortcutsSheet.Shortcut> table = robot.lookup("#shortcuts-table").queryAs(TableView.class);
    List<String> listed = table.getItems().stream().map(s -> s.keys() + " " + s.action()).toList();
    assertThat(listed).containsExactlyElementsOf(expected);
    // The approval keys work from a scene filter; the Step menu names them, so the sheet does too.
    assertThat(table.getItems()).anySatisfy(s -> {
      assertThat(s.action()).isEqualTo("Approve");
      assertThat(s.keys()).isEqualTo(StudioView.APPROVE.getDisplayText());
      assertThat(s.menu()).isEqualTo("Step");
    });
    assertThat(listed).contains(StudioView.APPLY.getDisplayText() + " Apply the decision",
        StudioView.REJECT.getDisplayText() + " Reject", StudioView.TAKE_OVER.getDisplayText() + " Take over",
        "F1 Keyboard shortcuts");
    assertThat(listed.size()).isGreaterThanOrEqualTo(15);
  }

  @Test
  void theToolbarButtonsCarryAnIconTheirWordsAndATooltip(FxRobot robot) {
    for (String id : List.of("#ask-model", "#run-model", "#stop-model")) {
      Button b = robot.lookup(id).queryAs(Button.class);
      assertThat(b.getGraphic()).as(id + " icon").isInstanceOf(FontIcon.class);
      assertThat(b.getText()).as(id + " text").isNotBlank();
      assertThat(b.getAccessibleText()).as(id + " accessible text").isEqualTo(b.getText());
      assertThat(b.getTooltip()).as(id + " tooltip").isNotNull();
      assertThat(b.getTooltip().getText()).isNotBlank();
      assertThat(b.getAccessibleHelp()).isEqualTo(b.getTooltip().getText());
    }
    for (String id : List.of("menu-open", "menu-save", "menu-settings", "menu-approve", "menu-reject", "menu-shortcuts")) {
      assertThat(ThemeSwitchingTest.item(robot, id).getGraphic()).as(id + " icon").isInstanceOf(FontIcon.class);
    }
    for (String id : List.of("#approval-approve", "#approval-reject", "#undo-step", "#keep-going")) {
      assertThat(robot.lookup(id).queryAs(Button.class).getGraphic()).as(id + " icon").isInstanceOf(FontIcon.class);
    }
  }
}

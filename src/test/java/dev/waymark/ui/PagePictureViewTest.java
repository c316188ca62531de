package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.PagePicture;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The page beside the tree: the Picture toggle shows the page's picture with a box per element; a click on a box
 * selects its row, selecting a row outlines its box, hovering a row lights its box, and refs show on demand. The
 * request the browser gets names the field holding a variable's token for blurring.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class PagePictureViewTest {
  @TempDir
  static Path dir;
  StudioFixture f;

  @Start
  void start(Stage stage) throws Exception {
    f = new StudioFixture(dir);
    BufferedImage img = new BufferedImage(800, 600, BufferedImage.TYPE_INT_RGB);
    ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", jpeg);
    f.browser.picture = new PagePicture(jpeg.toByteArray(), 800, 600, 1.0, List.of(
        new PagePicture.Box("e3", 40, 100, 300, 30), new PagePicture.Box("e12", 40, 400, 120, 40)), 1);
    f.session.start("checkout", "Place the order", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    f.view.dispose();
    f.close();
  }

  private Rectangle box(FxRobot robot, String ref) {
    return robot.lookup("#picture-box-" + ref).queryAs(Rectangle.class);
  }

  @Test
  void boxesAndRowsFollowEachOther(FxRobot robot) {
    robot.clickOn("#observation-picture");
    await("the picture's boxes are drawn", () -> !robot.lookup("#picture-box-e12").queryAll().isEmpty());
    assertThat(robot.lookup("#picture-status").queryAs(Label.class).getText()).contains("2 elements", "1 fields blurred");
    // The request named every element with a selector; the checkout page's fields carry no token yet.
    assertThat(f.browser.pictureRequest.refs()).containsKeys("e3", "e12");

    robot.clickOn(box(robot, "e12"));
    await("the box's row is selected", () -> {
      var item = f.view.observationView().tree().getSelectionModel().getSelectedItem();
      return item != null && "e12".equals(item.getValue().ref());
    });
    await("the selected box is outlined", () -> box(robot, "e12").getPseudoClassStates().contains(
        javafx.css.PseudoClass.getPseudoClass("chosen")));

    f.view.observationView().selectRef("e3");
    await("selecting another row moves the outline", () -> box(robot, "e3").getPseudoClassStates().contains(
        javafx.css.PseudoClass.getPseudoClass("chosen")) && !box(robot, "e12").getPseudoClassStates().contains(
        javafx.css.PseudoClass.getPseudoClass("chosen")));

    robot.clickOn("#picture-refs");
    await("refs are labelled", () -> robot.lookup(".wm-picture-ref").queryAll().stream().allMatch(javafx.scene.Node::isVisible)
        && robot.lookup(".wm-picture-ref").queryAll().size() == 2);

    robot.moveTo(box(robot, "e12"));
    await("hovering a box lights it", () -> "e12".equals(f.view.observationView().picture() == null ? null
        : box(robot, "e12").getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("lit")) ? "e12" : null));
  }

  @Test
  void aFieldHoldingAVariablesTokenIsNamedForBlurring() throws Exception {
    f.session.declareVariable("email", "the account's email").get();
    f.session.setValue("email", "ada@example.com").get();
    var page = f.session.latest().observation();
    var withToken = page.nodes().stream().map(n -> "e3".equals(n.ref())
        ? new dev.waymark.observe.ObservedNode(n.ref(), n.role(), n.name(), n.tag(), n.type(), "{{ email }}", n.placeholder(),
            n.disabled(), n.checked(), n.expanded(), n.options(), n.selector(), n.path(), n.indexes(), n.enter(), n.section(),
            n.context(), n.offscreen(), n.obscured(), n.similar(), n.href(), n.positional())
        : n).toList();
    PagePicture.Request r = PagePicture.Request.of(new dev.waymark.observe.PageObservation(page.url(), page.title(), withToken,
        page.headings(), page.text(), page.truncated(), page.modal(), page.modalFrame(), page.omitted(), page.frames(), page.lists(),
        page.taskTabs(), page.openTabs(), page.otherOpenTabs()));
    assertThat(r.blur()).hasSize(1);
    assertThat(r.blur().get(0).toString()).contains(page.nodes().stream().filter(n -> "e3".equals(n.ref())).findFirst().orElseThrow().selector());
  }
}

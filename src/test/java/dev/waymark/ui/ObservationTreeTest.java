package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static dev.waymark.ui.StudioFixture.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.ui.observation.ObsRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
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
class ObservationTreeTest {
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

  @SuppressWarnings("unchecked")
  TreeTableView<ObsRow> tree(FxRobot robot) {
    return robot.lookup("#observation-tree").queryAs(TreeTableView.class);
  }

  static List<TreeItem<ObsRow>> top(TreeTableView<ObsRow> t) {
    return t.getRoot() == null ? List.of() : new ArrayList<>(t.getRoot().getChildren());
  }

  static TreeItem<ObsRow> child(TreeItem<ObsRow> parent, String name) {
    for (TreeItem<ObsRow> c : parent.getChildren()) if (name.equals(c.getValue().name())) return c;
    return null;
  }

  static TreeItem<ObsRow> section(TreeTableView<ObsRow> t, String name) {
    return child(t.getRoot(), name);
  }

  void observe(FxRobot robot) {
    robot.clickOn("#observe-button");
    await("the tree shows the page", () -> tree(robot).getRoot() != null && !tree(robot).getRoot().getChildren().isEmpty());
  }

  @Test
  void recordedObservationBecomesBannersHeadingsAndSections(FxRobot robot) {
    observe(robot);
    TreeTableView<ObsRow> t = tree(robot);
    List<String> names = onFxList(() -> top(t).stream().map(i -> i.getValue().name()).toList());

    assertThat(names).containsExactly("Modal: Cookie consent", "Truncated: 42 elements left out",
        "Frames: 2 cross-origin", "Headings (5)", "navigation", "Sign in", "Shipping", "Products", "Payment",
        "Cookie consent");
    assertThat(onFx(() -> {
      TreeItem<ObsRow> products = section(t, "Products");
      List<ObsRow> rows = products.getChildren().stream().map(TreeItem::getValue).toList();
      ObsRow run = rows.stream().filter(r -> r.kind() == ObsRow.Kind.RUN).findFirst().orElseThrow();
      ObsRow list = rows.stream().filter(r -> r.kind() == ObsRow.Kind.LIST).findFirst().orElseThrow();
      TreeItem<ObsRow> listItem = products.getChildren().stream().filter(i -> i.getValue() == list).findFirst().orElseThrow();
      List<String> fields = listItem.getChildren().stream().map(i -> i.getValue().name() + "=" + i.getValue().value()).toList();
      return products.getValue().value().equals("3 elements, 1 list") && run.name().equals("+8 similar buttons collapsed")
          && list.name().equals("10 items") && list.ref().equals("l1")
          && fields.equals(List.of("title=Blue mug", "price=12.00", "link=/p/blue-mug", "Next=numbered, 4 pages → /checkout.html?page=2"));
    })).isTrue();
    assertThat(flagsOf(t, "Payment", "e12")).contains("obscured");
    assertThat(flagsOf(t, "Payment", "e13")).contains("disabled");
    assertThat(flagsOf(t, "Payment", "e15")).contains("in frame/shadow");
    assertThat(flagsOf(t, "Sign in", "e5")).contains("unchecked");
    assertThat(flagsOf(t, "Products", "e11")).contains("offscreen").contains("collapsed");
    assertThat(flagsOf(t, "Sign in", "e4")).contains("password");
  }

  String flagsOf(TreeTableView<ObsRow> t, String section, String ref) {
    AtomicReference<String> out = new AtomicReference<>();
    onFx(() -> {
      for (TreeItem<ObsRow> c : section(t, section).getChildren()) if (ref.equals(c.getValue().ref())) out.set(c.getValue().flags());
      return true;
    });
    return out.get();
  }

  static <T> T onFxList(java.util.function.Supplier<T> s) {
    AtomicReference<T> r = new AtomicReference<>();
    onFx(() -> {
      r.set(s.get());
      return true;
    });
    return r.get();
  }

  @Test
  void filterByTextAndByRoleNarrowsTheTree(FxRobot robot) {
    observe(robot);
    TreeTableView<ObsRow> t = tree(robot);
    robot.clickOn("#observation-filter").write("cart");
    await("only the add-to-cart buttons remain", () -> top(t).size() == 1 && section(t, "Products") != null
        && section(t, "Products").getChildren().stream().filter(i -> i.getValue().isElement()).count() == 2);

    onFx(() -> {
      robot.lookup("#observation-filter").queryAs(TextField.class).setText("");
      robot.lookup("#observation-role").queryAs(ComboBox.class).setValue("checkbox");
      return true;
    });
    await("only the checkbox remains", () -> top(t).size() == 1 && section(t, "Sign in") != null
        && section(t, "Sign in").getChildren().size() == 1
        && "e5".equals(section(t, "Sign in").getChildren().get(0).getValue().ref()));
  }

  @Test
  void selectingANodeHighlightsItAndShowsItsSelector(FxRobot robot) {
    observe(robot);
    TreeTableView<ObsRow> t = tree(robot);
    onFx(() -> {
      TreeItem<ObsRow> country = child2(section(t, "Shipping"), "e7");
      t.getSelectionModel().select(country);
      return true;
    });
    await("the selector is shown", () -> "#country".equals(robot.lookup("#observation-selector").queryAs(TextField.class).getText()));
    await("the page was asked to outline it", () -> !f.browser.highlighted.isEmpty());
    assertThat(f.browser.highlighted.get(f.browser.highlighted.size() - 1).css()).isEqualTo("#country");
  }

  static TreeItem<ObsRow> child2(TreeItem<ObsRow> parent, String ref) {
    for (TreeItem<ObsRow> c : parent.getChildren()) if (ref.equals(c.getValue().ref())) return c;
    return null;
  }

  @Test
  void refreshKeepsExpansionAndSelectionOfSurvivingNodes(FxRobot robot) {
    observe(robot);
    TreeTableView<ObsRow> t = tree(robot);
    onFx(() -> {
      section(t, "Sign in").setExpanded(false);
      section(t, "Products").setExpanded(true);
      t.getSelectionModel().select(child2(section(t, "Shipping"), "e7"));
      return true;
    });
    // The next observation renumbers every ref and drops the navigation: identity is the selector, not the ref.
    PageObservation old = f.browser.page;
    List<ObservedNode> renumbered = new ArrayList<>();
    int i = 100;
    for (ObservedNode n : old.nodes()) {
      if ("navigation".equals(n.section())) continue;
      renumbered.add(new ObservedNode("e" + (i++), n.role(), n.name(), n.tag(), n.type(), n.value(), n.placeholder(),
          n.disabled(), n.checked(), n.expanded(), n.options(), n.selector(), n.path(), n.indexes(), n.enter(), n.section(),
          n.context(), n.offscreen(), n.obscured(), n.similar()));
    }
    f.browser.page = new PageObservation(old.url(), old.title(), renumbered, old.headings(), null, false, null, false, 0, 0, old.lists());
    robot.clickOn("#observe-button");
    await("the new page is shown", () -> section(t, "navigation") == null && section(t, "Shipping") != null);

    assertThat(onFx(() -> !section(t, "Sign in").isExpanded())).as("collapsed stays collapsed").isTrue();
    assertThat(onFx(() -> section(t, "Products").isExpanded())).isTrue();
    assertThat(onFx(() -> {
      TreeItem<ObsRow> sel = t.getSelectionModel().getSelectedItem();
      return sel != null && "#country".equals(sel.getValue().selector()) && sel.getValue().ref().startsWith("e1");
    })).as("the country select is still selected, under its new ref").isTrue();
  }

  @Test
  void takingOverAClickFromTheTreeRecordsAPersonStep(FxRobot robot) {
    observe(robot);
    TreeTableView<ObsRow> t = tree(robot);
    onFx(() -> {
      t.getSelectionModel().select(child2(section(t, "Sign in"), "e6"));
      return true;
    });
    robot.clickOn("#takeover-perform");
    await("the step is recorded", () -> f.session.latest().steps().size() == 1);
    assertThat(f.session.latest().steps().get(0).provenance().by()).isEqualTo("person");
    assertThat(f.browser.performed).hasSize(1);
  }
}

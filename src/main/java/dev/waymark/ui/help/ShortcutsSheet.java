package dev.waymark.ui.help;

import dev.waymark.ui.common.Styles;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Help → Keyboard shortcuts: every accelerator of the studio's menus, read from the menu items themselves when the
 * sheet opens, so the sheet lists what the keys do now and cannot drift from a hand-kept list.
 */
public final class ShortcutsSheet extends VBox {
  /** One accelerator: the keys as this platform writes them, the menu item's text and the menu it sits in. */
  public record Shortcut(String keys, String action, String menu) {}

  private final TableView<Shortcut> table = new TableView<>();

  public ShortcutsSheet(List<Shortcut> shortcuts) {
    setId("shortcuts-sheet");
    setSpacing(8);
    Label hint = new Label("Approve, Reject, Edit and Take over work while a step waits for you, also from a text field.");
    hint.getStyleClass().add(Styles.HINT);
    hint.setWrapText(true);
    table.setId("shortcuts-table");
    table.getColumns().add(keysColumn());
    table.getColumns().add(col("Action", 260, Shortcut::action));
    table.getColumns().add(col("Menu", 110, Shortcut::menu));
    table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    table.getItems().setAll(shortcuts);
    table.setPrefSize(560, 500);
    VBox.setVgrow(table, Priority.ALWAYS);
    getChildren().addAll(table, hint);
  }

  /** Every item with an accelerator in these menus and their submenus, in menu order. */
  public static List<Shortcut> collect(List<Menu> menus) {
    List<Shortcut> out = new ArrayList<>();
    for (Menu m : menus) collect(m, plain(m.getText()), out);
    return out;
  }

  private static void collect(Menu menu, String path, List<Shortcut> out) {
    for (MenuItem item : menu.getItems()) {
      if (item instanceof SeparatorMenuItem) continue;
      if (item instanceof Menu sub) {
        collect(sub, path + " › " + plain(sub.getText()), out);
      } else if (item.getAccelerator() != null) {
        out.add(new Shortcut(item.getAccelerator().getDisplayText(), plain(item.getText()), path));
      }
    }
  }

  /** Menu text without its mnemonic marker ({@code _File} → {@code File}). */
  private static String plain(String text) {
    return text == null ? "" : text.replaceAll("_(?!_)", "").replace("__", "_");
  }

  /** The sheet in a dialog of its own over the studio (not modal: it may stay open while the person works). */
  public static Dialog<Void> dialog(Window owner, List<Menu> menus) {
    Dialog<Void> d = new Dialog<>();
    d.setTitle("Keyboard shortcuts — Waymark");
    d.setHeaderText("Keyboard shortcuts");
    d.initModality(Modality.NONE);
    if (owner != null) {
      d.initOwner(owner);
      if (owner.getScene() != null) d.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
    }
    d.getDialogPane().setContent(new ShortcutsSheet(collect(menus)));
    d.getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
    d.setResizable(true);
    return d;
  }

  public TableView<Shortcut> table() { return table; }

  private static TableColumn<Shortcut, String> keysColumn() {
    TableColumn<Shortcut, String> c = col("Keys", 150, Shortcut::keys);
    c.setCellFactory(col -> new TableCell<>() {
      @Override
      protected void updateItem(String keys, boolean empty) {
        super.updateItem(keys, empty);
        setText(null);
        if (empty || keys == null) {
          setGraphic(null);
          return;
        }
        Label l = new Label(keys);
        l.getStyleClass().add(Styles.KEYS);
        setGraphic(l);
      }
    });
    return c;
  }

  private static TableColumn<Shortcut, String> col(String title, double width, Function<Shortcut, String> f) {
    TableColumn<Shortcut, String> c = new TableColumn<>(title);
    c.setPrefWidth(width);
    c.setSortable(false);
    c.setCellValueFactory(p -> new ReadOnlyStringWrapper(f.apply(p.getValue())));
    return c;
  }
}

package dev.waymark.ui.shell;

import dev.waymark.ui.common.Icons;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ToolBar;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/**
 * The icons of the studio's menus and toolbar, by the id of the item they decorate: one table, so the menus keep
 * their one-line items and a new item without an entry simply has no icon.
 */
final class StudioIcons {
  private static final Map<String, Ikon> MENU = Map.ofEntries(
      Map.entry("menu-new", Feather.FILE_PLUS),
      Map.entry("menu-open", Feather.FOLDER),
      Map.entry("menu-save", Feather.SAVE),
      Map.entry("menu-export", Feather.DOWNLOAD),
      Map.entry("menu-copy-yaml", Feather.COPY),
      Map.entry("menu-inspect", Feather.FILE_TEXT),
      Map.entry("menu-replay", Feather.REPEAT),
      Map.entry("menu-settings", Feather.SETTINGS),
      Map.entry("menu-quit", Feather.LOG_OUT),
      Map.entry("menu-observe", Feather.REFRESH_CW),
      Map.entry("menu-apply", Feather.CORNER_DOWN_LEFT),
      Map.entry("menu-approve", Feather.CHECK),
      Map.entry("menu-reject", Feather.X),
      Map.entry("menu-edit", Feather.EDIT_2),
      Map.entry("menu-takeover", Feather.MOUSE_POINTER),
      Map.entry("menu-undo", Feather.ROTATE_CCW),
      Map.entry("menu-shortcuts", Feather.COMMAND));

  /** Toolbar buttons: the icon, and what the tooltip says when the view set none. */
  private record Tool(Ikon icon, String tip) {}

  private static final Map<String, Tool> TOOLBAR = Map.of(
      "ask-model", new Tool(Feather.MESSAGE_SQUARE,
          "Ask the model for the next decision (start Waymark with -Dwaymark.model or WAYMARK_MODEL to configure one)"),
      "run-model", new Tool(Feather.PLAY,
          "Let the model decide turn after turn (start Waymark with -Dwaymark.model or WAYMARK_MODEL to configure one)"),
      "stop-model", new Tool(Feather.STOP_CIRCLE, "Stop the model after the turn it is in"));

  private StudioIcons() {}

  static void decorate(Iterable<Menu> menus) {
    for (Menu m : menus) decorate(m);
  }

  private static void decorate(Menu menu) {
    for (MenuItem item : menu.getItems()) {
      if (item instanceof Menu sub) decorate(sub);
      else if (item.getId() != null && MENU.containsKey(item.getId()) && item.getGraphic() == null) {
        Icons.on(item, MENU.get(item.getId()));
      }
    }
  }

  static void decorate(ToolBar bar) {
    for (Node n : bar.getItems()) {
      if (n instanceof ButtonBase b && b.getId() != null && TOOLBAR.containsKey(b.getId())) {
        Tool t = TOOLBAR.get(b.getId());
        Icons.on(b, t.icon(), t.tip());
      }
    }
  }
}

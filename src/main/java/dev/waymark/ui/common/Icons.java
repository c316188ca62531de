package dev.waymark.ui.common;

import javafx.scene.control.ButtonBase;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The studio's icons (Ikonli's Feather pack). An icon sits beside text, never instead of it, unless the control
 * also has a tooltip and accessible text that say what it does. Icon colours come from the theme's looked-up
 * colours (the stylesheet), so an icon reads in the light and the dark theme alike.
 */
public final class Icons {
  private Icons() {}

  /** A fresh icon node (a node has one parent: every control gets its own). */
  public static FontIcon of(Ikon ikon) {
    FontIcon icon = new FontIcon(ikon);
    icon.getStyleClass().add(Styles.ICON);
    return icon;
  }

  /** Puts the icon before the control's text. */
  public static <T extends Labeled> T on(T control, Ikon ikon) {
    control.setGraphic(of(ikon));
    return control;
  }

  /** The icon before the button's text, a tooltip that says what it does (unless it has one), and the same words for screen readers. */
  public static <T extends ButtonBase> T on(T button, Ikon ikon, String tip) {
    on(button, ikon);
    if (button.getTooltip() == null && tip != null && !tip.isBlank()) button.setTooltip(new Tooltip(tip));
    if (button.getTooltip() != null) button.setAccessibleHelp(button.getTooltip().getText());
    if (button.getAccessibleText() == null) button.setAccessibleText(button.getText());
    return button;
  }

  /** The icon before a menu item's text. */
  public static MenuItem on(MenuItem item, Ikon ikon) {
    item.setGraphic(of(ikon));
    return item;
  }
}

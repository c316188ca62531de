package dev.waymark.ui.common;

import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/**
 * A table cell for a step's state word (ok, done, failed, skipped, healed, uncertain, waiting): the word with an
 * icon and the theme's success, danger, warning or muted colour, so a state never depends on colour or a glyph
 * alone and reads in both themes.
 */
public final class StateCell<T> extends TableCell<T, String> {
  /** How a state looks: its icon and its style class (one of the {@code Styles.STATE_*}). */
  public record Look(Ikon icon, String styleClass) {}

  private final boolean iconOnly;

  /** The word with its icon. */
  public StateCell() {
    this(false);
  }

  /** Icon only, for a narrow column: the word is then the tooltip and what a screen reader says. */
  public StateCell(boolean iconOnly) {
    this.iconOnly = iconOnly;
  }

  @Override
  protected void updateItem(String state, boolean empty) {
    super.updateItem(state, empty);
    setText(null);
    setTooltip(null);
    setAccessibleText(null);
    if (empty || state == null || state.isBlank()) {
      setGraphic(null);
      return;
    }
    Look look = look(state);
    Label l = new Label(iconOnly ? null : state, Icons.of(look.icon()));
    l.getStyleClass().addAll(Styles.STATE, look.styleClass());
    setGraphic(l);
    if (iconOnly) {
      setTooltip(new Tooltip(state));
      setAccessibleText(state);
    }
  }

  /** The look of a state word; an unknown word gets a neutral dot. */
  public static Look look(String state) {
    String s = state.toLowerCase(Locale.ROOT);
    if (s.startsWith("failed")) return new Look(Feather.X_CIRCLE, s.contains("optional") ? Styles.STATE_WARN : Styles.STATE_FAILED);
    return switch (s) {
      case "ok" -> new Look(Feather.CHECK_CIRCLE, Styles.STATE_OK);
      case "done" -> new Look(Feather.FLAG, Styles.STATE_OK);
      case "healed" -> new Look(Feather.TOOL, Styles.STATE_WARN);
      case "uncertain" -> new Look(Feather.HELP_CIRCLE, Styles.STATE_WARN);
      case "skipped" -> new Look(Feather.SKIP_FORWARD, Styles.STATE_MUTED);
      case "waiting" -> new Look(Feather.CLOCK, Styles.STATE_MUTED);
      default -> new Look(Feather.CIRCLE, Styles.STATE_MUTED);
    };
  }
}

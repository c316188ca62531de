package dev.waymark.ui.observation;

import dev.waymark.ui.common.Styles;
import javafx.css.PseudoClass;
import javafx.scene.control.TreeTableRow;

/**
 * A row of the observation tree, styled by what it stands for. The styles are pseudo-classes (named as the
 * {@link Styles} row classes) rather than style classes: a row is reused for another item on every scroll and
 * refresh, and changing its style-class list makes JavaFX re-resolve CSS for the row and all its cells, and lay
 * the tree out again, even when the classes end up the same; a pseudo-class that keeps its state costs nothing.
 */
final class ObsTreeRow extends TreeTableRow<ObsRow> {
  static final PseudoClass SECTION = PseudoClass.getPseudoClass(Styles.ROW_SECTION);
  static final PseudoClass GROUP = PseudoClass.getPseudoClass(Styles.ROW_GROUP);
  static final PseudoClass MUTED = PseudoClass.getPseudoClass(Styles.ROW_MUTED);
  static final PseudoClass BANNER = PseudoClass.getPseudoClass(Styles.BANNER_MODAL);

  @Override
  protected void updateItem(ObsRow item, boolean empty) {
    super.updateItem(item, empty);
    ObsRow.Kind kind = empty || item == null ? null : item.kind();
    boolean muted = kind != null && switch (kind) {
      case RUN, HEADING, FIELD, PAGINATION -> true;
      case NODE -> item.node() != null && (item.node().disabled() || item.node().obscured());
      default -> false;
    };
    pseudoClassStateChanged(SECTION, kind == ObsRow.Kind.SECTION || kind == ObsRow.Kind.HEADINGS);
    pseudoClassStateChanged(GROUP, kind == ObsRow.Kind.LIST);
    pseudoClassStateChanged(BANNER, kind == ObsRow.Kind.BANNER);
    pseudoClassStateChanged(MUTED, muted);
  }
}

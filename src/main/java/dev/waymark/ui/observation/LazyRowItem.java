package dev.waymark.ui.observation;

import javafx.collections.ObservableList;
import javafx.scene.control.TreeItem;

/** A tree item that creates its children on first use, so a 10,000-element page costs only what is expanded. */
final class LazyRowItem extends TreeItem<ObsRow> {
  private boolean loaded;

  LazyRowItem(ObsRow row) {
    super(row);
  }

  @Override
  public boolean isLeaf() {
    return getValue().children().isEmpty();
  }

  @Override
  public ObservableList<TreeItem<ObsRow>> getChildren() {
    if (!loaded) {
      loaded = true;
      java.util.List<TreeItem<ObsRow>> kids = new java.util.ArrayList<>(getValue().children().size());
      for (ObsRow r : getValue().children()) kids.add(new LazyRowItem(r));
      super.getChildren().setAll(kids);
    }
    return super.getChildren();
  }

  boolean loaded() {
    return loaded;
  }
}

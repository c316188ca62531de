package dev.waymark.ui.observation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.ObservableList;
import javafx.scene.control.TreeItem;

/**
 * A tree item that creates its children on first use, so a 10,000-element page costs only what is expanded, and
 * that takes a new observation's row in place (see {@link #update}), so an item outlives refreshes of its row.
 */
final class LazyRowItem extends TreeItem<ObsRow> {
  private boolean loaded;

  LazyRowItem(ObsRow row) {
    super(row);
    // Make the children as the item opens, not when the skin first counts rows in its layout pass: children
    // added during layout ask for another layout, which costs the person a second pass over the tree.
    expandedProperty().addListener((o, was, open) -> {
      if (open) getChildren();
    });
  }

  @Override
  public boolean isLeaf() {
    return getValue().children().isEmpty();
  }

  @Override
  public ObservableList<TreeItem<ObsRow>> getChildren() {
    if (!loaded) {
      loaded = true;
      List<TreeItem<ObsRow>> kids = new ArrayList<>(getValue().children().size());
      for (ObsRow r : getValue().children()) kids.add(new LazyRowItem(r));
      super.getChildren().setAll(kids);
    }
    return super.getChildren();
  }

  boolean loaded() {
    return loaded;
  }

  /**
   * Takes the row of a new observation with the same key. Children that were made are matched by key: a survivor
   * keeps its item (and so its expansion), a new key gets a new item, a missing one goes; the children list is
   * only touched when that changes its items. Children never made come from the new row when first needed.
   */
  void update(ObsRow row) {
    if (getValue() != row) setValue(row);
    if (!loaded) {
      // An open item shows its children, so make them now (from the new row); a closed one can wait.
      if (isExpanded()) getChildren();
      return;
    }
    ObservableList<TreeItem<ObsRow>> current = super.getChildren();
    Map<String, LazyRowItem> byKey = new HashMap<>(current.size() * 2);
    for (TreeItem<ObsRow> c : current) byKey.put(c.getValue().key(), (LazyRowItem) c);
    List<TreeItem<ObsRow>> next = new ArrayList<>(row.children().size());
    boolean same = current.size() == row.children().size();
    for (ObsRow r : row.children()) {
      LazyRowItem item = byKey.remove(r.key());
      if (item == null) {
        item = new LazyRowItem(r);
      } else {
        item.update(r);
      }
      if (same) same = current.get(next.size()) == item;
      next.add(item);
    }
    if (!same) current.setAll(next);
  }
}

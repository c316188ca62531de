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
   * Takes the row of a new observation with the same key. Children that were made are matched by key (see
   * {@link #matched}); the children list is only touched when that changes its items. Children never made come
   * from the new row when first needed.
   */
  void update(ObsRow row) {
    if (getValue() != row) setValue(row);
    if (!loaded) {
      // An open item shows its children, so make them now (from the new row); a closed one can wait.
      if (isExpanded()) getChildren();
      return;
    }
    ObservableList<TreeItem<ObsRow>> current = super.getChildren();
    List<TreeItem<ObsRow>> next = matched(row.children(), current);
    boolean same = current.size() == next.size();
    for (int i = 0; same && i < next.size(); i++) same = current.get(i) == next.get(i);
    if (!same) current.setAll(next);
  }

  /**
   * Items for these rows: a row whose key had an item keeps it (updated, so its expansion and made children
   * stay), a new key gets a new item; items of keys that are gone are left out.
   */
  static List<TreeItem<ObsRow>> matched(List<ObsRow> rows, List<TreeItem<ObsRow>> previous) {
    Map<String, LazyRowItem> byKey = new HashMap<>(previous.size() * 2);
    for (TreeItem<ObsRow> c : previous) byKey.put(c.getValue().key(), (LazyRowItem) c);
    List<TreeItem<ObsRow>> next = new ArrayList<>(rows.size());
    for (ObsRow r : rows) {
      LazyRowItem item = byKey.remove(r.key());
      if (item == null) {
        item = new LazyRowItem(r);
      } else {
        item.update(r);
      }
      next.add(item);
    }
    return next;
  }

  /** Whether taking this row would add, remove, reorder or make any child item under this one. */
  boolean reshapes(ObsRow row) {
    if (!loaded) return isExpanded();
    List<TreeItem<ObsRow>> current = super.getChildren();
    List<ObsRow> rows = row.children();
    if (current.size() != rows.size()) return true;
    for (int i = 0; i < rows.size(); i++) {
      if (!current.get(i).getValue().key().equals(rows.get(i).key())) return true;
      if (((LazyRowItem) current.get(i)).reshapes(rows.get(i))) return true;
    }
    return false;
  }
}

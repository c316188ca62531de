package dev.waymark.ui.observation;

import java.util.List;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;

/**
 * Lays the tree out on small sample pages, right after its skin exists and before any page arrives, emptying it
 * again within the same FX event (so nothing of it is ever drawn). The first page of a session then finds the
 * row and cell classes loaded, their CSS resolved and cells in the flow's pile, instead of paying for all of that
 * while the person waits for it. Two samples, a pulse apart, so neither blocks the FX thread for long: a page
 * with a long open section, then a filtered-looking one with many short open sections (rows change kind in place).
 * Apart from {@link ObservationView} because it is a start-up cost of the tree, not part of showing a page; the view
 * only asks whether it is running (selections made by it are not the person's).
 */
final class TreeWarmUp {
  private final TreeTableView<ObsRow> tree;
  private boolean warming;
  private boolean warmed;
  private long warmUpNanos;

  TreeWarmUp(TreeTableView<ObsRow> tree) {
    this.tree = tree;
  }

  /** Starts once the tree has its first skin; the first sample is laid out on the next FX event. */
  void startWithTheSkin() {
    tree.skinProperty().addListener((o, a, b) -> {
      if (b != null && a == null) Platform.runLater(() -> warmUp(0));
    });
  }

  private void warmUp(int stage) {
    if (tree.getScene() == null || !(tree.getRoot() instanceof LazyRowItem root) || !root.getChildren().isEmpty()) {
      warmed = true;
      return;
    }
    long t0 = System.nanoTime();
    warming = true;
    try {
      ObsRow empty = root.getValue();
      root.update(new ObsRow(ObsRow.Kind.SECTION, "root", null, null, "", null, null, null, null, null,
          stage == 0 ? sampleRows() : shortSections()));
      for (TreeItem<ObsRow> c : root.getChildren()) c.setExpanded(true);
      tree.getSelectionModel().select(3);
      tree.applyCss();
      tree.layout();
      tree.getSelectionModel().clearSelection();
      tree.getFocusModel().focus(-1);
      root.update(empty);
      tree.layout();
    } finally {
      warming = false;
    }
    warmUpNanos = Math.max(warmUpNanos, System.nanoTime() - t0);
    if (stage > 0) {
      warmed = true;
      return;
    }
    Scene scene = tree.getScene();
    scene.addPostLayoutPulseListener(new Runnable() {
      @Override
      public void run() {
        scene.removePostLayoutPulseListener(this);
        Platform.runLater(() -> warmUp(1));
      }
    });
    Platform.requestNextPulse();
  }

  /** Whether a sample is in the tree right now: what it selects is not the person's selection. */
  boolean running() {
    return warming;
  }

  /** Whether the warm-up is over (or was not needed). */
  boolean done() {
    return warmed;
  }

  /** The longest FX block of the warm-up, for the benchmark; 0 until it ran. */
  long longestNanos() {
    return warmUpNanos;
  }

  private static List<ObsRow> shortSections() {
    List<ObsRow> sections = new java.util.ArrayList<>();
    for (int s = 0; s < 12; s++) {
      List<ObsRow> nodes = new java.util.ArrayList<>();
      for (int i = 0; i < 2; i++) {
        nodes.add(new ObsRow(ObsRow.Kind.NODE, "warm|" + (s * 7 + i), "e" + i, "link", "Sample element " + s + "." + i,
            null, "", "#sample-" + s + "-" + i, null, null, List.of()));
      }
      nodes.add(ObsRow.leaf(ObsRow.Kind.RUN, "warm|run" + s, "+2 similar links collapsed", null));
      sections.add(new ObsRow(ObsRow.Kind.SECTION, "warm|section" + s, null, null, "Sample " + s, "2 elements", null,
          null, null, null, nodes));
    }
    return sections;
  }

  private static List<ObsRow> sampleRows() {
    List<ObsRow> nodes = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      nodes.add(new ObsRow(ObsRow.Kind.NODE, "warm|" + i, "e" + i, i % 2 == 0 ? "button" : "link", "Sample element " + i,
          i % 3 == 0 ? "value " + i : null, i % 4 == 0 ? "disabled offscreen" : "", "#sample-" + i, null, null, List.of()));
    }
    nodes.add(ObsRow.leaf(ObsRow.Kind.RUN, "warm|run", "+3 similar buttons collapsed", null));
    List<ObsRow> fields = List.of(ObsRow.leaf(ObsRow.Kind.FIELD, "warm|field", "title", "Sample"),
        ObsRow.leaf(ObsRow.Kind.PAGINATION, "warm|pager", "next", "link"));
    nodes.add(new ObsRow(ObsRow.Kind.LIST, "warm|list", "e99", "list", "3 items", null, null, "ul", null, null, fields));
    return List.of(ObsRow.leaf(ObsRow.Kind.BANNER, "warm|banner", "Modal: sample", "sample"),
        new ObsRow(ObsRow.Kind.HEADINGS, "warm|headings", null, null, "Headings (1)", null, null, null, null, null,
            List.of(ObsRow.leaf(ObsRow.Kind.HEADING, "warm|h", "Sample", null))),
        new ObsRow(ObsRow.Kind.SECTION, "warm|section", null, null, "Sample", "40 elements", null, null, null, null, nodes));
  }
}

package dev.waymark.ui.observation;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The floor for {@link ObservationTreeBenchmark}: a bare TreeTableView (Modena, default rows and cells, all tree
 * items made before the clock starts, a new page written into the same items in place) run through the same
 * scenario in a fresh JVM, so its first page is as cold as the studio's. Prints {@code FLOOR|round|step|fx|shown}.
 */
final class TreeFloor implements TreeScenario.Subject {
  private final TreeTableView<ObsRow> tree = new TreeTableView<>();
  private final Scene scene;

  private TreeFloor(double width, double height) {
    tree.setShowRoot(false);
    for (String title : List.of("Name", "Ref", "Role", "Value", "Flags")) {
      TreeTableColumn<ObsRow, String> c = new TreeTableColumn<>(title);
      c.setCellValueFactory(p -> new ReadOnlyStringWrapper(p.getValue().getValue() == null ? "" : switch (title) {
        case "Name" -> p.getValue().getValue().name();
        case "Ref" -> p.getValue().getValue().ref();
        case "Role" -> p.getValue().getValue().role();
        case "Value" -> p.getValue().getValue().value();
        default -> p.getValue().getValue().flags();
      }));
      tree.getColumns().add(c);
    }
    scene = new Scene(new StackPane(tree), width, height);
  }

  @Override
  public Scene scene() {
    return scene;
  }

  @Override
  public void reset() {
    tree.setRoot(null);
  }

  @Override
  public TreeTableView<ObsRow> tree() {
    return tree;
  }

  // Items for the next show, made before the clock starts: the floor pays only for what the control does.
  private TreeItem<ObsRow> prepared;

  @Override
  public void show(List<ObsRow> rows, boolean filtering) {
    TreeItem<ObsRow> root = tree.getRoot();
    if (root != null && sameShape(root.getChildren(), rows)) {
      write(root.getChildren(), rows);
      return;
    }
    TreeItem<ObsRow> sel = tree.getSelectionModel().getSelectedItem();
    tree.setRoot(prepared);
    if (sel != null) {
      TreeItem<ObsRow> again = find(prepared, sel.getValue().key());
      if (again != null) tree.getSelectionModel().select(again);
    }
  }

  @Override
  public void prepare(List<ObsRow> rows, boolean filtering) {
    Set<String> open = new HashSet<>();
    if (tree.getRoot() != null) expanded(tree.getRoot(), open);
    int elements = rows.stream().mapToInt(ObsRow::elementCount).sum();
    TreeItem<ObsRow> root = new TreeItem<>(new ObsRow(ObsRow.Kind.SECTION, "root", null, null, "", null, null, null, null, null, rows));
    root.setExpanded(true);
    for (ObsRow r : rows) root.getChildren().add(item(r, open, filtering && elements <= 400));
    prepared = root;
  }

  private static TreeItem<ObsRow> item(ObsRow r, Set<String> open, boolean openSections) {
    TreeItem<ObsRow> i = new TreeItem<>(r);
    for (ObsRow c : r.children()) i.getChildren().add(item(c, open, false));
    i.setExpanded(open.contains(r.key()) || openSections && r.kind() == ObsRow.Kind.SECTION);
    return i;
  }

  private static void expanded(TreeItem<ObsRow> i, Set<String> out) {
    for (TreeItem<ObsRow> c : i.getChildren()) {
      if (c.isExpanded()) out.add(c.getValue().key());
      expanded(c, out);
    }
  }

  private static TreeItem<ObsRow> find(TreeItem<ObsRow> i, String key) {
    for (TreeItem<ObsRow> c : i.getChildren()) {
      if (c.getValue().key().equals(key)) return c;
      TreeItem<ObsRow> f = find(c, key);
      if (f != null) return f;
    }
    return null;
  }

  private static boolean sameShape(List<TreeItem<ObsRow>> items, List<ObsRow> rows) {
    if (items.size() != rows.size()) return false;
    for (int i = 0; i < rows.size(); i++) {
      if (!items.get(i).getValue().key().equals(rows.get(i).key())) return false;
      if (!sameShape(items.get(i).getChildren(), rows.get(i).children())) return false;
    }
    return true;
  }

  private static void write(List<TreeItem<ObsRow>> items, List<ObsRow> rows) {
    for (int i = 0; i < rows.size(); i++) {
      TreeItem<ObsRow> item = items.get(i);
      item.setValue(rows.get(i));
      // Only what is on screen or one expand away has to change now; that is what the floor charges for.
      if (item.isExpanded() || item.getParent() != null && item.getParent().getParent() == null) {
        write(item.getChildren(), rows.get(i).children());
      }
    }
  }

  /** Runs the scenario on a bare tree of the given size and prints one line per step. */
  public static void main(String[] args) {
    int status = 0;
    try {
      run(args);
    } catch (Throwable e) {
      e.printStackTrace(System.out);
      status = 1;
    }
    // The FX thread is not a daemon: leave even when a step failed.
    System.exit(status);
  }

  private static void run(String[] args) throws Exception {
    CountDownLatch up = new CountDownLatch(1);
    Platform.startup(up::countDown);
    up.await();
    TreeFloor floor = TreeScenario.onFx(() -> {
      TreeFloor f = new TreeFloor(Double.parseDouble(args[0]), Double.parseDouble(args[1]));
      Stage stage = new Stage();
      stage.setScene(f.scene);
      stage.show();
      return f;
    });
    List<TreeScenario.Result> rounds = TreeScenario.rounds(floor);
    for (int i = 0; i < rounds.size(); i++) {
      int round = i;
      rounds.get(i).costs().forEach((k, v) -> System.out.println("FLOOR|" + round + "|" + k + "|" + v.fxMs() + "|" + v.shownMs()));
    }

  }

}

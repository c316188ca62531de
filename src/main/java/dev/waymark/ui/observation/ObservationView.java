package dev.waymark.ui.observation;

import dev.waymark.ui.common.Styles;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The live page as a tree: banners, headings, then elements and lists by section; filter, select, take over. The
 * filter ({@link ObservationFilterBar}), the take-over bar and the tree's context menu ({@link TakeOverBar}) and the
 * tree's warm-up before the first page ({@link TreeWarmUp}) are built apart.
 */
public final class ObservationView extends BorderPane {
  /** The height of a tree row: one line of the studio's 12.5px font with Modena's cell padding. */
  static final double ROW_HEIGHT = 24;
  private final ObservationViewModel vm;
  private final TreeTableView<ObsRow> tree = new TreeTableView<>();
  private final TreeWarmUp warmUp = new TreeWarmUp(tree);
  private PictureView picture;
  private boolean everShown;

  /** The tree alone (no picture beside it). */
  public ObservationView(ObservationViewModel vm) {
    this(vm, null);
  }

  /** The tree, and with {@code pictureVm} the page's picture beside it behind the Picture toggle. */
  public ObservationView(ObservationViewModel vm, PictureViewModel pictureVm) {
    this.vm = vm;
    setId("observation-view");
    getStyleClass().add(Styles.PANEL);

    Label title = new Label("Page");
    title.getStyleClass().add(Styles.PANEL_TITLE);
    Label pageLabel = new Label();
    pageLabel.setId("observation-page");
    pageLabel.textProperty().bind(vm.pageLabelProperty());
    pageLabel.getStyleClass().add(Styles.HINT);
    pageLabel.setMaxWidth(Double.MAX_VALUE);
    HBox.setHgrow(pageLabel, Priority.ALWAYS);
    Button observe = new Button("Observe");
    observe.setId("observe-button");
    observe.setTooltip(new Tooltip("Read the page again (F5)"));
    observe.disableProperty().bind(vm.busyProperty());
    observe.setOnAction(e -> vm.observe());
    title.setMinWidth(Region.USE_PREF_SIZE);
    observe.setMinWidth(Region.USE_PREF_SIZE);
    pageLabel.setMinWidth(0);
    HBox head = new HBox(8, title, pageLabel, observe);
    head.setAlignment(Pos.CENTER_LEFT);

    HBox historicBar = new HBox(8);
    historicBar.setId("observation-historic");
    historicBar.getStyleClass().add(Styles.BANNER);
    Label historicLabel = new Label();
    historicLabel.textProperty().bind(vm.historicLabelProperty());
    historicLabel.setMaxWidth(Double.MAX_VALUE);
    HBox.setHgrow(historicLabel, Priority.ALWAYS);
    Button backToLive = new Button("Back to the live page");
    backToLive.setId("observation-live");
    backToLive.setOnAction(e -> vm.backToLive());
    historicBar.getChildren().addAll(historicLabel, backToLive);
    historicBar.visibleProperty().bind(vm.historicProperty());
    historicBar.managedProperty().bind(vm.historicProperty());
    historicBar.setAlignment(Pos.CENTER_LEFT);

    VBox top = new VBox(6, head, new ObservationFilterBar(vm), historicBar);
    top.setPadding(new Insets(0, 0, 6, 0));
    setTop(top);

    buildTree();
    setCenter(tree);
    if (pictureVm != null) addPicture(pictureVm, head);
    TakeOverBar takeOver = new TakeOverBar(vm);
    tree.setContextMenu(takeOver.treeMenu());
    setBottom(takeOver);
    vm.rowsProperty().addListener((o, a, b) -> applyRows(b, vm.filtering()));
    applyRows(vm.rowsProperty().get(), vm.filtering());
  }

  private void buildTree() {
    tree.setId("observation-tree");
    tree.setShowRoot(false);
    tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    // Every row is one line, so the flow need not measure each new cell (CSS and text layout per cell) to place it.
    tree.setFixedCellSize(ROW_HEIGHT);
    tree.setPlaceholder(new Label("No page yet. Connect a browser, then press Observe."));
    TreeTableColumn<ObsRow, String> name = column("Name", 240, r -> r.name());
    TreeTableColumn<ObsRow, String> ref = column("Ref", 60, r -> r.ref());
    TreeTableColumn<ObsRow, String> role = column("Role", 90, r -> r.role());
    TreeTableColumn<ObsRow, String> value = column("Value", 120, r -> r.value());
    TreeTableColumn<ObsRow, String> flags = column("Flags", 120, r -> r.flags());
    // A narrow window shrinks the name first: a ref cut to "…" is a ref nobody can type into a decision.
    ref.setMinWidth(48);
    role.setMinWidth(64);
    name.setMinWidth(120);
    tree.getColumns().setAll(List.of(name, ref, role, value, flags));
    tree.setTreeColumn(name);
    tree.setRowFactory(t -> new ObsTreeRow());
    tree.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
      if (!warmUp.running()) vm.select(b == null ? null : b.getValue());
    });
    warmUp.startWithTheSkin();
  }

  private static TreeTableColumn<ObsRow, String> column(String title, double width,
      java.util.function.Function<ObsRow, String> f) {
    TreeTableColumn<ObsRow, String> c = new TreeTableColumn<>(title);
    c.setPrefWidth(width);
    c.setCellValueFactory(p -> new javafx.beans.property.ReadOnlyStringWrapper(
        p.getValue() == null || p.getValue().getValue() == null ? "" : nullToEmpty(f.apply(p.getValue().getValue()))));
    c.setSortable(false);
    return c;
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }

  /**
   * Shows new rows in the same tree items wherever a row's key survived, so expansion stays on the item, the
   * skin keeps its cells and only the values on screen change; items are made only for new keys, and children
   * only once a row is opened. The root is set once: a new root resets the selection and makes the skin start over.
   */
  void applyRows(List<ObsRow> rows, boolean filtering) {
    TreeItem<ObsRow> sel = tree.getSelectionModel().getSelectedItem();
    String selectedKey = sel == null || sel.getValue() == null ? null : sel.getValue().key();
    ObsRow rootRow = new ObsRow(ObsRow.Kind.SECTION, "root", null, null, "", null, null, null, null, null, rows);
    LazyRowItem root = tree.getRoot() instanceof LazyRowItem r ? r : null;
    boolean fresh = root == null;
    if (fresh) {
      root = new LazyRowItem(rootRow);
      root.setExpanded(true);
    }
    boolean firstPage = !everShown && !rows.isEmpty();
    boolean openSections = (firstPage || filtering) && rootRow.elementCount() <= 400;
    if (fresh || !root.reshapes(rootRow)) {
      if (!fresh) root.update(rootRow);
      if (openSections) open(root.getChildren());
    } else {
      // Every change to an attached item's children makes the tree recount all open rows and tell its selection
      // and focus models; with one change per section that is quadratic in the page. So the sections are taken
      // off the root, brought up to date while detached, and put back: two changes, whatever the page.
      root.setValue(rootRow);
      List<TreeItem<ObsRow>> previous = new java.util.ArrayList<>(root.getChildren());
      root.getChildren().clear();
      List<TreeItem<ObsRow>> next = LazyRowItem.matched(rows, previous);
      if (openSections) open(next);
      root.getChildren().setAll(next);
    }
    if (!rows.isEmpty()) everShown = true;
    if (fresh) tree.setRoot(root);
    if (selectedKey != null) {
      TreeItem<ObsRow> again = find(root, selectedKey);
      if (again == null) {
        tree.getSelectionModel().clearSelection();
      } else {
        for (TreeItem<ObsRow> p = again.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
        // Moving items within the children list can shift or drop the selected index; say again which item it is.
        if (tree.getSelectionModel().getSelectedItem() != again || tree.getSelectionModel().getSelectedIndices().size() != 1) {
          tree.getSelectionModel().select(again);
        } else {
          // Same item, new value (a new ref): tell listeners such as the selector field.
          vm.select(again.getValue());
        }
      }
    }
  }

  private static void open(List<TreeItem<ObsRow>> items) {
    for (TreeItem<ObsRow> item : items) {
      if (item.getValue().kind() == ObsRow.Kind.SECTION) item.setExpanded(true);
    }
  }

  /** Whether the warm-up is over (or was not needed). */
  boolean warmedUp() {
    return warmUp.done();
  }

  /** The longest FX block of the warm-up, for the benchmark; 0 until it ran. */
  long warmUpNanos() {
    return warmUp.longestNanos();
  }

  /** Finds the item for a key, creating children only along the path to it. */
  private static TreeItem<ObsRow> find(TreeItem<ObsRow> item, String key) {
    for (TreeItem<ObsRow> c : item.getChildren()) {
      if (key.equals(c.getValue().key())) return c;
      if (holds(c.getValue(), key)) return find(c, key);
    }
    return null;
  }

  private static boolean holds(ObsRow row, String key) {
    for (ObsRow c : row.children()) if (key.equals(c.key()) || holds(c, key)) return true;
    return false;
  }

  /** Selects an element's row (by its identity, so it works after a refresh) and puts focus on the take-over value. */
  public void takeOverOn(dev.waymark.observe.ObservedNode node, String action) {
    vm.backToLive();
    if (action != null && ObservationViewModel.TAKE_OVER_ACTIONS.contains(action)) vm.takeOverActionInputProperty().set(action);
    if (node != null && tree.getRoot() != null) {
      TreeItem<ObsRow> item = find(tree.getRoot(), ObservationTreeModel.key(node));
      if (item != null) {
        for (TreeItem<ObsRow> p = item.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
        tree.getSelectionModel().select(item);
        tree.scrollTo(tree.getRow(item));
      }
    }
    javafx.scene.Node value = lookup("#takeover-value");
    javafx.scene.Node target = "click".equals(vm.takeOverActionInputProperty().get()) ? lookup("#takeover-perform") : value;
    if (target != null) target.requestFocus();
  }

  public TreeTableView<ObsRow> tree() {
    return tree;
  }

  /** The page beside the tree: a toggle in the header, the picture in a split with the tree, hover and select shared. */
  private void addPicture(PictureViewModel pictureVm, HBox head) {
    javafx.beans.binding.StringBinding selectedRef = javafx.beans.binding.Bindings.createStringBinding(
        () -> vm.selectedProperty().get() == null ? null : vm.selectedProperty().get().ref(), vm.selectedProperty());
    picture = new PictureView(pictureVm, this::selectRef, selectedRef);
    javafx.scene.control.ToggleButton toggle = new javafx.scene.control.ToggleButton("Picture");
    toggle.setId("observation-picture");
    toggle.setTooltip(new javafx.scene.control.Tooltip("Show the page beside the tree (values blurred)"));
    toggle.setMinWidth(Region.USE_PREF_SIZE);
    toggle.selectedProperty().bindBidirectional(pictureVm.shownInputProperty());
    head.getChildren().add(head.getChildren().size() - 1, toggle);
    javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane();
    split.setId("observation-split");
    pictureVm.shownInputProperty().addListener((o, a, on) -> {
      if (on) {
        split.getItems().setAll(tree, picture);
        split.setDividerPositions(0.5);
        setCenter(split);
      } else {
        split.getItems().clear();
        setCenter(tree);
      }
    });
    tree.setRowFactory(t -> {
      ObsTreeRow row = new ObsTreeRow();
      row.hoverProperty().addListener((o, a, in) -> {
        ObsRow item = row.getItem();
        if (in && item != null && item.ref() != null) pictureVm.hover(item.ref());
        else if (!in && item != null && item.ref() != null && item.ref().equals(pictureVm.hoveredProperty().get())) pictureVm.hover(null);
      });
      return row;
    });
  }

  /** Selects the row of the element with {@code ref} on the live page (a click on its box in the picture). */
  public void selectRef(String ref) {
    dev.waymark.observe.PageObservation page = vm.pageProperty().get();
    if (ref == null || page == null || tree.getRoot() == null) return;
    for (dev.waymark.observe.ObservedNode n : page.nodes()) {
      if (!ref.equals(n.ref())) continue;
      TreeItem<ObsRow> item = find(tree.getRoot(), ObservationTreeModel.key(n));
      if (item == null) return;
      for (TreeItem<ObsRow> p = item.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
      tree.getSelectionModel().select(item);
      tree.scrollTo(tree.getRow(item));
      return;
    }
  }

  /** The picture beside the tree, or null when this view has none. */
  public PictureView picture() {
    return picture;
  }
}

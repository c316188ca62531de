package dev.waymark.ui.observation;

import dev.waymark.observe.PagePicture;
import dev.waymark.ui.common.Styles;
import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.value.ObservableStringValue;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;

/**
 * The page as the person sees it, beside the tree: the picture, a box over each observed element, the element under
 * the pointer lit on both sides, the selected element outlined, and refs as small labels on demand. Clicking a box
 * selects its row.
 */
public final class PictureView extends BorderPane {
  static final PseudoClass HOVER = PseudoClass.getPseudoClass("lit");
  static final PseudoClass SELECTED = PseudoClass.getPseudoClass("chosen");

  private final PictureViewModel vm;
  private final ImageView image = new ImageView();
  private final Pane boxes = new Pane();
  private final Map<String, Rectangle> byRef = new HashMap<>();
  private final Map<String, Label> labels = new HashMap<>();
  private final Consumer<String> choose;
  // Held: a binding passed in listens to its sources weakly and would be collected with no one holding it.
  private final ObservableStringValue selection;
  private String selectedRef;

  /**
   * @param choose what a click on a box does with its ref (selects the row)
   * @param selectedRef the ref of the row selected in the tree
   */
  public PictureView(PictureViewModel vm, Consumer<String> choose, ObservableStringValue selectedRef) {
    this.vm = vm;
    this.choose = choose;
    setId("picture-view");
    getStyleClass().add("wm-picture");
    CheckBox refs = new CheckBox("Refs");
    refs.setId("picture-refs");
    refs.selectedProperty().bindBidirectional(vm.refsShownInputProperty());
    Label status = new Label();
    status.setId("picture-status");
    status.getStyleClass().add(Styles.HINT);
    status.textProperty().bind(vm.statusProperty());
    status.setMinWidth(0);
    HBox.setHgrow(status, Priority.ALWAYS);
    HBox bar = new HBox(8, refs, status);
    bar.setAlignment(Pos.CENTER_LEFT);
    bar.setPadding(new Insets(0, 0, 4, 0));
    setTop(bar);

    image.setPreserveRatio(true);
    image.setSmooth(true);
    Pane stack = new Pane(image, boxes);
    stack.setId("picture-stack");
    ScrollPane scroll = new ScrollPane(stack);
    scroll.setFitToWidth(true);
    setCenter(scroll);
    setMinWidth(200);
    // The picture fits the pane's width; the boxes follow its scale.
    scroll.viewportBoundsProperty().addListener((o, a, b) -> fit(b.getWidth()));
    vm.pictureProperty().addListener((o, a, p) -> show(p, scroll.getViewportBounds().getWidth()));
    vm.refsShownInputProperty().addListener((o, a, on) -> labels.values().forEach(l -> l.setVisible(on)));
    vm.hoveredProperty().addListener((o, a, b) -> {
      if (a != null && byRef.containsKey(a)) byRef.get(a).pseudoClassStateChanged(HOVER, false);
      if (b != null && byRef.containsKey(b)) byRef.get(b).pseudoClassStateChanged(HOVER, true);
    });
    this.selection = selectedRef;
    selection.addListener((o, a, b) -> select(b));
    this.selectedRef = selection.get();
  }

  private void show(PagePicture p, double width) {
    boxes.getChildren().clear();
    byRef.clear();
    labels.clear();
    if (p == null) {
      image.setImage(null);
      return;
    }
    image.setImage(new Image(new ByteArrayInputStream(p.jpeg())));
    for (PagePicture.Box b : p.boxes()) {
      Rectangle r = new Rectangle();
      r.setId("picture-box-" + b.ref());
      r.getStyleClass().add("wm-picture-box");
      r.setUserData(b);
      r.setOnMouseEntered(e -> vm.hover(b.ref()));
      r.setOnMouseExited(e -> {
        if (b.ref().equals(vm.hoveredProperty().get())) vm.hover(null);
      });
      r.setOnMouseClicked(e -> choose.accept(b.ref()));
      Label l = new Label(b.ref());
      l.getStyleClass().add("wm-picture-ref");
      l.setUserData(b);
      l.setMouseTransparent(true);
      l.setVisible(vm.refsShownInputProperty().get());
      byRef.put(b.ref(), r);
      labels.put(b.ref(), l);
      boxes.getChildren().addAll(r, l);
    }
    select(selectedRef);
    fit(width);
  }

  private void fit(double width) {
    PagePicture p = vm.pictureProperty().get();
    if (p == null || width <= 0 || p.width() <= 0) return;
    double w = Math.max(100, width - 2);
    image.setFitWidth(w);
    double scale = w / p.width();
    for (Rectangle r : byRef.values()) {
      PagePicture.Box b = (PagePicture.Box) r.getUserData();
      r.setX(b.x() * scale);
      r.setY(b.y() * scale);
      r.setWidth(Math.max(2, b.w() * scale));
      r.setHeight(Math.max(2, b.h() * scale));
    }
    for (Label l : labels.values()) {
      PagePicture.Box b = (PagePicture.Box) l.getUserData();
      l.relocate(b.x() * scale, Math.max(0, b.y() * scale - 14));
    }
    boxes.setPrefSize(w, p.height() * scale);
    boxes.setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
  }

  private void select(String ref) {
    if (selectedRef != null && byRef.containsKey(selectedRef)) byRef.get(selectedRef).pseudoClassStateChanged(SELECTED, false);
    selectedRef = ref;
    if (ref != null && byRef.containsKey(ref)) byRef.get(ref).pseudoClassStateChanged(SELECTED, true);
  }

  /** The box drawn for {@code ref}, or null (for tests and the tree's hover). */
  public Rectangle box(String ref) {
    return byRef.get(ref);
  }
}

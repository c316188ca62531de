package dev.waymark.ui.observation;

import dev.waymark.ui.common.Styles;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Under the page tree: the selected element's selector (with Copy), and "Do it myself": an action, its value,
 * Perform and Record, so the person acts on the page and the action is recorded as their step. The tree's context
 * menu offers the same actions. Apart from {@link ObservationView} because acting on the page is its own job, with its
 * own rules (which actions need a value, when Perform is allowed); the view only shows and selects.
 */
final class TakeOverBar extends VBox {
  private final ObservationViewModel vm;
  private final TextField value = new TextField();

  TakeOverBar(ObservationViewModel vm) {
    super(6);
    this.vm = vm;
    TextField selector = new TextField();
    selector.setId("observation-selector");
    selector.setEditable(false);
    selector.getStyleClass().add(Styles.MONO);
    selector.textProperty().bind(vm.selectorTextProperty());
    selector.setPromptText("Select an element to see its selector; it is outlined in the page");
    HBox.setHgrow(selector, Priority.ALWAYS);
    Button copy = new Button("Copy");
    copy.setId("observation-copy-selector");
    copy.setOnAction(e -> copy(selector.getText()));
    copy.disableProperty().bind(selector.textProperty().isEmpty());
    Label selLabel = new Label("Selector");
    selLabel.getStyleClass().add(Styles.FIELD_LABEL);
    HBox selRow = new HBox(6, selLabel, selector, copy);
    selRow.setAlignment(Pos.CENTER_LEFT);

    Label takeLabel = new Label("Do it myself");
    takeLabel.getStyleClass().add(Styles.FIELD_LABEL);
    ComboBox<String> action = new ComboBox<>();
    action.setId("takeover-action");
    action.getItems().setAll(ObservationViewModel.TAKE_OVER_ACTIONS);
    action.valueProperty().bindBidirectional(vm.takeOverActionInputProperty());
    value.setId("takeover-value");
    value.getStyleClass().add(Styles.MONO);
    value.setPromptText("value, {{ token }}, key or address");
    value.textProperty().bindBidirectional(vm.takeOverValueInputProperty());
    value.disableProperty().bind(vm.takeOverActionInputProperty().isEqualTo("click"));
    HBox.setHgrow(value, Priority.ALWAYS);
    Button perform = new Button("Perform");
    perform.setId("takeover-perform");
    perform.setTooltip(new Tooltip("Perform this action on the selected element; it is recorded as your step"));
    perform.disableProperty().bind(vm.busyProperty().or(Bindings.createBooleanBinding(
        () -> !"navigate".equals(vm.takeOverActionInputProperty().get())
            && (vm.selectedProperty().get() == null || !vm.selectedProperty().get().isElement()),
        vm.takeOverActionInputProperty(), vm.selectedProperty())));
    perform.setOnAction(e -> vm.performTakeOver());
    value.setOnAction(e -> { if (!perform.isDisabled()) vm.performTakeOver(); });
    javafx.scene.control.ToggleButton record = new javafx.scene.control.ToggleButton("Record");
    record.setId("record-toggle");
    record.setTooltip(new Tooltip("Record what you do in the page yourself; each action becomes your step"));
    record.setOnAction(e -> vm.setRecording(record.isSelected()));
    vm.recordingProperty().addListener((o, a, b) -> record.setSelected(b));
    record.setMinWidth(Region.USE_PREF_SIZE);
    perform.setMinWidth(Region.USE_PREF_SIZE);
    HBox takeRow = new HBox(6, takeLabel, action, value, perform, record);
    takeRow.setAlignment(Pos.CENTER_LEFT);
    getChildren().addAll(selRow, takeRow);
    setPadding(new Insets(6, 0, 0, 0));
  }

  /** The tree's context menu: each action on the element itself (click at once, the others to the value), Copy selector. */
  ContextMenu treeMenu() {
    ContextMenu menu = new ContextMenu();
    for (String action : List.of("click", "fill", "select", "press")) {
      MenuItem mi = new MenuItem(Character.toUpperCase(action.charAt(0)) + action.substring(1) + " this element myself");
      mi.setOnAction(e -> {
        vm.takeOverActionInputProperty().set(action);
        if ("click".equals(action)) vm.performTakeOver();
        else value.requestFocus();
      });
      menu.getItems().add(mi);
    }
    MenuItem copySel = new MenuItem("Copy selector");
    copySel.setOnAction(e -> copy(vm.selectorTextProperty().get()));
    menu.getItems().add(copySel);
    return menu;
  }

  private static void copy(String text) {
    if (text == null || text.isEmpty()) return;
    ClipboardContent c = new ClipboardContent();
    c.putString(text);
    Clipboard.getSystemClipboard().setContent(c);
  }
}

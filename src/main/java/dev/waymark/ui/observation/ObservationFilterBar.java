package dev.waymark.ui.observation;

import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.controlsfx.control.textfield.CustomTextField;
import org.controlsfx.control.textfield.TextFields;

/**
 * The filter above the page tree: free text (text, ref or selector) and a role chosen from the roles on the page.
 * Apart from {@link ObservationView} because it keeps a rule of its own: when the page's roles change, the chosen
 * role stays if the page still has it, else the filter falls back to any role.
 */
final class ObservationFilterBar extends HBox {
  ObservationFilterBar(ObservationViewModel vm) {
    super(6);
    CustomTextField filter = (CustomTextField) TextFields.createClearableTextField();
    filter.setId("observation-filter");
    filter.setPromptText("Filter by text, ref or selector");
    filter.textProperty().bindBidirectional(vm.filterTextInputProperty());
    HBox.setHgrow(filter, Priority.ALWAYS);
    ComboBox<String> role = new ComboBox<>();
    role.setId("observation-role");
    role.setPromptText("Any role");
    role.getItems().add("");
    vm.roles().addListener((javafx.collections.ListChangeListener<String>) c -> {
      String keep = role.getValue();
      role.getItems().setAll(vm.roles());
      role.getItems().add(0, "");
      role.setValue(vm.roles().contains(keep) ? keep : "");
    });
    role.valueProperty().addListener((o, a, b) -> vm.setFilterRole(b));
    role.setButtonCell(new javafx.scene.control.ListCell<>() {
      @Override
      protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty || item == null || item.isEmpty() ? "Any role" : item);
      }
    });
    getChildren().addAll(filter, role);
    setAlignment(Pos.CENTER_LEFT);
  }
}

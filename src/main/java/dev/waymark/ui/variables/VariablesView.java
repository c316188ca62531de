package dev.waymark.ui.variables;

import dev.waymark.ui.common.Styles;
import java.util.HashMap;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Declared variables with descriptions, and a masked field per variable for its value in this session. */
public final class VariablesView extends VBox {
  private final VariablesViewModel vm;
  private final VBox grid = new VBox(8);
  // Fields survive a refresh so a value being typed is not lost when another variable changes.
  private final Map<String, PasswordField> valueFields = new HashMap<>();
  private final Map<String, TextField> descriptionFields = new HashMap<>();
  private final Map<String, CheckBox> rememberBoxes = new HashMap<>();

  public VariablesView(VariablesViewModel vm) {
    this.vm = vm;
    setId("variables-view");
    getStyleClass().add(Styles.PANEL);
    setSpacing(6);
    Label title = new Label("Variables");
    title.getStyleClass().add(Styles.PANEL_TITLE);
    Label hint = new Label("Steps write {{ name }}; the value is typed into the page and never saved, exported or logged.");
    hint.getStyleClass().add(Styles.HINT);
    hint.setWrapText(true);

    grid.setId("variables-grid");

    TextField newName = new TextField();
    newName.setId("variable-name");
    newName.setPromptText("name");
    newName.setPrefColumnCount(7);
    newName.textProperty().bindBidirectional(vm.newNameInputProperty());
    TextField newDesc = new TextField();
    newDesc.setId("variable-description");
    newDesc.setPromptText("what it is, for the person running the workflow");
    newDesc.textProperty().bindBidirectional(vm.newDescriptionInputProperty());
    HBox.setHgrow(newDesc, Priority.ALWAYS);
    Button add = new Button("Add");
    add.setId("variable-add");
    add.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    newName.setMinWidth(70);
    add.setOnAction(e -> vm.add());
    newDesc.setOnAction(e -> vm.add());
    HBox addRow = new HBox(6, newName, newDesc, add);
    addRow.setAlignment(Pos.CENTER_LEFT);

    getChildren().addAll(title, hint, grid, addRow);
    vm.variablesProperty().addListener((o, a, b) -> rebuild());
    vm.enteredProperty().addListener((o, a, b) -> rebuild());
    vm.rememberedProperty().addListener((o, a, b) -> rebuild());
    rebuild();
  }

  private void rebuild() {
    grid.getChildren().clear();
    Map<String, String> vars = vm.variablesProperty().get();
    valueFields.keySet().retainAll(vars.keySet());
    descriptionFields.keySet().retainAll(vars.keySet());
    rememberBoxes.keySet().retainAll(vars.keySet());
    for (Map.Entry<String, String> e : vars.entrySet()) {
      String name = e.getKey();
      Label n = new Label("{{ " + name + " }}");
      n.getStyleClass().addAll(Styles.MONO, Styles.TOKEN);
      n.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
      TextField d = descriptionFields.computeIfAbsent(name, k -> {
        TextField f = new TextField();
        f.setId("variable-description-" + k);
        f.focusedProperty().addListener((o, a, focused) -> {
          if (!focused && !f.getText().equals(vm.variablesProperty().get().get(k))) vm.describe(k, f.getText());
        });
        f.setOnAction(ev -> vm.describe(k, f.getText()));
        return f;
      });
      if (!d.isFocused()) d.setText(e.getValue());
      PasswordField v = valueFields.computeIfAbsent(name, k -> {
        PasswordField f = new PasswordField();
        f.setId("value-" + k);
        f.setTooltip(new Tooltip("The real value, kept in memory for this session only"));
        f.focusedProperty().addListener((o, a, focused) -> {
          if (!focused) vm.setValue(k, f.getText());
        });
        f.setOnAction(ev -> vm.setValue(k, f.getText()));
        // Enter in a field whose Remember is ticked keeps the new value in the keyring too.
        f.addEventHandler(javafx.event.ActionEvent.ACTION, ev -> {
          CheckBox r = rememberBoxes.get(k);
          if (r != null && r.isSelected()) vm.remember(k, f.getText());
        });
        return f;
      });
      v.setPromptText(vm.enteredProperty().get().contains(name) ? "value set (hidden)" : "value (not set)");
      HBox keyringRow = keyringRow(name, v);
      Button remove = new Button("✕");
      remove.setId("variable-remove-" + name);
      remove.setTooltip(new Tooltip("Remove this variable"));
      remove.setOnAction(ev -> vm.remove(name));
      remove.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
      HBox.setHgrow(v, Priority.ALWAYS);
      HBox top = new HBox(6, n, v, remove);
      top.setAlignment(Pos.CENTER_LEFT);
      d.setPromptText("description");
      grid.getChildren().add(keyringRow == null ? new VBox(3, top, d) : new VBox(3, top, keyringRow, d));
    }
  }

  /** Remember (keep the value in the OS keyring) and From keyring (read it back after a restart); null without one. */
  private HBox keyringRow(String name, PasswordField value) {
    if (!vm.offersKeyring()) return null;
    CheckBox remember = rememberBoxes.computeIfAbsent(name, k -> {
      CheckBox c = new CheckBox("Remember in the OS keyring");
      c.setId("value-remember-" + k);
      c.selectedProperty().addListener((o, was, on) -> {
        if (on && !value.getText().isEmpty()) vm.remember(k, value.getText());
      });
      return c;
    });
    if (vm.rememberedProperty().get().contains(name)) remember.setSelected(true);
    Button recall = new Button("From keyring");
    recall.setId("value-recall-" + name);
    recall.setTooltip(new Tooltip("Use the value the OS keyring keeps for {{ " + name + " }}"));
    recall.setOnAction(e -> vm.recall(name));
    HBox row = new HBox(6, remember, recall);
    row.setAlignment(Pos.CENTER_LEFT);
    return row;
  }
}

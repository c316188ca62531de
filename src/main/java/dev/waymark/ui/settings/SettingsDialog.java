package dev.waymark.ui.settings;

import dev.waymark.ui.common.LaunchEngine;
import dev.waymark.apply.Capabilities;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.ui.common.Styles;
import dev.waymark.ui.common.ThemeChoice;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.geometry.Pos;
import javafx.scene.layout.HBox;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The approval policy per risk category (perform, ask the person, or refuse) and what sessions allow beyond the
 * page (download, file upload, viewport control), the theme (as the system, light or dark) and the browser Launch
 * browser starts (Chromium or Firefox). The caller
 * persists the result.
 */
public final class SettingsDialog extends Dialog<ApprovalPolicy> {
  private final Map<RiskCategory, ComboBox<Policy>> boxes = new EnumMap<>(RiskCategory.class);
  private final Map<String, CheckBox> allowed = new LinkedHashMap<>();
  private final ComboBox<ThemeChoice> theme = new ComboBox<>();
  private final ComboBox<LaunchEngine> engine = new ComboBox<>();

  public SettingsDialog(ApprovalPolicy current) {
    this(current, Capabilities.ALL);
  }

  public SettingsDialog(ApprovalPolicy current, Capabilities capabilities) {
    this(current, capabilities, ThemeChoice.SYSTEM);
  }

  public SettingsDialog(ApprovalPolicy current, Capabilities capabilities, ThemeChoice currentTheme) {
    this(current, capabilities, currentTheme, LaunchEngine.CHROMIUM);
  }

  public SettingsDialog(ApprovalPolicy current, Capabilities capabilities, ThemeChoice currentTheme, LaunchEngine currentEngine) {
    setTitle("Settings");
    setHeaderText("Approval policy: what happens to a step in each risk category");
    GridPane grid = new GridPane();
    grid.setId("settings-grid");
    grid.setHgap(12);
    grid.setVgap(6);
    int row = 0;
    for (RiskCategory c : RiskCategory.values()) {
      ComboBox<Policy> box = new ComboBox<>();
      box.setId("policy-" + c.name().toLowerCase());
      box.getItems().setAll(Policy.values());
      box.setConverter(new StringConverter<>() {
        @Override
        public String toString(Policy p) {
          return p == null ? "" : switch (p) {
            case AUTO -> "Perform";
            case ASK -> "Ask me";
            case BLOCK -> "Refuse";
          };
        }

        @Override
        public Policy fromString(String s) {
          return null;
        }
      });
      box.setValue(current.policy(c));
      boxes.put(c, box);
      Label name = new Label(Character.toUpperCase(c.description().charAt(0)) + c.description().substring(1));
      grid.addRow(row++, name, box);
    }
    Label hint = new Label("A step in several categories follows the strictest. Steps you take over are never held, "
        + "but a category set to Refuse refuses them too.");
    hint.getStyleClass().add(Styles.HINT);
    hint.setWrapText(true);
    hint.setMaxWidth(420);
    VBox caps = new VBox(6, new Label("Sessions may"));
    caps.setId("settings-capabilities");
    for (String name : Capabilities.NAMES) {
      CheckBox box = new CheckBox(switch (name) {
        case Capabilities.DOWNLOAD -> "let a download through (each one approved by you)";
        case Capabilities.FILE_UPLOAD -> "put a file into a file field (upload)";
        default -> "change the task tab's viewport size (reset when control ends)";
      });
      box.setId("capability-" + name);
      box.setSelected(capabilities.allows(name));
      allowed.put(name, box);
      caps.getChildren().add(box);
    }
    Label capsHint = new Label("A step that needs something not allowed is refused, and the model is not offered it.");
    capsHint.getStyleClass().add(Styles.HINT);
    capsHint.setWrapText(true);
    capsHint.setMaxWidth(420);
    caps.getChildren().add(capsHint);
    theme.setId("settings-theme");
    theme.getItems().setAll(ThemeChoice.values());
    theme.setConverter(new StringConverter<>() {
      @Override
      public String toString(ThemeChoice c) {
        return c == null ? "" : c.label();
      }

      @Override
      public ThemeChoice fromString(String s) {
        return null;
      }
    });
    theme.setValue(currentTheme == null ? ThemeChoice.SYSTEM : currentTheme);
    Label themeLabel = new Label("Theme");
    themeLabel.setLabelFor(theme);
    HBox look = new HBox(12, themeLabel, theme);
    look.setAlignment(Pos.CENTER_LEFT);
    look.setId("settings-appearance");
    engine.setId("settings-browser");
    engine.getItems().setAll(LaunchEngine.values());
    engine.setConverter(new StringConverter<>() {
      @Override
      public String toString(LaunchEngine e) {
        return e == null ? "" : e.label();
      }

      @Override
      public LaunchEngine fromString(String s) {
        return null;
      }
    });
    engine.setValue(currentEngine == null ? LaunchEngine.CHROMIUM : currentEngine);
    Label engineLabel = new Label("Launch browser starts");
    engineLabel.setLabelFor(engine);
    Label engineHint = new Label("Firefox runs the Waymark add-on; the studio sends its clicks and typing over WebDriver "
        + "BiDi. Approvals wait in Firefox's sidebar (open it from the toolbar button) as well as here.");
    engineHint.getStyleClass().add(Styles.HINT);
    engineHint.setWrapText(true);
    engineHint.setMaxWidth(420);
    HBox browserRow = new HBox(12, engineLabel, engine);
    browserRow.setAlignment(Pos.CENTER_LEFT);
    VBox browser = new VBox(4, browserRow, engineHint);
    browser.setId("settings-launch");
    getDialogPane().setContent(new VBox(10, grid, hint, caps, new Separator(), look, browser));
    getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
    getDialogPane().getStylesheets().add(SettingsDialog.class.getResource(Styles.STYLESHEET).toExternalForm());
    setResultConverter(bt -> bt == ButtonType.OK ? result() : null);
  }

  /** The capabilities as the boxes are ticked now. */
  public Capabilities capabilities() {
    Set<String> on = new LinkedHashSet<>();
    allowed.forEach((name, box) -> {
      if (box.isSelected()) on.add(name);
    });
    return Capabilities.of(on);
  }

  /** The browser Launch browser starts, as chosen now; the caller applies and keeps it. */
  public LaunchEngine engine() {
    return engine.getValue() == null ? LaunchEngine.CHROMIUM : engine.getValue();
  }

  /** The theme as chosen now; the caller applies and keeps it. */
  public ThemeChoice theme() {
    return theme.getValue() == null ? ThemeChoice.SYSTEM : theme.getValue();
  }

  public ApprovalPolicy result() {
    ApprovalPolicy p = ApprovalPolicy.defaults();
    for (Map.Entry<RiskCategory, ComboBox<Policy>> e : boxes.entrySet()) p = p.with(e.getKey(), e.getValue().getValue());
    return p;
  }
}

package dev.waymark.ui.connection;

import dev.waymark.ui.common.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** Server status, paired browsers, the pairing code, what to do when nothing connects, and Launch browser. */
public final class ConnectionView extends VBox {
  public ConnectionView(ConnectionViewModel vm) {
    setId("connection-view");
    getStyleClass().add(Styles.PANEL);
    setSpacing(6);
    Label title = new Label("Browser");
    title.getStyleClass().add(Styles.PANEL_TITLE);
    Region dot = new Region();
    dot.getStyleClass().add(Styles.STATUS_DOT);
    Runnable dotStyle = () -> {
      dot.getStyleClass().removeAll(Styles.STATUS_ON, Styles.STATUS_OFF);
      dot.getStyleClass().add(vm.connectedProperty().get() ? Styles.STATUS_ON : Styles.STATUS_OFF);
    };
    vm.connectedProperty().addListener((o, a, b) -> dotStyle.run());
    dotStyle.run();
    Label status = new Label();
    status.setId("server-status");
    status.setWrapText(true);
    status.textProperty().bind(vm.statusProperty());
    HBox statusRow = new HBox(6, dot, status);
    statusRow.setAlignment(Pos.CENTER_LEFT);

    TableView<ConnectionService.Browser> table = new TableView<>(vm.browsers());
    table.setId("clients-table");
    table.setPrefHeight(90);
    table.setPlaceholder(new Label("No browser connected"));
    table.getColumns().add(col("Client", 70, ConnectionService.Browser::clientId));
    table.getColumns().add(col("Browser", 90, ConnectionService.Browser::browser));
    table.getColumns().add(col("Tab", 40, ConnectionService.Browser::tab));
    table.getColumns().add(col("URL", 150, ConnectionService.Browser::url));
    table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

    Label codeLabel = new Label("Pairing code for the extension popup");
    codeLabel.getStyleClass().add(Styles.FIELD_LABEL);
    Label code = new Label();
    code.setId("pairing-code");
    code.getStyleClass().addAll(Styles.MONO, Styles.PAIRING_CODE);
    code.textProperty().bind(vm.pairingCodeProperty());
    Button copy = new Button("Copy");
    copy.setId("pairing-copy");
    copy.setTooltip(new Tooltip("Copy the code, then paste it into the Waymark extension's popup"));
    copy.setOnAction(e -> {
      ClipboardContent c = new ClipboardContent();
      c.putString(vm.pairingCodeProperty().get());
      Clipboard.getSystemClipboard().setContent(c);
    });
    Region codeSpacer = new Region();
    HBox.setHgrow(codeSpacer, Priority.ALWAYS);
    HBox codeRow = new HBox(6, code, codeSpacer, copy);
    codeRow.setAlignment(Pos.CENTER_LEFT);
    copy.setMinWidth(Region.USE_PREF_SIZE);
    code.setMinWidth(Region.USE_PREF_SIZE);
    Label taskPage = new Label();
    taskPage.setId("task-page");
    taskPage.getStyleClass().add(Styles.HINT);
    taskPage.setWrapText(true);
    taskPage.textProperty().bind(vm.taskPageProperty());
    taskPage.visibleProperty().bind(vm.taskPageProperty().isNotEmpty());
    taskPage.managedProperty().bind(taskPage.visibleProperty());

    Label help = new Label("Nothing connected? Press Launch browser to start Chromium (or Firefox, chosen in Settings) with "
        + "the extension already paired. "
        + "To use your own Chrome: load the extension (chrome://extensions, Developer mode, Load unpacked), open its popup "
        + "and paste the pairing code. The studio listens on 127.0.0.1 only.");
    help.setId("connection-help");
    help.getStyleClass().add(Styles.HINT);
    help.setWrapText(true);
    help.visibleProperty().bind(vm.connectedProperty().not());
    help.managedProperty().bind(help.visibleProperty());

    Button launch = new Button("Launch browser");
    launch.setId("launch-browser");
    launch.disableProperty().bind(vm.launchingProperty().or(vm.canLaunchProperty().not()).or(vm.runningProperty().not()));
    launch.setOnAction(e -> vm.launch());
    ProgressIndicator spinner = new ProgressIndicator();
    spinner.setId("launch-progress");
    spinner.setPrefSize(16, 16);
    spinner.visibleProperty().bind(vm.launchingProperty());
    spinner.managedProperty().bind(spinner.visibleProperty());
    Label progress = new Label();
    progress.setId("launch-status");
    progress.getStyleClass().add(Styles.HINT);
    progress.textProperty().bind(vm.launchProgressProperty());
    HBox launchRow = new HBox(6, launch, spinner, progress);
    launchRow.setAlignment(Pos.CENTER_LEFT);
    HBox.setHgrow(progress, Priority.ALWAYS);

    CheckBox trusted = new CheckBox("Trusted input");
    trusted.setId("trusted-clicks");
    trusted.selectedProperty().bindBidirectional(vm.trustedClicksInputProperty());
    trusted.setTooltip(new javafx.scene.control.Tooltip("Click, press keys and type through Chrome's debugger in your own "
        + "browser, for pages that ignore input made by a script or open a window from a click (a sign-in popup). Chrome "
        + "shows its \"being debugged\" bar while the studio controls the tab. A browser the studio launches always uses "
        + "trusted input, without the bar."));

    getChildren().addAll(title, statusRow, table, taskPage, codeLabel, codeRow, launchRow, trusted, help);
  }

  private static TableColumn<ConnectionService.Browser, String> col(String t, double w,
      Function<ConnectionService.Browser, String> f) {
    TableColumn<ConnectionService.Browser, String> c = new TableColumn<>(t);
    c.setPrefWidth(w);
    c.setCellValueFactory(p -> new ReadOnlyStringWrapper(f.apply(p.getValue()) == null ? "" : f.apply(p.getValue())));
    return c;
  }
}

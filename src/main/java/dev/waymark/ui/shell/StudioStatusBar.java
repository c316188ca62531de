package dev.waymark.ui.shell;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import org.controlsfx.control.StatusBar;

/**
 * The studio's status bar: what the studio is doing (or last said) with its progress, Stop for a long step, and the
 * model's usage and the journal's state on the right. Apart from {@link StudioView} because it only shows
 * {@link StudioViewModel}'s state and decides itself which line wins (the activity over the last info, else Ready).
 */
final class StudioStatusBar extends StatusBar {
  StudioStatusBar(StudioViewModel vm) {
    setId("status-bar");
    Runnable update = () -> {
      String a = vm.activityProperty().get();
      setText(a != null && !a.isEmpty() ? a : vm.infoProperty().get() == null || vm.infoProperty().get().isEmpty() ? "Ready" : vm.infoProperty().get());
      setProgress(vm.busyProperty().get() ? -1 : 0);
    };
    vm.activityProperty().addListener((o, a, b) -> update.run());
    vm.infoProperty().addListener((o, a, b) -> update.run());
    vm.busyProperty().addListener((o, a, b) -> update.run());
    update.run();
    // Beside the progress it stops: a long extractList ends with the rows read so far (the status says how many).
    Button stopLong = new Button("Stop");
    stopLong.setId("stop-long-step");
    stopLong.setTooltip(new Tooltip("Stop reading the list; the rows read so far are kept, marked truncated"));
    stopLong.setOnAction(e -> vm.stopLongStep());
    stopLong.visibleProperty().bind(vm.longStepProperty().isNotNull());
    stopLong.managedProperty().bind(stopLong.visibleProperty());
    getLeftItems().add(stopLong);
    Label usage = new Label();
    usage.setId("usage-status");
    usage.textProperty().bind(vm.usageProperty());
    getRightItems().add(usage);
    Label journal = new Label();
    journal.setId("journal-status");
    journal.textProperty().bind(vm.journalProperty());
    getRightItems().add(journal);
  }
}

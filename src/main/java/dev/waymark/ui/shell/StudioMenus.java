package dev.waymark.ui.shell;

import dev.waymark.ui.approval.ApprovalViewModel;
import dev.waymark.ui.decision.DecisionEditorViewModel;
import dev.waymark.ui.observation.ObservationViewModel;
import dev.waymark.ui.steps.StepsViewModel;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;

/**
 * The studio's menu bar: File, Step and Help, each item with its id, accelerator and (through {@link StudioIcons})
 * icon. Apart from {@link StudioView} because the menus are the one table of what the studio can do, which the
 * shortcuts sheet reads back; the view only hands over the view models and the windows the items open.
 */
final class StudioMenus {
  private StudioMenus() {}

  /** The menu bar, with id {@code menu-bar}; {@code quit} closes the studio's window. */
  static MenuBar menuBar(StudioViewModel vm, ObservationViewModel observationVm, DecisionEditorViewModel decisionVm,
      ApprovalViewModel approvalVm, StepsViewModel stepsVm, StudioDialogs dialogs, Runnable quit) {
    Menu file = new Menu("File");
    file.getItems().addAll(
        item("menu-new", "New session", null, vm::newSession),
        item("menu-open", "Open session…", "Shortcut+O", vm::open),
        item("menu-save", "Save session", "Shortcut+S", vm::save),
        item("menu-save-as", "Save session as…", "Shortcut+Shift+S", vm::saveAs),
        new SeparatorMenuItem(),
        item("menu-export", "Export workflow YAML…", "Shortcut+Shift+E", vm::export),
        item("menu-copy-yaml", "Copy workflow YAML", "Shortcut+Shift+C", () -> copyYaml(vm)),
        item("menu-inspect", "Open workflow to inspect…", null, dialogs::inspectWorkflow),
        item("menu-replay", "Replay a workflow…", "Shortcut+R", () -> dialogs.openReplay()),
        new SeparatorMenuItem(),
        item("menu-export-playwright", "Export as Playwright test…", null, vm::exportPlaywright),
        item("menu-export-recorder", "Export as Recorder flow…", null, vm::exportRecorder),
        item("menu-import-recorder", "Import Recorder flow…", null, vm::importRecorder),
        new SeparatorMenuItem(),
        item("menu-settings", "Settings…", "Shortcut+Comma", dialogs::openSettings),
        new SeparatorMenuItem(),
        item("menu-quit", "Quit", "Shortcut+Q", quit));
    Menu step = new Menu("Step");
    step.getItems().addAll(
        item("menu-observe", "Observe the page", "F5", observationVm::observe),
        item("menu-apply", "Apply the decision", StudioView.APPLY.getName(), decisionVm::apply),
        new SeparatorMenuItem(),
        item("menu-approve", "Approve", StudioView.APPROVE.getName(), approvalVm::approve),
        item("menu-reject", "Reject", StudioView.REJECT.getName(), approvalVm::reject),
        item("menu-edit", "Edit the waiting step", StudioView.EDIT.getName(), approvalVm::edit),
        item("menu-takeover", "Take over", StudioView.TAKE_OVER.getName(), approvalVm::takeOver),
        new SeparatorMenuItem(),
        item("menu-undo", "Undo last step", "Shortcut+Z", stepsVm::undo));
    Menu help = new Menu("Help");
    help.getItems().add(item("menu-shortcuts", "Keyboard shortcuts", "F1", dialogs::openShortcuts));
    MenuBar bar = new MenuBar(file, step, help);
    bar.setId("menu-bar");
    StudioIcons.decorate(bar.getMenus());
    return bar;
  }

  private static MenuItem item(String id, String text, String accel, Runnable action) {
    MenuItem mi = new MenuItem(text);
    mi.setId(id);
    if (accel != null) mi.setAccelerator(KeyCombination.keyCombination(accel));
    mi.setOnAction(e -> action.run());
    return mi;
  }

  private static void copyYaml(StudioViewModel vm) {
    vm.copyYaml(yaml -> {
      ClipboardContent c = new ClipboardContent();
      c.putString(yaml);
      Clipboard.getSystemClipboard().setContent(c);
    });
  }
}

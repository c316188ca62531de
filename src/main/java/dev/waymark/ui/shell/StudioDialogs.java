package dev.waymark.ui.shell;

import dev.waymark.secrets.KeyringStore;
import dev.waymark.secrets.VariableApprovals;
import dev.waymark.ui.common.LaunchEngine;
import dev.waymark.ui.common.UiThreads;
import dev.waymark.ui.files.WorkflowInspector;
import dev.waymark.ui.help.ShortcutsSheet;
import dev.waymark.ui.replay.ReplayVault;
import dev.waymark.ui.replay.ReplayView;
import dev.waymark.ui.replay.ReplayViewModel;
import dev.waymark.ui.settings.SettingsDialog;
import dev.waymark.ui.theme.ThemeViewModel;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.control.MenuBar;

/**
 * The windows the studio opens over itself: Replay, Settings (with the browser choice it keeps), the keyboard
 * shortcuts sheet and the workflow inspector. Apart from {@link StudioView} because each needs the session's context
 * and the owner window only at the moment it opens, while the view owns the layout that stays.
 */
final class StudioDialogs {
  private final Node owner;
  private final StudioContext ctx;
  private final StudioViewModel vm;
  private final ThemeViewModel themeVm;
  private final KeyringStore keyring;
  private final Path engineFile;
  private final Consumer<String> problems;

  /**
   * Dialogs over {@code owner}'s window; {@code engineFile} keeps the Launch browser choice (null: it is not kept),
   * {@code problems} shows what went wrong in the notification bar.
   */
  StudioDialogs(Node owner, StudioContext ctx, StudioViewModel vm, ThemeViewModel themeVm, KeyringStore keyring,
      Path engineFile, Consumer<String> problems) {
    this.owner = owner;
    this.ctx = ctx;
    this.vm = vm;
    this.themeVm = themeVm;
    this.keyring = keyring;
    this.engineFile = engineFile;
    this.problems = problems;
  }

  /** The Replay window: a workflow file or the session's own, replayed in the connected browser without a model. */
  ReplayViewModel openReplay() {
    ReplayViewModel replay = new ReplayViewModel(ctx.ui(), ctx.replayBrowser());
    if (ctx.approvalFile() != null) {
      replay.useVault(new ReplayVault(keyring, VariableApprovals.besidePolicy(ctx.approvalFile())));
    }
    ReplayView replayView = new ReplayView(replay,
        () -> vm.inspectWorkflow(replay::load),
        () -> ctx.session().exportYaml().whenComplete((yaml, e) -> ctx.ui().execute(() -> {
          if (e == null) replay.load("the session's workflow", yaml);
          else problems.accept("The session's workflow could not be written: " + e.getMessage());
        })));
    ReplayView.show(owner.getScene().getWindow(), replayView);
    return replay;
  }

  /** File → Open workflow to inspect: a workflow file shown read-only in a window of its own. */
  void inspectWorkflow() {
    vm.inspectWorkflow((name, text) -> WorkflowInspector.show(owner.getScene().getWindow(), name, text));
  }

  void openSettings() {
    SettingsDialog d = new SettingsDialog(ctx.session().policy(), ctx.session().latest().state().capabilities(),
        themeVm.choiceProperty().get(), ctx.connection().engine());
    if (owner.getScene() != null) d.initOwner(owner.getScene().getWindow());
    d.showAndWait().ifPresent(p -> {
      vm.applySettings(p, d.capabilities());
      themeVm.choose(d.theme());
      chooseEngine(d.engine());
    });
  }

  /** The browser Launch browser starts from now on, kept beside the approval policy (written off the FX thread). */
  private void chooseEngine(LaunchEngine engine) {
    if (engine == ctx.connection().engine()) return;
    ctx.connection().useEngine(engine);
    if (engineFile == null) return;
    UiThreads.worker().execute(() -> {
      try {
        LaunchEngine.save(engineFile, engine);
      } catch (java.io.IOException e) {
        ctx.ui().execute(() -> problems.accept("Launch browser starts " + engine.label() + " now, but the choice could not be "
            + "saved (" + e.getMessage() + "); the studio will start with the previous one"));
      }
    });
  }

  /** Help → Keyboard shortcuts: read from the menus as they are now. */
  void openShortcuts() {
    MenuBar bar = (MenuBar) owner.lookup("#menu-bar");
    ShortcutsSheet.dialog(owner.getScene() == null ? null : owner.getScene().getWindow(), bar.getMenus()).show();
  }
}

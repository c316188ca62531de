package dev.waymark.ui.replay;

import java.io.File;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The Replay window's questions about values: may this workflow use them, and a KeePass file's master password. */
final class VaultDialogs {
  static final ButtonType ALLOW = new ButtonType("Allow", ButtonBar.ButtonData.OK_DONE);
  static final ButtonType DONT = new ButtonType("Don't allow", ButtonBar.ButtonData.CANCEL_CLOSE);

  private VaultDialogs() {}

  /** Asks whether the loaded workflow may take these variables; the answer goes to the model. */
  static void askApproval(Scene scene, ReplayViewModel vm, List<String> names) {
    if (scene == null || !vm.approvalNeededProperty().get().equals(names)) return;
    Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", ALLOW, DONT);
    a.initOwner(scene.getWindow());
    a.setTitle("Values for this workflow");
    a.setHeaderText("Allow this workflow to use " + dev.waymark.secrets.ApprovedValues.tokens(names) + "?");
    a.setContentText("Run types them into the page from your store. You are asked once per workflow; an edited workflow "
        + "asks again, and Revoke values takes it back. Agents running it (workflow_run) get the same permission.");
    a.getDialogPane().setId("replay-approval");
    a.showAndWait().ifPresentOrElse(b -> {
      if (b == ALLOW) vm.approve();
      else vm.declineApproval();
    }, vm::declineApproval);
  }

  /** Picks a KeePass file and asks its master password (kept in memory only for the opening). */
  static void openKeePass(Window owner, ReplayViewModel vm) {
    FileChooser chooser = new FileChooser();
    chooser.setTitle("KeePass database");
    chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("KeePass database", "*.kdbx"));
    File f = chooser.showOpenDialog(owner);
    if (f == null) return;
    masterPassword(owner, f.getName()).ifPresent(pw -> vm.openKeePass(f.toPath(), pw));
  }

  static java.util.Optional<char[]> masterPassword(Window owner, String fileName) {
    Dialog<char[]> d = new Dialog<>();
    d.initOwner(owner);
    d.setTitle("Master password");
    PasswordField field = new PasswordField();
    field.setId("keepass-password");
    d.getDialogPane().setContent(new VBox(6, new Label("Master password of " + fileName
        + " (used to open it now, never stored)"), field));
    d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
    d.setResultConverter(b -> b == ButtonType.OK ? field.getText().toCharArray() : null);
    java.util.Optional<char[]> pw = d.showAndWait();
    field.clear();
    return pw;
  }
}

package dev.waymark.ui.replay;

import dev.waymark.secrets.ApprovedValues;
import dev.waymark.secrets.KeePassStore;
import dev.waymark.secrets.SecretStore;
import dev.waymark.secrets.SecretStoreException;
import dev.waymark.secrets.VariableApprovals;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Where the Replay window takes a workflow's values from: the person's store (the OS keyring, or a KeePass file they
 * opened in this window) and their approvals of which variables each workflow may take. Every method does I/O: call
 * it off the FX thread.
 */
public final class ReplayVault {
  private final VariableApprovals approvals;
  private volatile SecretStore store;

  public ReplayVault(SecretStore store, VariableApprovals approvals) {
    this.store = store;
    this.approvals = approvals;
  }

  /** The store values come from now. */
  public SecretStore store() {
    return store;
  }

  /** Opens a KeePass file with the master password the person typed (wiped after); it becomes the store. */
  public SecretStore openKeePass(Path file, char[] masterPassword) throws SecretStoreException {
    SecretStore kp = KeePassStore.open(file, masterPassword);
    store = kp;
    return kp;
  }

  /** Uses this store from now on (a test, or a store opened elsewhere). */
  public void use(SecretStore s) {
    store = s;
  }

  /** The values of {@code needed} this workflow may take, or what is unapproved or absent. */
  public ApprovedValues resolve(String workflowText, Collection<String> needed) throws IOException {
    return ApprovedValues.resolve(needed, approvals.approved(VariableApprovals.key(workflowText)), store);
  }

  /** Records the person's approval of these variables for this workflow (once; an edited workflow asks again). */
  public void approve(String workflowText, String workflowName, List<String> names) throws IOException {
    approvals.approve(VariableApprovals.key(workflowText), workflowName, names);
  }

  /** Takes back every approval of this workflow; true when there was one. */
  public boolean revoke(String workflowText) throws IOException {
    return approvals.revoke(VariableApprovals.key(workflowText));
  }
}

package dev.waymark.ui.replay;

import dev.waymark.apply.SecretMask;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.secrets.ApprovedValues;
import dev.waymark.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Replay window's values: which the loaded workflow needs, the question whether it may take them from the
 * person's store, and the store itself. The store and the approvals are reached on threads of their own; the
 * question and the status change on the UI executor only.
 */
final class ReplayValues {
  private static final Logger LOG = LoggerFactory.getLogger(ReplayValues.class);
  private final Executor ui;
  private final Consumer<String> status;
  private final ReadOnlyObjectWrapper<List<String>> approvalNeeded = new ReadOnlyObjectWrapper<>(List.of());
  private volatile ReplayVault vault;

  ReplayValues(Executor ui, Consumer<String> status) {
    this.ui = ui;
    this.status = status;
  }

  void use(ReplayVault v) {
    vault = v;
  }

  ReplayVault vault() {
    return vault;
  }

  /** The variables a workflow needs a value for. */
  static List<String> needed(Workflow w) {
    return WorkflowRunner.missingValues(w, Map.of()).stream().map(WorkflowRunner.MissingValue::name).toList();
  }

  /** What the status says of a loaded workflow before Run. */
  String readyText(Workflow w) {
    List<String> needed = needed(w);
    if (needed.isEmpty()) return "Ready: press Run to replay it in the connected browser.";
    ReplayVault v = vault;
    return "This workflow needs " + ApprovedValues.tokens(needed) + (v == null
        ? "; this window has no store to take them from. Replay it with `waymark run --values-from keyring` (or a KeePass file)."
        : ": Run takes them from " + v.store().describe() + " once you allow this workflow to use them.");
  }

  /** The approved values, or null (the status and the question saying why) when any is unapproved or absent. Off the FX thread. */
  Map<String, String> values(String text, List<String> needed) throws IOException {
    ReplayVault v = vault;
    ApprovedValues found = v.resolve(text, needed);
    String from = v.store().describe();
    if (!found.unapproved().isEmpty()) {
      List<String> ask = found.unapproved();
      ui.execute(() -> {
        status.accept("Allow this workflow to take " + ApprovedValues.tokens(ask) + " from " + from
            + "? It is asked once; an edited workflow asks again, and Revoke takes it back.");
        approvalNeeded.set(ask);
      });
      return null;
    }
    if (!found.absent().isEmpty()) {
      String absent = ApprovedValues.tokens(found.absent());
      ui.execute(() -> status.accept("Not run: " + from + " holds no value for " + absent + ". Keep it there (the "
          + "Variables panel's Remember puts a value in the keyring; in KeePass, an entry titled by the variable)."));
      return null;
    }
    return found.values();
  }

  /** Records the person's approval of the asked variables, then runs {@code then} on the UI executor. */
  void approve(String text, String workflowName, Runnable then) {
    List<String> names = approvalNeeded.get();
    ReplayVault v = vault;
    if (names.isEmpty() || v == null) return;
    approvalNeeded.set(List.of());
    background("waymark-replay-approve", () -> {
      try {
        v.approve(text, workflowName, names);
        ui.execute(then);
      } catch (IOException | RuntimeException e) {
        LOG.warn("the approval could not be saved", e);
        ui.execute(() -> status.accept("The approval could not be saved: " + e.getMessage() + ". Nothing was run."));
      }
    });
  }

  /** The person does not allow it: nothing runs. */
  void decline() {
    if (approvalNeeded.get().isEmpty()) return;
    approvalNeeded.set(List.of());
    status.accept("Not run: the workflow may not take values from your store. Run asks again.");
  }

  /** Drops an open question without an answer (another workflow was loaded, a run starts). */
  void clearQuestion() {
    approvalNeeded.set(List.of());
  }

  void revoke(String text) {
    ReplayVault v = vault;
    if (v == null) return;
    background("waymark-replay-revoke", () -> {
      try {
        boolean had = v.revoke(text);
        ui.execute(() -> status.accept(had ? "Revoked: this workflow may take no value from your store until you allow "
            + "it again." : "This workflow had no approval to revoke."));
      } catch (IOException e) {
        ui.execute(() -> status.accept("The approval could not be revoked: " + e.getMessage()));
      }
    });
  }

  void openKeePass(Path file, char[] masterPassword, Supplier<String> readyAfter) {
    ReplayVault v = vault;
    if (v == null) {
      Arrays.fill(masterPassword, '\0');
      return;
    }
    status.accept("Opening " + file.getFileName() + "…");
    background("waymark-keepass-open", () -> {
      try {
        v.openKeePass(file, masterPassword);
        ui.execute(() -> status.accept("Values now come from " + v.store().describe() + ". " + readyAfter.get()));
      } catch (IOException e) {
        ui.execute(() -> status.accept(e.getMessage()));
      }
    });
  }

  /** The result with the values masked in its error and stored data, as the window shows them. */
  static ReplayResult masked(ReplayResult r, SecretMask mask) {
    if (r == null) return null;
    Map<String, String> stored = new LinkedHashMap<>();
    r.stored().forEach((k, val) -> stored.put(k, mask.mask(val)));
    return new ReplayResult(r.ok(), r.steps(), stored, r.start(), r.error() == null ? null : mask.mask(r.error()),
        r.failedStep(), r.outcome());
  }

  ReadOnlyObjectProperty<List<String>> approvalNeededProperty() {
    return approvalNeeded.getReadOnlyProperty();
  }

  private static void background(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }
}

package dev.waymark.ui.approval;

import dev.waymark.risk.Approval;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.PendingApproval;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.TurnOutcome;
import dev.waymark.ui.common.Problems;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** The human gate: the step waiting for approval and the four answers a person can give. */
public final class ApprovalViewModel {
  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final Consumer<SessionSnapshot> onEdit;
  private final Consumer<PendingApproval> onTakeOver;
  private final ReadOnlyObjectWrapper<PendingApproval> pending = new ReadOnlyObjectWrapper<>();
  private final StringProperty reason = new SimpleStringProperty("");
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
  private SessionSnapshot last;

  public ApprovalViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, Consumer<SessionSnapshot> onEdit,
      Consumer<PendingApproval> onTakeOver) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
    this.onEdit = onEdit;
    this.onTakeOver = onTakeOver;
  }

  public void accept(SessionSnapshot s) {
    last = s;
    busy.set(s.busy());
    if (s.pending() != pending.get()) reason.set("");
    pending.set(s.pending());
  }

  public CompletableFuture<TurnOutcome> approve() {
    PendingApproval p = pending.get();
    if (p == null) return CompletableFuture.completedFuture(null);
    // The approval is made here, in the window, of exactly the step the pane shows.
    return report(session.approve(Approval.byPerson(p.step(), Approval.Channel.UI)));
  }

  public CompletableFuture<TurnOutcome> reject() {
    PendingApproval p = pending.get();
    if (p == null) return CompletableFuture.completedFuture(null);
    return report(session.reject(p.step().id(), reason.get(), Approval.Channel.UI.journalName()));
  }

  public void edit() {
    if (pending.get() != null && last != null) onEdit.accept(last);
  }

  public void takeOver() {
    if (pending.get() != null) onTakeOver.accept(pending.get());
  }

  private CompletableFuture<TurnOutcome> report(CompletableFuture<TurnOutcome> f) {
    return f.whenComplete((o, e) -> {
      if (e != null) ui.execute(() -> problems.accept(Problems.describe(e)));
    });
  }

  public ReadOnlyObjectProperty<PendingApproval> pendingProperty() { return pending.getReadOnlyProperty(); }
  /** Writable: the reason field is bound to it both ways; Reject sends it. */
  public StringProperty reasonInputProperty() { return reason; }
  public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
}

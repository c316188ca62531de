package dev.waymark.ui.handover;

import dev.waymark.risk.Approval;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.WaitingUserStep;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The userStep waiting for the person, as the studio shows it, and their Continue from the studio. The same step
 * is in the browser's side panel; whichever Continue comes first ends it, and this card closes with the snapshot.
 */
public final class UserStepViewModel {
  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final ReadOnlyObjectWrapper<WaitingUserStep> waiting = new ReadOnlyObjectWrapper<>();

  public UserStepViewModel(AuthoringSession session, Executor ui, Consumer<String> problems) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
  }

  public void accept(SessionSnapshot s) {
    waiting.set(s.userStep());
  }

  public ReadOnlyObjectProperty<WaitingUserStep> waitingProperty() {
    return waiting.getReadOnlyProperty();
  }

  /** The person says they are done; false (and a message) when the step no longer waits. */
  public boolean continueStep() {
    WaitingUserStep w = waiting.get();
    if (w == null) return false;
    boolean ok = session.continueUserStep(w.stepId(), Approval.Channel.UI.journalName());
    if (!ok) {
      ui.execute(() -> problems.accept("That step no longer waits for you (it was continued in the browser, or the "
          + "browser disconnected); look at the trail for what happened"));
    }
    return ok;
  }
}

package dev.waymark.session;

import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Provenance;
import java.util.concurrent.CompletableFuture;

/**
 * What the {@link ModelDriver} may do with a session: read what a decision is made against, show a source's
 * progress, and hand the decision to the session's own operations. Every call is queued on the session thread.
 */
final class DecisionHost {
  /** What a decision is made against: the goal, the page, the next turn's input and the last turn's outputs. */
  record TurnContext(String goal, PageObservation page, ApplyInput next, ApplyOutput last) {}

  private final AuthoringSession session;
  private final SessionExecutor executor;
  private final SessionModel model;

  DecisionHost(AuthoringSession session, SessionExecutor executor, SessionModel model) {
    this.session = session;
    this.executor = executor;
    this.model = model;
  }

  SessionSnapshot latest() {
    return session.latest();
  }

  CompletableFuture<TurnContext> turnContext() {
    return executor.call(() -> model.during("Preparing the prompt", () -> {
      model.requireNoPending();
      model.ensureObservation();
      return new TurnContext(model.state.goal(), model.observation, model.input("", Provenance.MODEL), model.lastOutput);
    }));
  }

  CompletableFuture<TurnOutcome> submit(String decision) {
    return session.submit(decision, Provenance.MODEL);
  }

  CompletableFuture<SessionSnapshot> propose(String decision) {
    return session.propose(decision);
  }

  void started(String activity) {
    executor.post(() -> model.setActivity(activity));
  }

  /** The source's reply so far (the whole text each time). */
  void streamed(String partialReply) {
    executor.post(() -> model.setStreaming(partialReply));
  }

  void decided(TurnUsage usage) {
    executor.post(() -> model.setUsage(usage));
  }

  /** The source is done (or failed): no activity, no partial reply. Completes once that is published. */
  CompletableFuture<Void> ended() {
    return executor.call(() -> {
      model.setStreaming(null);
      model.setActivity(null);
      return null;
    });
  }
}

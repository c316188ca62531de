package dev.waymark.session;

import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.ApplyTurn;
import dev.waymark.apply.ExpectDiff;
import dev.waymark.workflow.Expect;
import dev.waymark.apply.PreparedStep;
import dev.waymark.apply.Route;
import dev.waymark.decide.OutcomeSentences;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskAssessment;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.RiskCheck;
import dev.waymark.risk.RiskGate;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepProgress;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One turn, on the session thread: a decision's input is prepared by the pure apply turn, passes the risk gate,
 * waits for the person or is performed, and is recorded. Refusals are ordinary recorded turns.
 */
final class TurnPipeline {
  private static final Logger LOG = LoggerFactory.getLogger(TurnPipeline.class);

  private final SessionModel model;
  private final RiskGate riskGate;
  private final Supplier<ApprovalPolicy> policy;

  TurnPipeline(SessionModel model, RiskGate riskGate, Supplier<ApprovalPolicy> policy) {
    this.model = model;
    this.riskGate = riskGate;
    this.policy = policy;
  }

  TurnOutcome submit(String decision, String decidedBy) throws Exception {
    model.requireNoPending();
    model.ensureObservation();
    ApplyInput in = model.input(decision, decidedBy);
    ApplyTurn.Prepared p = ApplyTurn.prepare(in);
    if (p instanceof ApplyTurn.Finished f) {
      ExtTurn t = f.output().lastTurn();
      // A decision that settles the uncertain step, as the person's buttons do: the step keeps the page it was made on.
      boolean resolved = t != null && t.resolved() != null;
      TurnOutcome o = recordTurn(in, f.output(), null, resolved ? model.uncertainPage : model.observation);
      if (f.output().handoff() != null) handOff(f.output().handoff());
      return o;
    }
    return gate(in, ((ApplyTurn.Ready) p).step(), false);
  }

  /** The person continues from here: Waymark stops acting and lets go of the browser, whose tab stays open. */
  private void handOff(String why) {
    model.browser().release();
    model.notice = "Handed over to you: " + why + ". The browser and its tab stay open as they are; Waymark does not act "
        + "in them any more. Give the loop more turns to let Waymark carry on";
    model.publish();
  }

  String check(String decision, String decidedBy) {
    SessionModel.Pending pending = model.pending;
    ApplyInput in = pending != null && Provenance.PERSON.equals(decidedBy)
        ? pending.in().toBuilder().decision(decision).decidedBy(decidedBy).build()
        : model.input(decision, decidedBy);
    ApplyTurn.Prepared p = ApplyTurn.prepare(in);
    return p instanceof ApplyTurn.Finished f && refused(f.output()) ? f.output().error() : null;
  }

  /** A finished turn that is neither an outcome of the decision (done, blocked, handoff) nor a step: a refusal. */
  private static boolean refused(ApplyOutput out) {
    return out.error() != null && !out.done() && out.blocked() == null && out.handoff() == null;
  }

  TurnOutcome approve(Approval approval) throws Exception {
    SessionModel.Pending p = model.requirePending();
    if (!ApprovalPolicy.mayPerform(p.check(), p.ready().step(), approval)) {
      throw new SessionException(p.check().policy() == Policy.BLOCK ? "The approval policy refuses this step"
          : "That approval is not of the step waiting now (it was edited or replaced); look at it again and approve it");
    }
    model.pending = null;
    model.answeredBy = approval.channel().journalName();
    return perform(p.in(), p.ready(), p.page());
  }

  /**
   * Refuses the waiting step from a channel; with {@code stepId}, only when that very step still waits (an answer
   * from the side panel may come after the step was answered in the studio: the first answer wins).
   */
  TurnOutcome reject(String reason, String stepId, String channel) {
    SessionModel.Pending p = model.requirePending();
    if (stepId != null && !stepId.equals(p.ready().step().id())) {
      throw new SessionException("That answer is for a step that no longer waits; look at the waiting step and answer it");
    }
    model.answeredBy = channel;
    return reject(reason);
  }

  TurnOutcome reject(String reason) {
    SessionModel.Pending p = model.requirePending();
    model.pending = null;
    String why = reason == null || reason.isBlank() ? "the person rejected the step" : reason.strip();
    return recordTurn(p.in(), ApplyTurn.refuse(p.in(), p.ready(), why), null);
  }

  /**
   * The edit is checked like any decision and goes through the risk gate again, so an edited step that is still
   * risky waits for approval once more; an edit that cannot be used is reported and the original keeps waiting.
   */
  TurnOutcome edit(String decision) throws Exception {
    SessionModel.Pending p = model.requirePending();
    ApplyInput in = p.in().toBuilder().decision(decision).decidedBy(Provenance.PERSON).build();
    ApplyTurn.Prepared prepared = ApplyTurn.prepare(in);
    if (prepared instanceof ApplyTurn.Finished f) {
      if (refused(f.output())) {
        throw new SessionException("The edited decision cannot be used: " + f.output().error());
      }
      model.pending = null;
      return recordTurn(in, f.output(), null);
    }
    model.pending = null;
    return gate(in, ((ApplyTurn.Ready) prepared).step(), true);
  }

  /** The risk check of a prepared step against the current page and the task's sites. */
  RiskCheck riskCheck(PreparedStep ready) {
    return policy.get().check(riskGate, ready.step(), ready.node(), model.observation, model.state.taskOrigins());
  }

  TurnOutcome gate(ApplyInput in, PreparedStep ready, boolean edited) throws Exception {
    RiskCheck check = riskCheck(ready);
    RiskAssessment risk = check.assessment();
    if (check.policy() == Policy.BLOCK) return recordTurn(in, ApplyTurn.refuse(in, ready, blockedReason(risk)), null);
    if (check.policy() == Policy.ASK) {
      Step s = ready.step();
      PageObservation page = model.observation;
      PendingApproval view = new PendingApproval(s, ready.ref(), ready.node(), in.decidedBy(), ready.reasoning(),
          s.value(), page == null ? null : page.url(), risk.categories(), risk.reasons(), edited);
      model.pending = new SessionModel.Pending(in, ready, view, page, check);
      // On disk before the person sees it: a crash while it waits leaves it for recovery, not lost.
      model.record(JournalEntry.awaiting(s, ready.reasoning()));
      return TurnOutcome.awaiting(view);
    }
    return perform(in, ready, model.observation);
  }

  static String blockedReason(RiskAssessment risk) {
    String cats = risk.categories().stream().map(RiskCategory::description).sorted().collect(Collectors.joining(", "));
    return "the approval policy blocks " + cats + " steps" + (risk.reasons().isEmpty() ? "" : " (" + String.join("; ", risk.reasons()) + ")")
        + "; choose another way to reach the goal or ask the person";
  }

  /** Sends the step to the browser, records what came back, and reads the page again. */
  TurnOutcome perform(ApplyInput in, PreparedStep ready, PageObservation page) throws Exception {
    Step step = ready.step();
    model.setActivity("Performing: " + step.label());
    StepResult result;
    boolean userStep = StepTypes.USER_STEP.equals(step.type());
    if (userStep) {
      // Shown to the person while the session thread waits in the browser; their Continue comes around it.
      model.userStep = WaitingUserStep.of(step);
      model.setActivity("Waiting for you: " + model.userStep.instruction());
    }
    boolean list = StepTypes.EXTRACT_LIST.equals(step.type());
    if (list) {
      // A list over many pages takes long: the person sees it grow and may stop it (it then ends with what it read).
      model.longStep = new StepProgress(step.id(), 0, 0);
      model.publish();
    }
    // Counted before it is sent: a step whose answer never comes may still have changed the page.
    model.pageActions++;
    try {
      // The browser hands progress over on this thread (the session thread), so the state it changes stays here.
      result = list
          ? model.browser().perform(step.id(), step, ready.values(), ApplyTurn.timeoutFor(in, step), Route.of(in), p -> {
            model.longStep = p;
            model.setActivity(p.describe());
          })
          : model.browser().perform(step.id(), step, ready.values(), ApplyTurn.timeoutFor(in, step), Route.of(in));
      if (userStep && model.browser().answeredBy(step.id()) != null) model.answeredBy = model.browser().answeredBy(step.id());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      result = StepResult.uncertain(step.id(), "the session was interrupted while the browser worked");
    } catch (RuntimeException e) {
      // The step may have reached the page before the failure: never treat it as not done.
      LOG.warn("perform {} failed", step.id(), e);
      result = StepResult.uncertain(step.id(), "the browser connection failed: " + e.getMessage());
    } finally {
      model.userStep = null;
      model.longStep = null;
    }
    ApplyOutput out = ApplyTurn.complete(in, ready, result);
    Set<String> origins = null;
    Step maybe = out.uncertain() ? out.step() : null;
    if (out.ok() && StepTypes.NAVIGATE.equals(step.type()) && SessionModel.origin(step.url()) != null) {
      // A navigation that was allowed (by policy or by the person) widens where the task may go.
      origins = Set.of(SessionModel.origin(step.url()));
    }
    TurnOutcome o = recordTurn(in, out, origins, page);
    if (maybe != null) {
      model.uncertain = maybe;
      model.uncertainNote = out.reasoning();
      model.uncertainPage = page;
      model.publish();
    }
    if (!Thread.currentThread().isInterrupted()) {
      try {
        model.setActivity("Reading the page");
        model.readPage();
        recordExpect(out, page);
        model.publish();
      } catch (SessionException e) {
        model.notice = "The step was recorded, but the page could not be read afterwards: " + e.getMessage();
        model.publish();
      }
    }
    return o;
  }

  /**
   * The effect the step was seen to have (the page it was decided on against the page now), journaled as its own
   * entry after the turn: the turn is on disk before the page is read again, and a crash in between only loses the
   * expect, which replay can do without.
   */
  private void recordExpect(ApplyOutput out, PageObservation before) {
    if (!out.ok() || out.step() == null || out.step().expect() != null) return;
    Expect seen = ExpectDiff.seen(out.step(), before, model.observation);
    if (seen != null) model.record(JournalEntry.expect(out.step().id(), seen));
  }

  TurnOutcome recordTurn(ApplyInput in, ApplyOutput out, Set<String> origins) {
    return recordTurn(in, out, origins, model.observation);
  }

  TurnOutcome recordTurn(ApplyInput in, ApplyOutput out, Set<String> origins, PageObservation page) {
    JournalEntry.B b = new JournalEntry.B(JournalEntry.TURN);
    b.turn = out.lastTurn();
    if (out.ok() && out.step() != null) {
      b.step = out.step();
      b.note = out.notes().isEmpty() ? "" : out.notes().get(out.notes().size() - 1);
      b.observation = page;
      String slot = out.step().store();
      if (slot != null && !slot.isBlank() && out.data() != null) b.stored = java.util.Map.of(slot.strip(), out.data());
    }
    b.budget = out.budget();
    // Which run and which browser the turn was for (spec: workflow_id, client_id), so the journal says it.
    b.workflowId = in.workflowId();
    b.clientId = in.clientId();
    b.failures = out.failures();
    b.givenBack = out.givenBack();
    b.lastObservation = out.lastObservation();
    b.lastUrl = in.observation() == null ? null : in.observation().url();
    b.done = out.done();
    b.continueLoop = out.continueLoop();
    Set<String> all = new LinkedHashSet<>(model.state.taskOrigins());
    if (origins != null) all.addAll(origins);
    b.taskOrigins = all;
    // The model decision waiting to be journaled belongs to this turn, whoever applied it in the end.
    b.usage = model.nextUsage;
    model.nextUsage = null;
    b.answeredBy = model.answeredBy;
    model.answeredBy = null;
    model.lastOutput = out;
    // A new turn is the decider's answer to an uncertain step: it no longer waits on the person.
    model.uncertain = null;
    model.uncertainNote = null;
    model.uncertainPage = null;
    String said = out.outcome() == null || b.turn == null ? "" : OutcomeSentences.forPerson(b.turn.type(), out.outcome());
    if (!said.isEmpty()) model.notice = "Turn " + b.turn.turn() + ": " + said;
    model.record(b.build());
    return TurnOutcome.recorded(out);
  }
}

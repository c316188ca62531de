package dev.waymark.session;

import dev.waymark.apply.ApplyInput;
import dev.waymark.apply.ApplyTurn;
import dev.waymark.apply.PreparedStep;
import dev.waymark.apply.SecretMask;
import dev.waymark.apply.StepDecisions;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCheck;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the person does themselves, on the session thread: a step they perform instead of (or without) a decided
 * one, an action they already did in the page that is recorded as their step, and the digests that let the
 * extension recognise a typed value as its token without the value being sent.
 */
final class PersonSteps {
  static final String TAKE_OVER_REASONING = "the person performed this step themselves";
  static final String RECORDED_REASONING = "the person did this in the page while the studio recorded";

  private final SessionModel model;
  private final TurnPipeline turns;

  PersonSteps(SessionModel model, TurnPipeline turns) {
    this.model = model;
    this.turns = turns;
  }

  /**
   * The person performs an action themselves. A step waiting for approval is refused first (its error says
   * the person took over); the person's step is checked, performed without the approval gate (the person is
   * the one deciding) but still refused when the policy blocks its category, and recorded as decided by the
   * person. With no step waiting, this is how a person authors a step directly.
   */
  TurnOutcome takeOver(TakeOver action, PersonApprover approver) throws Exception {
    model.ensureObservation();
    String decision = decision(action, TAKE_OVER_REASONING);
    ApplyTurn.Prepared trial = ApplyTurn.prepare(model.input(decision, Provenance.PERSON));
    if (trial instanceof ApplyTurn.Finished f) {
      throw new SessionException("That action cannot be performed: " + f.output().error());
    }
    if (model.pending != null) {
      SessionModel.Pending p = model.pending;
      model.pending = null;
      String label = ((ApplyTurn.Ready) trial).step().step().label();
      turns.recordTurn(p.in(), ApplyTurn.refuse(p.in(), p.ready(), "the person took over and did this instead: " + label), null);
    }
    // Prepared again: the refusal above changed the turn's counters and trail.
    ApplyInput in = model.input(decision, Provenance.PERSON);
    ApplyTurn.Prepared p = ApplyTurn.prepare(in);
    if (p instanceof ApplyTurn.Finished f) return turns.recordTurn(in, f.output(), null);
    PreparedStep ready = ((ApplyTurn.Ready) p).step();
    RiskCheck check = turns.riskCheck(ready);
    if (check.policy() == Policy.BLOCK) {
      return turns.recordTurn(in, ApplyTurn.refuse(in, ready, TurnPipeline.blockedReason(check.assessment())), null);
    }
    if (check.policy() == Policy.ASK) {
      // The person chose this step; their approval of exactly it comes from the window or the command line.
      Approval approval = approver == null ? null : approver.approve(ready.step());
      if (!ApprovalPolicy.mayPerform(check, ready.step(), approval)) {
        return turns.recordTurn(in, ApplyTurn.refuse(in, ready, "the person did not approve their own step"), null);
      }
    }
    return turns.perform(in, ready, model.observation);
  }

  /**
   * Records an action the person already performed in the page (take-over recording) as their step, without
   * performing it again. A value that is a declared variable's real value is written as its token; a password
   * the extension hid cannot become a step, so the person is told to fill it with a token instead.
   */
  TurnOutcome recordPersonAction(PersonAction a) {
    if (a == null || a.action() == null) throw new SessionException("The recorded action is empty");
    if (model.pending != null) {
      throw new SessionException("You acted in the page while a step waits for approval; approve, reject or "
          + "take over that step first, then your action can be recorded");
    }
    if (PersonAction.HIDDEN_PASSWORD.equals(a.value())) {
      throw new SessionException("You typed a password in the page; it is never sent to the studio. Declare a variable "
          + "for it, enter its value under Variables, then fill the field with {{ name }} from the page tree");
    }
    String value = new SecretMask(model.values).mask(a.value());
    TakeOver t = switch (a.action()) {
      case "navigate" -> TakeOver.navigate(a.url());
      case "press" -> new TakeOver("press", null, a.selector(), a.key() != null ? a.key() : value, null, null);
      default -> new TakeOver(a.action(), null, a.selector(), value, null, null);
    };
    ApplyInput in = model.input(decision(t, RECORDED_REASONING), Provenance.PERSON);
    ApplyTurn.Prepared p = ApplyTurn.prepare(in);
    if (p instanceof ApplyTurn.Finished f) {
      throw new SessionException("Your " + a.action() + " in the page could not be recorded: " + f.output().error());
    }
    PreparedStep ready = ((ApplyTurn.Ready) p).step();
    // It already happened in the page: the turn is complete with the page's own answer, nothing is sent.
    StepResult done = StepResult.success(ready.step().id(), null, a.url(), null);
    model.pageActions++;
    return turns.recordTurn(in, ApplyTurn.complete(in, ready, done), null, model.observation);
  }

  /** Hex SHA-256 of {@code salt} followed by each entered value's UTF-8, by variable name. */
  Map<String, String> valueDigests(byte[] salt) throws NoSuchAlgorithmException {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : model.values.entrySet()) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(salt);
      md.update(e.getValue().getBytes(StandardCharsets.UTF_8));
      out.put(e.getKey(), HexFormat.of().formatHex(md.digest()));
    }
    return out;
  }

  /** The person's action as a decision, through the one Step → decision converter. */
  static String decision(TakeOver a, String reasoning) {
    if (a == null || a.type() == null || a.type().isBlank()) throw new SessionException("Choose an action to perform");
    Step step = Step.builder(a.type()).selector(a.ref() == null || a.ref().isBlank() ? a.selector() : null)
        .value(a.value()).url(a.url()).label(a.label() == null || a.label().isBlank() ? null : a.label()).build();
    return StepDecisions.decision(step, a.ref(), reasoning);
  }
}

package dev.waymark.apply;

import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * A decision that settles the session's uncertain step ({@code "resolve": "happened" | "did_not_happen"}), the
 * decider's counterpart of the person's "It happened" / "It did not": happened puts the step into the workflow as it
 * was sent; did_not_happen drops it, so a later decision may send it again. Either way the trail says so. With no
 * uncertain step there is nothing to settle, and the decision is refused like any unusable one.
 */
final class Resolution {
  private Resolution() {}

  static ApplyOutput of(ApplyInput in, Decision d) {
    Step s = in.uncertain();
    if (s == null) {
      return ApplyTurn.failed(in, d.reasoning(), null, null, "nothing is uncertain: no step waits to be resolved, so "
          + "\"resolve\" does not apply; decide a step, or done, blocked or handoff");
    }
    SecretMask mask = new SecretMask(in.values());
    String url = in.observation() == null ? in.lastUrl() : in.observation().url();
    String label = s.label() == null || s.label().isBlank() ? s.type() : s.label();
    if (ExtTurn.HAPPENED.equals(d.resolve())) {
      Step step = ApplyTurn.maskStep(s, mask);
      List<Step> steps = new ArrayList<>(in.steps());
      steps.add(step);
      List<String> notes = new ArrayList<>(in.notes());
      notes.add(mask.mask(s.provenance() == null || s.provenance().reasoning() == null ? "" : s.provenance().reasoning()));
      var ts = new ApplyTurn.TurnStep(s.type(), s.label(), null, s.value(),
          "resolved: step " + s.id() + " (" + label + ") took effect and joins the workflow", null, ExtTurn.HAPPENED);
      return ApplyTurn.build(in, mask, steps, notes, step, ts, true, false, null, null, d.reasoning(), 0, url, false,
          null, null, false);
    }
    var ts = new ApplyTurn.TurnStep(s.type(), s.label(), null, s.value(),
        "resolved: step " + s.id() + " (" + label + ") did not take effect; it is not in the workflow and may be decided again",
        null, ExtTurn.DID_NOT_HAPPEN);
    return ApplyTurn.build(in, mask, in.steps(), in.notes(), null, ts, false, false, null, null, d.reasoning(),
        in.failures(), url, false, null, null, false);
  }
}

package dev.waymark.replay;

import dev.waymark.replay.RunLog.Mark;
import dev.waymark.replay.RunLog.PriorRun;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Whether starting a run at a step would perform again what an earlier, unfinished run of the same workflow did
 * (decision 0054). Only steps whose second performance is a second effect count: a click, a key press, an upload,
 * a script, a tab closed. Opening a page, typing a value over itself, choosing the same option, reading, waiting and
 * asking the person again change nothing the first time did not; a step marked {@code always} is one its author says
 * may run again.
 */
final class RerunGuard {
  private static final Set<String> NOT_REPEATABLE = Set.of(StepTypes.CLICK, StepTypes.PRESS, StepTypes.UPLOAD,
      StepTypes.EVAL, StepTypes.CLOSE_TAB);

  private RerunGuard() {}

  /** Whether performing {@code step} a second time may do something a second time. */
  static boolean notRepeatable(Step step) {
    return NOT_REPEATABLE.contains(step.type()) && !step.always();
  }

  /** The steps from {@code start} on that the earlier run performed or may have performed and that must not run again. */
  static List<String> repeated(List<Step> steps, int start, PriorRun prior) {
    List<String> out = new ArrayList<>();
    for (int i = Math.max(0, start); i < steps.size(); i++) {
      Step s = steps.get(i);
      Mark m = prior.marks().get(WorkflowRunner.idOf(s, i));
      if (m == null || !notRepeatable(s)) continue;
      out.add(describe(s, i, m));
    }
    return out;
  }

  /**
   * Why {@code --start-at auto} must not start at {@code start}, or null when it may: the run would repeat steps
   * the earlier run performed, or the record of that run is damaged and cannot say.
   */
  static String refusal(List<Step> steps, int start, String where, PriorRun prior) {
    if (prior.problem() != null) {
      return "the record of the last run of this workflow cannot be read (" + prior.problem() + "), so it cannot say "
          + "which steps that run performed. Check the page, then rerun with --start-at ID, or with --fresh to set "
          + "the record aside and start over";
    }
    List<String> again = repeated(steps, start, prior);
    if (again.isEmpty()) return null;
    return "the last run of this workflow (" + prior.ended() + ") " + String.join(", ", again) + "; starting at "
        + where + " would do " + (again.size() == 1 ? "it" : "them") + " again. Check the page, then rerun with "
        + "--start-at ID (a resume point after " + (again.size() == 1 ? "it" : "them") + "), or with --fresh to "
        + "start over anyway";
  }

  /** A line for a person when a run that was not asked to go on starts over what an earlier run did, or null. */
  static String notice(List<Step> steps, int start, String where, PriorRun prior) {
    if (prior.isEmpty()) return null;
    List<String> again = repeated(steps, start, prior);
    if (prior.problem() == null && again.isEmpty()) return null;
    if (prior.problem() != null) return "the record of the last run of this workflow cannot be read (" + prior.problem() + ")";
    return "the last run of this workflow (" + prior.ended() + ") " + String.join(", ", again) + "; this run starts at "
        + where + " as asked (--start-at auto refuses to repeat them)";
  }

  private static String describe(Step s, int index, Mark m) {
    String what = s.type() + " " + WorkflowRunner.idOf(s, index) + (s.label() == null || s.label().isBlank() ? "" : " (" + s.label() + ")");
    return switch (m) {
      case DONE -> "performed " + what;
      case SENT -> "may have performed " + what + ": it was sent when that run ended";
      case UNCERTAIN -> "may have performed " + what + ": its result was uncertain";
    };
  }
}

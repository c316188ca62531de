package dev.waymark.replay;

import static dev.waymark.replay.WorkflowRunner.AUTO;
import static dev.waymark.replay.WorkflowRunner.emptyCondition;
import static dev.waymark.replay.WorkflowRunner.idOf;

import dev.waymark.replay.RunLog.PriorRun;
import dev.waymark.workflow.Condition;
import dev.waymark.workflow.ResumePoint;
import dev.waymark.workflow.Rewind;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a run re-enters its workflow: at the beginning, at a resume point the person names, or ({@code auto}) at the
 * latest one the browser stands at; rewinding the browser back to the point when it stands elsewhere; and not at all
 * when an earlier run that did not complete already performed what would run again. Apart from
 * {@link WorkflowRunner} because it is decided once, before the first step, by reading the page and going back,
 * while the runner only goes forward through the steps.
 */
final class ReEntry {
  /** What re-entry does through the run, so its rewinds and checks are recorded and masked like any step. */
  interface Moves {
    /** Performs a rewind action as a step of the run, listed as a rewind. */
    ReplayStepResult rewind(Step action, int fromIndex) throws InterruptedException;

    /** Whether the predicate holds on the page as it is now; {@code what} names the check for the log. */
    boolean holds(Condition when, String what) throws InterruptedException;

    /** One line of progress for a person watching. */
    void progress(String line);
  }

  /**
   * Where the run starts: a step index and the point's id (null: the beginning); or, when {@code stop} is set, the
   * outcome the run ends with before its first step, why, and the step it names.
   */
  record Start(int index, String point, ReplayResult.Outcome stop, String error, String failedStep) {
    static Start at(int index, String point) {
      return new Start(index, point, null, null, null);
    }

    static Start stop(ReplayResult.Outcome stop, String error, String failedStep) {
      return new Start(-1, null, stop, error, failedStep);
    }
  }

  private final List<Step> steps;
  private final Moves run;
  private final Set<String> rewindIds = new LinkedHashSet<>();

  ReEntry(List<Step> steps, Moves run) {
    this.steps = steps;
    this.run = run;
  }

  /** Where a run with {@code startAt} (null or blank: the beginning) starts, given what an earlier run did. */
  Start start(String startAt, PriorRun prior) throws InterruptedException {
    int start = 0;
    String startPoint = null;
    boolean auto = startAt != null && AUTO.equalsIgnoreCase(startAt.strip());
    if (startAt != null && !startAt.isBlank()) {
      Start s;
      try {
        s = findStart(startAt.strip());
      } catch (UncertainRewind u) {
        return Start.stop(ReplayResult.Outcome.UNCERTAIN, "the rewind " + u.result.stepId() + " may or may not have taken effect: "
            + u.result.error() + " Check the page by hand; it is not repeated.", u.result.stepId());
      }
      if (s.stop() != null) return s;
      start = s.index();
      startPoint = s.point();
    }
    // What an earlier run that did not complete performed: auto never does it again; a start the person named is
    // theirs to choose, and they are told.
    String where = startPoint == null ? "the beginning" : "resume point " + startPoint;
    if (auto) {
      String refused = RerunGuard.refusal(steps, start, where, prior);
      if (refused != null) return Start.stop(ReplayResult.Outcome.START_NOT_REACHED, refused, null);
    } else {
      String notice = RerunGuard.notice(steps, start, where, prior);
      if (notice != null) run.progress(notice);
    }
    return Start.at(start, startPoint);
  }

  private Start findStart(String startAt) throws InterruptedException, UncertainRewind {
    if (AUTO.equalsIgnoreCase(startAt)) {
      for (int i = steps.size() - 1; i >= 0; i--) {
        ResumePoint rp = steps.get(i).resume();
        if (rp == null || rp.when() == null || emptyCondition(rp.when())) continue;
        if (run.holds(rp.when(), "resume " + pointId(i))) {
          run.progress("the browser stands at resume point " + pointId(i) + ": starting there");
          return Start.at(i, pointId(i));
        }
      }
      run.progress("the browser stands at no resume point: starting at the beginning");
      return Start.at(0, null);
    }
    int target = indexOfPoint(startAt);
    if (target < 0) {
      List<String> known = new ArrayList<>();
      for (int i = 0; i < steps.size(); i++) if (steps.get(i).resume() != null) known.add(pointId(i));
      return Start.stop(ReplayResult.Outcome.START_NOT_REACHED, "the workflow has no resume point \"" + startAt + "\""
          + (known.isEmpty() ? " (it has none)" : " (it has " + String.join(", ", known) + ")"), null);
    }
    if (reach(target, 0)) {
      run.progress("starting at resume point " + startAt);
      return Start.at(target, startAt);
    }
    return Start.stop(ReplayResult.Outcome.START_NOT_REACHED, "the browser does not stand at resume point " + startAt
        + (hasWhen(target) ? " (" + describe(steps.get(target).resume().when()) + " does not hold)" : "")
        + " and no rewind brought it there", idOf(steps.get(target), target));
  }

  /** Whether the browser stands at point {@code target} now, or after following rewinds that lead to it. */
  private boolean reach(int target, int depth) throws InterruptedException, UncertainRewind {
    ResumePoint point = steps.get(target).resume();
    if (hasWhen(target) && standsAt(target)) return true;
    // Later points that declare how to get back here, the latest first: the browser is most likely furthest on.
    for (int j = steps.size() - 1; j > target; j--) {
      ResumePoint from = steps.get(j).resume();
      if (from == null || from.rewind() == null || !point.id().equals(from.rewind().to())) continue;
      Rewind rw = from.rewind();
      if (rw.selector() == null && rw.url() == null) continue;
      if (rw.selector() != null && rw.url() == null) {
        // The control that leads back lives on the later point's page: be there first.
        boolean there = hasWhen(j) ? standsAt(j) || (depth < steps.size() && reach(j, depth + 1)) : true;
        if (!there) continue;
      }
      if (!applyRewind(j, from, point)) continue;
      if (!hasWhen(target) || standsAt(target)) return true;
      run.progress("after the rewind from " + from.id() + " the browser still does not stand at " + point.id());
    }
    // A point nothing can recognize and nothing rewinds to: the person asked for it, so trust them.
    return !hasWhen(target) && depth == 0;
  }

  private boolean applyRewind(int fromIndex, ResumePoint from, ResumePoint to) throws InterruptedException, UncertainRewind {
    Rewind rw = from.rewind();
    // Each rewind performed gets its own id, so a rewind taken twice reads as two lines.
    String base = "rewind-" + from.id() + "-" + to.id();
    for (int n = 2; !rewindIds.add(base); n++) base = "rewind-" + from.id() + "-" + to.id() + "-" + n;
    Step action = rw.url() != null
        ? Step.builder(StepTypes.NAVIGATE).id(base).label("Rewind from " + from.id() + " to " + to.id()).url(rw.url()).build()
        : Step.builder(StepTypes.CLICK).id(base).label("Rewind from " + from.id() + " to " + to.id())
            .selector(Selector.css(rw.selector())).build();
    ReplayStepResult r = run.rewind(action, fromIndex);
    if (r.uncertain()) throw new UncertainRewind(r);
    if (!r.ok()) return false;
    WaitConfig w = rw.waitFor();
    if (w != null && (w.selector() != null || w.text() != null || w.urlIncludes() != null || w.delayMs() > 0)) {
      Step wait = Step.builder(StepTypes.WAIT).id(base + "-wait").label("Wait after the rewind to " + to.id()).waitFor(w)
          .timeoutMs(w.timeoutMs() > 0 ? w.timeoutMs() : 0).build();
      ReplayStepResult waited = run.rewind(wait, fromIndex);
      if (waited.uncertain()) throw new UncertainRewind(waited);
      return waited.ok();
    }
    return true;
  }

  private boolean standsAt(int index) throws InterruptedException {
    return run.holds(steps.get(index).resume().when(), "resume " + pointId(index));
  }

  private boolean hasWhen(int index) {
    ResumePoint rp = steps.get(index).resume();
    return rp != null && rp.when() != null && !emptyCondition(rp.when());
  }

  private int indexOfPoint(String id) {
    for (int i = 0; i < steps.size(); i++) {
      ResumePoint rp = steps.get(i).resume();
      if (rp != null && id.equals(rp.id())) return i;
    }
    return -1;
  }

  private String pointId(int index) {
    ResumePoint rp = steps.get(index).resume();
    return rp != null && rp.id() != null ? rp.id() : idOf(steps.get(index), index);
  }

  private static String describe(Condition c) {
    List<String> parts = new ArrayList<>();
    if (c.selector() != null) parts.add("an element matches " + c.selector());
    if (c.text() != null) parts.add("the page shows \"" + c.text() + "\"");
    if (c.urlIncludes() != null) parts.add("the address contains " + c.urlIncludes());
    String joined = String.join("any".equals(c.match()) ? " or " : " and ", parts);
    return c.negate() ? "not (" + joined + ")" : joined;
  }

  /** A rewind action whose effect is unknown: no other way back is tried on top of it. */
  private static final class UncertainRewind extends Exception {
    final transient ReplayStepResult result;

    UncertainRewind(ReplayStepResult result) {
      super(result.stepId(), null, false, false);
      this.result = result;
    }
  }
}

package dev.waymark.session;

import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Step;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The pure state transitions shared by the live session and journal replay, so both build the same state. */
final class SessionMath {
  private SessionMath() {}

  static SessionState afterTurn(SessionState s, JournalEntry e) {
    List<Step> steps = new ArrayList<>(s.steps());
    List<String> notes = new ArrayList<>(s.notes());
    Map<String, PageObservation> obs = new LinkedHashMap<>(s.observations());
    Set<String> origins = new LinkedHashSet<>(s.taskOrigins());
    if (e.taskOrigins() != null) origins.addAll(e.taskOrigins());
    if (e.step() != null) {
      steps.add(e.step());
      notes.add(e.note() == null ? "" : e.note());
      if (e.observation() != null) obs.put(e.step().id(), e.observation());
    }
    List<ExtTurn> trail = new ArrayList<>(s.trail());
    if (e.turn() != null) trail.add(e.turn());
    Map<String, String> stored = new LinkedHashMap<>(s.stored());
    if (e.stored() != null) stored.putAll(e.stored());
    return s.toBuilder().steps(steps).notes(notes).trail(trail).observations(obs).taskOrigins(origins).stored(stored)
        .budget(orElse(e.budget(), s.budget())).failures(orElse(e.failures(), s.failures()))
        .givenBack(orElse(e.givenBack(), s.givenBack()))
        .lastObservation(e.lastObservation() != null ? e.lastObservation() : s.lastObservation())
        .lastUrl(e.lastUrl() != null ? e.lastUrl() : s.lastUrl()).done(e.done() != null ? e.done() : s.done())
        .continueLoop(e.continueLoop() != null ? e.continueLoop() : s.continueLoop()).build();
  }

  /** The state with step {@code stepId}'s expect replaced ({@code expect} empty or null: dropped). */
  static SessionState withExpect(SessionState s, String stepId, dev.waymark.workflow.Expect expect) {
    List<Step> steps = new ArrayList<>(s.steps());
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i).id().equals(stepId)) steps.set(i, steps.get(i).withExpect(expect));
    }
    return s.toBuilder().steps(steps).build();
  }

  static SessionState afterUndo(SessionState s, String stepId, ExtTurn turn) {
    List<Step> steps = new ArrayList<>(s.steps());
    List<String> notes = new ArrayList<>(s.notes());
    int i = steps.size() - 1;
    Map<String, String> stored = new LinkedHashMap<>(s.stored());
    if (i >= 0 && steps.get(i).id().equals(stepId)) {
      String slot = steps.get(i).store();
      // The slot goes with the step that filled it, unless an earlier step stores the same slot.
      if (slot != null && steps.subList(0, i).stream().noneMatch(x -> slot.equals(x.store()))) stored.remove(slot);
      steps.remove(i);
      if (i < notes.size()) notes.remove(i);
    }
    Map<String, PageObservation> obs = new LinkedHashMap<>(s.observations());
    obs.remove(stepId);
    List<ExtTurn> trail = new ArrayList<>(s.trail());
    if (turn != null) trail.add(turn);
    return s.toBuilder().steps(steps).notes(notes).trail(trail).observations(obs).stored(stored).done(false)
        .continueLoop(s.budget() > 0 && s.failures() < s.maxFailures()).build();
  }

  private static int orElse(Integer v, int dflt) {
    return v == null ? dflt : v;
  }
}

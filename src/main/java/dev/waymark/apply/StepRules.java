package dev.waymark.apply;

import dev.waymark.observe.ObservedTab;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The may-write rules that depend on the session and the page rather than on the step alone: the session's
 * capabilities, and tab steps naming a tab the observation lists in the role the step needs. The extension
 * checks tabs again; refusing here tells the model which ids it may use before anything reaches the browser.
 */
final class StepRules {
  private StepRules() {}

  static void check(Step step, ApplyInput in) throws DecisionException {
    String missing = in.capabilities().missingFor(step);
    if (missing != null) throw new DecisionException(Capabilities.refusal(missing));
    switch (step.type()) {
      case StepTypes.SWITCH_TAB, StepTypes.CLOSE_TAB, StepTypes.ADOPT_TAB -> checkTab(step, in.observation());
      default -> { }
    }
  }

  private static void checkTab(Step step, PageObservation obs) throws DecisionException {
    String type = step.type();
    int id;
    try {
      id = Integer.parseInt(step.value().strip());
    } catch (NumberFormatException e) {
      throw new DecisionException("a " + type + " step needs \"value\": a tab id, a number from the observation's tabs, not \""
          + StepWriter.abbreviate(step.value(), 40) + "\"; " + listed(obs));
    }
    ObservedTab task = obs == null ? null : find(obs.taskTabs(), id);
    ObservedTab open = obs == null ? null : find(obs.openTabs(), id);
    if (task == null && open == null) {
      throw new DecisionException("tab " + id + " is not in the current observation's tabs; " + listed(obs));
    }
    switch (type) {
      case StepTypes.SWITCH_TAB -> {
        if (task == null) throw new DecisionException("tab " + id + " is not one of the task's tabs; to work in a tab the "
            + "person has open, use adoptTab with its id");
      }
      case StepTypes.CLOSE_TAB -> {
        if (task == null) throw new DecisionException("tab " + id + " is the person's, not the task's, so it is never closed");
        if (task.current()) throw new DecisionException("tab " + id + " is the current tab; switchTab to another task tab "
            + "before closing it");
        if (task.adopted()) throw new DecisionException("tab " + id + " was adopted: it stays the person's and is never closed");
        if (!task.openedByTask()) throw new DecisionException("tab " + id + " was not opened by this task, so it is not closed; "
            + "closeTab closes only tabs marked opened by task");
      }
      case StepTypes.ADOPT_TAB -> {
        if (open == null) throw new DecisionException("tab " + id + " is already one of the task's tabs; use switchTab to go to it");
      }
      default -> { }
    }
  }

  private static ObservedTab find(List<ObservedTab> tabs, int id) {
    for (ObservedTab t : tabs) if (t.id() == id) return t;
    return null;
  }

  /** The ids a tab step may name, as the refusal lists them. */
  private static String listed(PageObservation obs) {
    if (obs == null || (obs.taskTabs().isEmpty() && obs.openTabs().isEmpty())) return "the observation lists no tabs";
    StringBuilder b = new StringBuilder("the observation lists task tabs ");
    b.append(obs.taskTabs().isEmpty() ? "none" : obs.taskTabs().stream().map(StepRules::describe).collect(Collectors.joining(", ")));
    b.append(" and open tabs ");
    b.append(obs.openTabs().isEmpty() ? "none" : obs.openTabs().stream().map(t -> String.valueOf(t.id())).collect(Collectors.joining(", ")));
    return b.toString();
  }

  private static String describe(ObservedTab t) {
    String flags = (t.current() ? " current" : "") + (t.openedByTask() ? " opened by task" : "") + (t.adopted() ? " adopted" : "");
    return t.id() + (flags.isEmpty() ? "" : " (" + flags.strip() + ")");
  }
}

package dev.waymark.workflow;

import java.util.List;

/** A workflow file that cannot be loaded, with every problem found (not only the first). */
public final class WorkflowLoadException extends Exception {
  private final List<WorkflowProblem> problems;

  public WorkflowLoadException(List<WorkflowProblem> problems) {
    super(summary(problems));
    this.problems = List.copyOf(problems);
  }

  public List<WorkflowProblem> problems() {
    return problems;
  }

  private static String summary(List<WorkflowProblem> problems) {
    StringBuilder sb = new StringBuilder(problems.size() == 1 ? "1 problem" : problems.size() + " problems");
    for (WorkflowProblem p : problems) sb.append(System.lineSeparator()).append("  ").append(p);
    return sb.toString();
  }
}

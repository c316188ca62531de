package dev.waymark.workflow;

/** One thing wrong with a workflow file: where (line, field path) and what, in words that say what to fix. */
public record WorkflowProblem(int line, String field, String message) {
  @Override
  public String toString() {
    return (line > 0 ? "line " + line + ": " : "") + (field == null || field.isEmpty() ? "" : field + ": ") + message;
  }
}

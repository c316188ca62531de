package dev.waymark.session;

import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.nio.file.Path;

/** Turns a session's accepted steps into workflow YAML: tokens stay tokens, values are never written. */
public final class Exporter {
  private Exporter() {}

  public static Workflow workflow(SessionState s) {
    String id = s.workflowId() == null || s.workflowId().isBlank() ? "workflow" : s.workflowId();
    return new Workflow(id, s.goal() == null || s.goal().isBlank() ? id : firstLine(s.goal()), s.goal(),
        s.variables(), s.steps());
  }

  static String yaml(SessionState s, Redactor redactor) {
    return redactor.redact(WorkflowYaml.write(workflow(s)));
  }

  static void write(Path file, SessionState s, Redactor redactor) throws IOException {
    AtomicFiles.write(file, yaml(s, redactor));
  }

  private static String firstLine(String text) {
    String line = text.strip().lines().findFirst().orElse("");
    return line.length() <= 80 ? line : line.substring(0, 79) + "…";
  }
}

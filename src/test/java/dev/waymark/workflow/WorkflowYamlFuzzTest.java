package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.waymark.testing.Fuzzing;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the workflow YAML loader with any file: it is a {@link Workflow} whose written form reads back to itself, or a
 * {@link WorkflowLoadException} with at least one problem, each on a line of the file; the same for the key lines an
 * edit uses. Within the budget of one input.
 */
class WorkflowYamlFuzzTest {
  private static final Fuzzing.Target TARGET = Fuzzing.target(WorkflowYamlFuzzTest.class, "aFileIsAWorkflowThatRoundTripsOrProblemsWithLines");

  @FuzzTest(maxDuration = "60s")
  void aFileIsAWorkflowThatRoundTripsOrProblemsWithLines(byte[] data) throws Exception {
    String yaml = Fuzzing.text(data);
    // YAML 1.1 also breaks lines at NEL, LS and PS, and problems carry the parser's line numbers (found by fuzzing)
    long lines = yaml.split("\r\n|[\n\r\u0085\u2028\u2029]", -1).length;
    TARGET.run(() -> {
      Workflow workflow = null;
      try {
        workflow = WorkflowYaml.read(yaml);
      } catch (WorkflowLoadException e) {
        assertProblems(e, lines);
      }
      if (workflow != null) {
        String written = WorkflowYaml.write(workflow);
        String again;
        try {
          again = WorkflowYaml.write(WorkflowYaml.read(written));
        } catch (WorkflowLoadException e) {
          throw new AssertionError("the written form of a readable workflow does not load:\n" + written, e);
        }
        // The written form is the fixed point, not the record: every field but a step's value writes an empty
        // string as absent, where blank means absent anyway (found by fuzzing: {css} read as "" came back null).
        assertThat(again).as("write(read(write(w)))").isEqualTo(written);
      }
      try {
        assertThat(WorkflowYaml.keyLines(yaml).values()).allSatisfy(line -> assertThat(line).isBetween(1, (int) lines));
      } catch (WorkflowLoadException e) {
        assertProblems(e, lines);
      }
    });
  }

  private static void assertProblems(WorkflowLoadException e, long lines) {
    assertThat(e.problems()).isNotEmpty();
    assertThat(e.problems()).allSatisfy(p -> {
      assertThat(p.line()).isBetween(0, (int) lines);
      assertThat(p.message()).isNotBlank();
    });
  }

  @AfterAll
  static void figures() {
    TARGET.report();
  }
}

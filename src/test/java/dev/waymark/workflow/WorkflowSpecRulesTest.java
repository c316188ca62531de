package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The spec's output and store rules as a workflow file is checked before it runs. */
class WorkflowSpecRulesTest {
  @Test
  void aSlotStoredByAnEarlierStepIsUsableAsAToken() throws Exception {
    Workflow w = WorkflowYaml.read("""
        id: w
        steps:
          - id: s1
            type: extract
            selector: {css: "#order"}
            store: order_id
          - id: s2
            type: fill
            selector: {css: "#q"}
            value: "{{ order_id }}"
        """);
    assertThat(w.steps()).hasSize(2);
  }

  @Test
  void aSlotIsNotReadableBeforeTheStepThatStoresIt() {
    assertThatThrownBy(() -> WorkflowYaml.read("""
        id: w
        steps:
          - id: s1
            type: fill
            selector: {css: "#q"}
            value: "{{ order_id }}"
          - id: s2
            type: extract
            selector: {css: "#order"}
            store: order_id
        """)).isInstanceOfSatisfying(WorkflowLoadException.class, e -> assertThat(e.problems()).singleElement()
            .satisfies(p -> {
              assertThat(p.line()).isEqualTo(6);
              assertThat(p.message()).contains("{{ order_id }} is not declared under variables, and no earlier step stores it");
            }));
  }

  @Test
  void outputOtherThanTheControllingClientIsAProblemOnItsLine() {
    assertThatThrownBy(() -> WorkflowYaml.read("""
        id: w
        steps:
          - id: s1
            type: capturePageFile
            format: pdf
            output: s3://bucket/page.pdf
        """)).isInstanceOfSatisfying(WorkflowLoadException.class, e -> assertThat(e.problems()).singleElement()
            .satisfies(p -> {
              assertThat(p.line()).isEqualTo(6);
              assertThat(p.field()).isEqualTo("steps[0].output");
              assertThat(p.message()).contains("only destination");
            }));
  }

  @Test
  void outputClientOnACaptureIsHonoured() throws Exception {
    Workflow w = WorkflowYaml.read("""
        id: w
        steps:
          - id: s1
            type: capturePageFile
            format: pdf
            output: client
        """);
    assertThat(w.steps().get(0).output()).isEqualTo("client");
  }
}

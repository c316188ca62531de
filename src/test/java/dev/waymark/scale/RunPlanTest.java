package dev.waymark.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The plan: workflows × rows in order, and the columns it refuses. */
class RunPlanTest {
  private static Workflow yaml(String text) {
    try {
      return WorkflowYaml.read(text);
    } catch (dev.waymark.workflow.WorkflowLoadException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final Workflow SIGN_IN = yaml("""
      id: sign-in
      variables:
        email: the account's email
        password: the account's password
      steps:
        - id: email
          type: fill
          selector: {css: "#email"}
          value: "{{ email }}"
        - id: password
          type: fill
          selector: {css: "input[type=password]"}
          value: "{{ password }}"
      """);
  private static final Workflow ORDER = yaml("""
      id: order
      variables:
        email: the account's email
        code: the code
      steps:
        - id: code
          type: fill
          selector: {css: "#code"}
          target: {role: textbox, name: Code, type: password}
          value: "{{ code }}"
      """);

  private static RunPlan.Source source(String name, Workflow wf) {
    return new RunPlan.Source(Path.of(name), "", wf);
  }

  @Test
  void everyWorkflowRunsOncePerRowWorkflowByWorkflow() throws Exception {
    CsvRows rows = CsvRows.parse("email\na@x.org\nb@x.org\n");
    RunPlan plan = RunPlan.of(List.of(source("one.yaml", SIGN_IN), source("two.yaml", SIGN_IN)), rows, Set.of("password"), "rows.csv");

    assertThat(plan.runs()).extracting(RunPlan.Planned::describe)
        .containsExactly("one.yaml row 1", "one.yaml row 2", "two.yaml row 1", "two.yaml row 2");
    assertThat(plan.runs()).extracting(RunPlan.Planned::number).containsExactly(1, 2, 3, 4);
  }

  @Test
  void withoutRowsEachWorkflowRunsOnce() throws Exception {
    RunPlan plan = RunPlan.of(List.of(source("one.yaml", SIGN_IN), source("two.yaml", ORDER)), null, Set.of(), "-");
    assertThat(plan.runs()).extracting(RunPlan.Planned::describe).containsExactly("one.yaml", "two.yaml");
    assertThat(plan.runs().get(0).rowValues()).isEmpty();
  }

  @Test
  void aColumnThatIsNotAVariableOfEveryWorkflowIsRefusedNamingTheWorkflow() throws Exception {
    CsvRows rows = CsvRows.parse("email,code\na@x.org,1\n");
    assertThatThrownBy(() -> RunPlan.of(List.of(source("one.yaml", SIGN_IN), source("two.yaml", ORDER)), rows, Set.of(), "rows.csv"))
        .isInstanceOfSatisfying(RunPlan.PlanException.class, e -> assertThat(e.problems()).anySatisfy(p -> assertThat(p)
            .contains("rows.csv:1: column code is not a variable of one.yaml").contains("email, password")));
  }

  @Test
  void aColumnThatTheValuesFileAlsoHoldsIsASecretAndRefused() throws Exception {
    CsvRows rows = CsvRows.parse("email,password\na@x.org,hunter2\n");
    assertThatThrownBy(() -> RunPlan.of(List.of(source("one.yaml", SIGN_IN)), rows, Set.of("password"), "rows.csv"))
        .isInstanceOfSatisfying(RunPlan.PlanException.class, e -> assertThat(e.problems()).singleElement().asString()
            .contains("column password also has a value in the values file").doesNotContain("hunter2"));
  }

  @Test
  void aColumnTypedIntoAPasswordFieldIsRefusedByTheSelectorOrTheTarget() throws Exception {
    assertThatThrownBy(() -> RunPlan.of(List.of(source("one.yaml", SIGN_IN)), CsvRows.parse("password\nx\n"), Set.of(), "rows.csv"))
        .hasMessageContaining("column password is typed into a password field by step password of one.yaml");
    assertThatThrownBy(() -> RunPlan.of(List.of(source("two.yaml", ORDER)), CsvRows.parse("code\nx\n"), Set.of(), "rows.csv"))
        .hasMessageContaining("step code of two.yaml");
  }

  @Test
  void aRunsValuesAreItsRowAndTheSecretsItsWorkflowDeclares() throws Exception {
    RunPlan plan = RunPlan.of(List.of(source("one.yaml", SIGN_IN)), CsvRows.parse("email\na@x.org\n"), Set.of("password"), "rows.csv");
    Map<String, String> v = RunPlan.valuesOf(plan.runs().get(0), Map.of("password", "pw", "unrelated", "u"));
    assertThat(v).containsOnly(Map.entry("email", "a@x.org"), Map.entry("password", "pw"));
  }
}

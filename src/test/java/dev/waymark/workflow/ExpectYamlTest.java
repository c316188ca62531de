package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpectYamlTest {

  private static Workflow withExpects() {
    Step fill = Step.builder("fill").id("s1").selector(Selector.css("#new")).value("{{ item }}")
        .expect(new Expect(null, null, null, null, "{{ item }}", null)).build();
    Step press = Step.builder("press").id("s2").selector(Selector.css("#new")).value("Enter")
        .expect(new Expect(null, null, new Expect.Element("checkbox", "Toggle"), null, null, new Expect.Count("ul > li", 1)))
        .build();
    Step click = Step.builder("click").id("s3").selector(Selector.css("a.active"))
        .expect(new Expect("/index.html#/active", "Todos", null, new Expect.Element("link", "Clear"), null, null)).build();
    return new Workflow("todo", "Todo", null, Map.of("item", "what to add"), List.of(fill, press, click));
  }

  @Test
  void expectsSurviveExportImportExportByteForByte() throws Exception {
    String first = WorkflowYaml.write(withExpects());
    Workflow back = WorkflowYaml.read(first);

    assertThat(back).isEqualTo(withExpects());
    assertThat(WorkflowYaml.write(back)).isEqualTo(first);
    assertThat(first).contains("expect:", "count:", "by: 1", "appears:", "value: \"{{ item }}\"");
  }

  @Test
  void aStepWithoutExpectWritesNoBlock() {
    Workflow w = new Workflow("w", "W", null, Map.of(), List.of(Step.builder("click").id("s1").selector(Selector.css("#a")).build()));
    assertThat(WorkflowYaml.write(w)).doesNotContain("expect");
  }

  @Test
  void anExpectReplayCouldNeverSeeIsAProblemWithItsLine() {
    String yaml = """
        id: w
        name: W
        steps:
          - id: s1
            type: click
            selector:
              css: '#a'
            expect:
              value: x
              count:
                list: li
                by: 0
              appears: {}
              colour: red
        """;
    assertThatThrownBy(() -> WorkflowYaml.read(yaml)).isInstanceOf(WorkflowLoadException.class)
        .satisfies(e -> {
          List<WorkflowProblem> p = ((WorkflowLoadException) e).problems();
          assertThat(p).extracting(WorkflowProblem::message).anyMatch(m -> m.contains("unknown field \"colour\""));
        });
    String meaning = yaml.replace("      colour: red\n", "");
    assertThatThrownBy(() -> WorkflowYaml.read(meaning)).isInstanceOf(WorkflowLoadException.class)
        .satisfies(e -> {
          List<WorkflowProblem> p = ((WorkflowLoadException) e).problems();
          assertThat(p).extracting(WorkflowProblem::field)
              .contains("steps[0].expect.value", "steps[0].expect.count.by", "steps[0].expect.appears");
          assertThat(p).allMatch(x -> x.line() > 0);
        });
  }

  @Test
  void aTokenInAnExpectMustBeDeclaredLikeAnyOther() {
    Workflow w = withExpects();
    String yaml = WorkflowYaml.write(new Workflow(w.id(), w.name(), null, Map.of(), w.steps()));
    assertThatThrownBy(() -> WorkflowYaml.read(yaml)).isInstanceOf(WorkflowLoadException.class)
        .hasMessageContaining("{{ item }}");
  }
}

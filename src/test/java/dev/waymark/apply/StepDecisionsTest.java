package dev.waymark.apply;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.ExtractField;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.ResumePoint;
import dev.waymark.workflow.Rewind;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A step written back as a decision and applied again by a person is the same step, field for field. */
class StepDecisionsTest {

  static Stream<String> types() {
    return StepTypes.ALL.stream().sorted();
  }

  private static ApplyInput.Builder personInput(String decision) {
    return Fixtures.input(decision).observation(StepDecisionsFixtures.withTabs(Fixtures.loginPage())).decidedBy(Provenance.PERSON)
        .variables(Map.of("query", "what to search")).values(Map.of("query", "blue mugs"));
  }

  private static Step applied(String decision) {
    ApplyTurn.Prepared p = ApplyTurn.prepare(personInput(decision).build());
    assertThat(p).as(p instanceof ApplyTurn.Finished f ? f.output().error() : "ready").isInstanceOf(ApplyTurn.Ready.class);
    return ((ApplyTurn.Ready) p).step().step();
  }

  private static Step engineFieldsCleared(Step s) {
    return s.withId(null).withProvenance(null);
  }

  @ParameterizedTest
  @MethodSource("types")
  void everyFieldOfAStepOfEachTypeSurvivesTheWayBack(String type) {
    Step original = StepDecisionsFixtures.everyField(type);
    String decision = StepDecisions.decision(original, null, "as decided");
    assertThat(engineFieldsCleared(applied(decision))).isEqualTo(engineFieldsCleared(original));
  }

  @Test
  void aRefStandsForTheSelectorItResolvesTo() {
    Step original = Step.builder(StepTypes.FILL).label("Fill Email").value("{{ query }}")
        .selector(new Selector("#email", null, null, null, null, false)).timeoutMs(4000).build();
    String decision = StepDecisions.decision(original, "e1", "");
    assertThat(decision).contains("\"ref\" : \"e1\"").doesNotContain("selector");
    Step back = applied(decision);
    assertThat(back.selector().css()).isEqualTo("#email");
    assertThat(back.timeoutMs()).isEqualTo(4000);
    assertThat(back.value()).isEqualTo("{{ query }}");
  }

  @Test
  void theDecisionCarriesNeitherIdNorProvenanceNorAnyValue() throws Exception {
    String decision = StepDecisions.decision(StepDecisionsFixtures.everyField(StepTypes.FILL), null, "r");
    var step = dev.waymark.workflow.Json.mapper().readTree(decision).get("step");
    assertThat(step.has("id")).isFalse();
    assertThat(step.has("provenance")).isFalse();
    assertThat(decision).doesNotContain("blue mugs").contains("{{ query }}", "\"reasoning\" : \"r\"");
  }
}

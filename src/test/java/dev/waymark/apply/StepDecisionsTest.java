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

  /** Every field of a Step set, under the given type. */
  static Step everyField(String type) {
    Map<String, ExtractField> fields = new LinkedHashMap<>();
    fields.put("title", new ExtractField("h3", null));
    fields.put("link", new ExtractField("a", "href"));
    Map<String, String> body = new LinkedHashMap<>();
    body.put("q", "{{ query }}");
    body.put("page", "2");
    WaitConfig wait = new WaitConfig("#done", "Saved", "/ok", true, 250, 5000);
    Condition cond = new Condition("#banner", "Welcome", "/home", "all", true);
    return new Step("s9", type, "Do the thing", new Selector("li", "/html/body/ul/li", List.of(1, 2), List.of("x-app"), 3, true),
        StepTypes.SET_VIEWPORT.equals(type) ? "1280x800" : "{{ query }}", "json", "href", fields, 50, "https://x/", "sum",
        List.of("a", 2, true), body, "POST", "{{ query }}.csv", "client", wait, "Enter the code",
        new ContinueCondition(true, "#next", "Done", "/step2", 60000), 9000, true, cond, "rows",
        new ResumePoint("list", cond, new Rewind("start", "https://x/start", "a.back", wait)), true, true, true,
        Provenance.person("I saw it"));
  }

  static Stream<String> types() {
    return StepTypes.ALL.stream().sorted();
  }

  private static ApplyInput.Builder personInput(String decision) {
    return Fixtures.input(decision).decidedBy(Provenance.PERSON)
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
    Step original = everyField(type);
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
    String decision = StepDecisions.decision(everyField(StepTypes.FILL), null, "r");
    var step = dev.waymark.workflow.Json.mapper().readTree(decision).get("step");
    assertThat(step.has("id")).isFalse();
    assertThat(step.has("provenance")).isFalse();
    assertThat(decision).doesNotContain("blue mugs").contains("{{ query }}", "\"reasoning\" : \"r\"");
  }
}

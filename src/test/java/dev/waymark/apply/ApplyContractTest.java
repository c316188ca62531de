package dev.waymark.apply;

import static dev.waymark.apply.Fixtures.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The options and outputs of extension-apply.md by their spec names, and the ones no other test pins: each test
 * here fails when its option is dropped or its output stops meaning what the spec says.
 */
class ApplyContractTest {
  static final List<String> SPEC_OPTIONS = List.of("decision", "observation", "steps", "last_observation", "last_url",
      "trail", "notes", "variables", "values", "workflow_id", "client_id", "budget", "failures", "max_failures",
      "timeout_ms");
  static final List<String> SPEC_OUTPUTS = List.of("steps", "step", "notes", "trail", "count", "ok", "done", "error",
      "data", "reasoning", "failures", "budget", "match_url", "url", "continue");
  private static final String CLICK = "{\"reasoning\": \"open it\", \"step\": {\"type\": \"click\", \"ref\": \"e3\"}}";

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }

  @Test
  void everyOptionOfTheSpecIsAnOptionUnderItsName() throws Exception {
    ApplyInput in = input(CLICK).steps(List.of(Step.builder("click").id("s1").build())).lastObservation("v1:0:0")
        .lastUrl("https://x/").trail(List.of(new ExtTurn(1, "r", "click", "l", "e1", null, true, false, null, "https://x/")))
        .notes(List.of("n")).workflowId("w").clientId("c").budget(5).failures(1).maxFailures(4).timeoutMs(900).build();
    JsonNode tree = Json.mapper().readTree(Json.write(in));
    // values are the one option never written anywhere: they are real strings
    assertThat(names(tree)).containsAll(SPEC_OPTIONS.stream().filter(o -> !o.equals("values")).toList())
        .doesNotContain("values");
  }

  @Test
  void everyOutputOfTheSpecIsAnOutputUnderItsName() throws Exception {
    ApplyOutput out = ApplyTurn.apply(input(CLICK).build(), RecordingPort.succeeding("https://x/"));
    assertThat(names(Json.mapper().readTree(Json.write(out)))).containsAll(SPEC_OUTPUTS);
  }

  @Test
  void timeoutMsIsHowLongTheBrowserGetsUnlessTheStepSetsItsOwn() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyTurn.apply(input(CLICK).timeoutMs(4321).build(), port);
    ApplyTurn.apply(input("{\"step\": {\"type\": \"click\", \"ref\": \"e3\", \"timeout_ms\": 777}}").timeoutMs(4321).build(), port);
    assertThat(port.calls).extracting(RecordingPort.Call::timeoutMs).containsExactly(4321, 777);
  }

  @Test
  void stepsNotesAndTrailTravelWithTheSessionAndGrowByThisTurn() {
    Step earlier = Step.builder("navigate").id("s1").url("https://shop.example.com/").build();
    ExtTurn first = new ExtTurn(1, "go there", "navigate", "Go", null, null, true, false, null, "about:blank");
    ApplyOutput out = ApplyTurn.apply(input(CLICK).steps(List.of(earlier)).notes(List.of("go there"))
        .trail(List.of(first)).build(), RecordingPort.succeeding(null));

    assertThat(out.steps()).hasSize(2).first().isEqualTo(earlier);
    assertThat(out.step()).isEqualTo(out.steps().get(1));
    assertThat(out.notes()).containsExactly("go there", "open it");
    assertThat(out.trail()).hasSize(2).first().isEqualTo(first);
    assertThat(out.lastTurn().turn()).isEqualTo(2);
    assertThat(out.count()).isEqualTo(2);
    assertThat(out.reasoning()).isEqualTo("open it");
  }

  @Test
  void aRefusedTurnLeavesTheStepsAsTheyWereButStillJoinsTheTrail() {
    Step earlier = Step.builder("navigate").id("s1").url("https://shop.example.com/").build();
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\": \"x\", \"step\": {\"type\": \"click\", \"ref\": \"e77\"}}")
        .steps(List.of(earlier)).build(), RecordingPort.succeeding(null));
    assertThat(out.step()).isNull();
    assertThat(out.steps()).containsExactly(earlier);
    assertThat(out.count()).isEqualTo(1);
    assertThat(out.trail()).singleElement().satisfies(t -> assertThat(t.error()).contains("e77"));
  }

  @Test
  void variablesNameWhatTheWorkflowMayUseAndNothingElse() {
    ApplyOutput declared = ApplyTurn.apply(input("{\"step\": {\"type\": \"fill\", \"ref\": \"e1\", \"value\": \"{{ email }}\"}}")
        .build(), RecordingPort.succeeding(null));
    ApplyOutput undeclared = ApplyTurn.apply(input("{\"step\": {\"type\": \"fill\", \"ref\": \"e1\", \"value\": \"{{ email }}\"}}")
        .variables(java.util.Map.of("password", "p")).build(), RecordingPort.succeeding(null));
    assertThat(declared.ok()).isTrue();
    assertThat(undeclared.ok()).isFalse();
    assertThat(undeclared.error()).contains("{{ email }}");
  }
}

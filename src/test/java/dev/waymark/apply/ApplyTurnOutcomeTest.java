package dev.waymark.apply;

import static dev.waymark.apply.Fixtures.SECRET;
import static dev.waymark.apply.Fixtures.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a step made happen besides itself reaches the turn's outputs and trail; a decision may resolve an uncertain step. */
class ApplyTurnOutcomeTest {
  private static final String CLICK_E3 = "{\"reasoning\":\"delete it\",\"done\":false,\"step\":{\"type\":\"click\",\"ref\":\"e3\"}}";

  private static StepOutcome dialogAndDownload(String message) {
    return new StepOutcome(List.of(new StepOutcome.Dialog("confirm", message, "dismissed", null)),
        List.of(new StepOutcome.Download("report.csv", 1234, "text/csv", true, null)),
        List.of(new StepOutcome.Tab(17, "https://shop.example.com/help", "Help")), null, false, null, null, false, null);
  }

  private static RecordingPort answering(StepOutcome o, boolean ok) {
    return new RecordingPort(s -> new StepResult(s.id(), ok, ok ? null : "the page refused it", null,
        "https://shop.example.com/", null, false, false, false, o));
  }

  @Test
  void theStepsOutcomeIsAnOutputAndInTheTrailWithEachDialogAttributedToTheStep() {
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).build(), answering(dialogAndDownload("Delete 3 items?"), true));

    assertThat(out.ok()).isTrue();
    StepOutcome o = out.outcome();
    assertThat(o.dialogs()).containsExactly(new StepOutcome.Dialog("confirm", "Delete 3 items?", "dismissed", out.step().id()));
    assertThat(o.downloads()).containsExactly(new StepOutcome.Download("report.csv", 1234, "text/csv", true, null));
    assertThat(o.tabsOpened()).containsExactly(new StepOutcome.Tab(17, "https://shop.example.com/help", "Help"));
    assertThat(out.lastTurn().outcome()).isEqualTo(o);
    JsonNode json = Json.mapper().valueToTree(out);
    assertThat(json.path("outcome").path("dialogs").get(0).path("answered").asText()).isEqualTo("dismissed");
    assertThat(json.path("outcome").path("downloads").get(0).path("mime").asText()).isEqualTo("text/csv");
    assertThat(json.path("outcome").path("tabs_opened").get(0).path("id").asInt()).isEqualTo(17);
    assertThat(json.path("trail").get(0).path("outcome").path("dialogs").get(0).path("step").asText()).isEqualTo("s1");
  }

  @Test
  void aFailedStepStillReportsWhatItMadeHappen() {
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).build(), answering(dialogAndDownload("Sure?"), false));

    assertThat(out.ok()).isFalse();
    assertThat(out.outcome().dialogs()).hasSize(1);
    assertThat(out.lastTurn().outcome().downloads()).hasSize(1);
  }

  @Test
  void nothingElseHappenedLeavesTheOutcomeOutOfTheOutputAndTheTrail() {
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).build(), RecordingPort.succeeding(null));

    assertThat(out.outcome()).isNull();
    assertThat(out.lastTurn().outcome()).isNull();
    JsonNode json = Json.mapper().valueToTree(out);
    assertThat(json.has("outcome")).isFalse();
    assertThat(json.path("trail").get(0).has("outcome")).isFalse();
  }

  @Test
  void theOutcomeIsMaskedLikeEveryOtherOutput() {
    StepOutcome echo = new StepOutcome(List.of(new StepOutcome.Dialog("prompt", "Your code is " + SECRET, SECRET, null)),
        List.of(new StepOutcome.Download(SECRET + ".csv", 10, "text/csv", false, "/home/a/" + SECRET + ".csv")),
        List.of(new StepOutcome.Tab(3, "https://x.example/?q=" + SECRET, SECRET)), null, false, null, null, true,
        "no text " + SECRET);
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).build(), answering(echo, true));

    assertThat(Json.write(out)).doesNotContain(SECRET).contains("{{ password }}");
    assertThat(out.outcome().dialogs().get(0).answered()).isEqualTo("{{ password }}");
    assertThat(out.outcome().downloads().get(0).savedTo()).isEqualTo("/home/a/{{ password }}.csv");
  }

  @Test
  void anOldTrailEntryWithoutAnOutcomeStillReads() throws Exception {
    String old = "{\"turn\":1,\"reasoning\":\"r\",\"type\":\"click\",\"ok\":true,\"url\":\"https://a/\"}";
    ExtTurn t = Json.mapper().readValue(old, ExtTurn.class);

    assertThat(t.outcome()).isNull();
    assertThat(t.resolved()).isNull();
    assertThat(Json.write(t)).isEqualTo(old);
  }

  // ---- resolving an uncertain step ----

  private static Step uncertainClick() {
    return Step.builder("click").id("s2").label("Delete Milk").selector(dev.waymark.workflow.Selector.css("#del-1"))
        .provenance(new Provenance(Provenance.MODEL, "delete the first item")).build();
  }

  @Test
  void resolveHappenedPutsTheUncertainStepIntoTheWorkflowAndTheTrailSaysSo() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"the item is gone\",\"resolve\":\"happened\"}")
        .uncertain(uncertainClick()).failures(1).build(), port);

    assertThat(port.calls).as("nothing is performed").isEmpty();
    assertThat(out.ok()).isTrue();
    assertThat(out.error()).isNull();
    assertThat(out.steps()).extracting(Step::id).containsExactly("s2");
    assertThat(out.step().id()).isEqualTo("s2");
    assertThat(out.notes()).containsExactly("delete the first item");
    assertThat(out.failures()).isZero();
    ExtTurn t = out.lastTurn();
    assertThat(t.resolved()).isEqualTo(ExtTurn.HAPPENED);
    assertThat(t.type()).isEqualTo("click");
    assertThat(t.reasoning()).isEqualTo("the item is gone");
    assertThat(t.effect()).contains("s2").contains("took effect");
    assertThat(out.continueLoop()).isTrue();
  }

  @Test
  void resolveDidNotHappenDropsTheStepSoItMayBeDecidedAgain() {
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"the item is still there\",\"resolve\":\"did_not_happen\"}")
        .uncertain(uncertainClick()).failures(1).build(), RecordingPort.succeeding(null));

    assertThat(out.ok()).isFalse();
    assertThat(out.error()).isNull();
    assertThat(out.steps()).isEmpty();
    assertThat(out.step()).isNull();
    assertThat(out.failures()).as("not a failure of the decider").isEqualTo(1);
    assertThat(out.lastTurn().resolved()).isEqualTo(ExtTurn.DID_NOT_HAPPEN);
    assertThat(out.lastTurn().effect()).contains("did not take effect").contains("decided again");
    assertThat(out.continueLoop()).isTrue();
  }

  @Test
  void resolveWithNothingUncertainIsRefusedWithAnErrorSayingSo() {
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"resolve\":\"happened\"}").build(),
        RecordingPort.succeeding(null));

    assertThat(out.ok()).isFalse();
    assertThat(out.error()).contains("nothing is uncertain");
    assertThat(out.failures()).isEqualTo(1);
    assertThat(out.steps()).isEmpty();
  }

  @Test
  void resolveTakesOnlyHappenedOrDidNotHappenAndNothingBeside() {
    ApplyOutput wrong = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"resolve\":\"maybe\"}").uncertain(uncertainClick()).build(),
        RecordingPort.succeeding(null));
    ApplyOutput both = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"resolve\":\"happened\",\"step\":{\"type\":\"click\",\"ref\":\"e3\"}}")
        .uncertain(uncertainClick()).build(), RecordingPort.succeeding(null));

    assertThat(wrong.error()).contains("\"happened\" or \"did_not_happen\"");
    assertThat(both.error()).contains("does nothing else");
    assertThat(both.steps()).isEmpty();
  }

  @Test
  void aLateEffectNamesTheTurnThatSentItsClickNotTheStepIdTheModelNeverSaw() {
    // Turn 1 clicked a link that did nothing (failed: its step id s1 went to the next step), turn 2 was refused. Turn
    // 3's click is s1 again, sent under another wire id, and its reply carries what turn 1's click did after its verdict.
    List<ExtTurn> trail = List.of(
        new ExtTurn(1, "open it", "click", "Open", "e2", null, false, false, "the link did nothing", "https://shop.example.com/",
            "no visible change", null, null, "s1@aaaaaaaa"),
        new ExtTurn(2, "again", "click", null, "e9", null, false, false, "ref \"e9\" is not in the current observation", null));
    StepOutcome late = new StepOutcome(null, null, null, null, false, null, null, false, null, null, null, false,
        List.of(new StepOutcome.LateEffect("s1", "the page changed (3 DOM changes)", 650, "s1@aaaaaaaa", null)));
    RecordingPort port = new RecordingPort(s -> new StepResult(s.id(), true, null, null, "https://shop.example.com/", null,
        false, false, false, late).withSentAs("s1@bbbbbbbb"));
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).trail(trail).build(), port);

    assertThat(out.step().id()).isEqualTo("s1");
    assertThat(out.outcome().lateEffects()).extracting(StepOutcome.LateEffect::turn).containsExactly(1);
    assertThat(out.lastTurn().sentAs()).isEqualTo("s1@bbbbbbbb");
    assertThat(dev.waymark.decide.OutcomeSentences.forPerson("click", out.lastTurn().outcome()))
        .startsWith("Late effect of the step at turn 1, which saw no change by its verdict");
    JsonNode json = Json.mapper().valueToTree(out);
    assertThat(json.path("trail").get(2).path("sent_as").asText()).isEqualTo("s1@bbbbbbbb");
    // a journal reads it back; the late effect's own sending is not written
    ExtTurn readBack = Json.read(Json.write(out.lastTurn()), ExtTurn.class);
    assertThat(readBack.sentAs()).isEqualTo("s1@bbbbbbbb");
    assertThat(readBack.outcome().lateEffects()).containsExactly(
        new StepOutcome.LateEffect("s1", "the page changed (3 DOM changes)", 650, null, 1));
    assertThat(json.path("trail").get(2).path("outcome").path("late_effects").get(0).path("turn").asInt()).isEqualTo(1);
    // the new turn's own sending is told apart from turn 1's, though both were step s1
    List<ExtTurn> now = out.trail();
    assertThat(ExtTurn.turnThatSent(now, "s1@bbbbbbbb")).isEqualTo(3);
    assertThat(ExtTurn.turnThatSent(now, "s1@aaaaaaaa")).isEqualTo(1);
  }

  @Test
  void aTurnThatSentNothingIsNeverNamedForALateEffect() {
    // a resolution of an uncertain step and the person's own recorded click send nothing; an old trail says nothing
    ExtTurn resolved = new ExtTurn(2, "", "click", "Save", null, null, true, false, null, null, "resolved: step s1 took effect",
        null, ExtTurn.HAPPENED);
    ApplyOutput recorded = ApplyTurn.complete(input(CLICK_E3).build(),
        ((ApplyTurn.Ready) ApplyTurn.prepare(input(CLICK_E3).build())).step(), StepResult.success("s1", null, null, null));
    ExtTurn old = Json.mapper().convertValue(Json.mapper().createObjectNode().put("turn", 1).put("type", "click"), ExtTurn.class);

    assertThat(resolved.sentAs()).isNull();
    assertThat(recorded.lastTurn().sentAs()).isNull();
    assertThat(old.sentAs()).isNull();
    assertThat(ExtTurn.turnThatSent(List.of(old, resolved, recorded.lastTurn()), "s1@aaaaaaaa")).isNull();
    assertThat(ExtTurn.turnThatSent(List.of(old), null)).isNull();
  }
}

package dev.waymark.apply;

import static dev.waymark.apply.Fixtures.SECRET;
import static dev.waymark.apply.Fixtures.input;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApplyTurnTest {
  private static final String CLICK_E3 = "{\"reasoning\":\"submit the form\",\"done\":false,\"step\":{\"type\":\"click\",\"ref\":\"e3\"}}";

  @Test
  void emptyDecisionIsAFailedTurnWithErrorTextAndAnEmptyTrailType() {
    RecordingPort port = RecordingPort.succeeding("https://shop.example.com/");
    ApplyOutput out = ApplyTurn.apply(input("  ").failures(1).build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.ok()).isFalse();
    assertThat(out.step()).isNull();
    assertThat(out.error()).contains("empty");
    assertThat(out.failures()).isEqualTo(2);
    assertThat(out.steps()).isEmpty();
    assertThat(out.trail()).hasSize(1);
    assertThat(out.trail().get(0).type()).isNull();
    assertThat(out.trail().get(0).error()).isEqualTo(out.error());
  }

  @Test
  void unreadableDecisionIsAFailedTurn() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("I think we should click the button {\"type\": ").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.ok()).isFalse();
    assertThat(out.error()).contains("JSON");
    assertThat(out.failures()).isEqualTo(1);
    assertThat(out.lastTurn().type()).isNull();
  }

  @Test
  void replyInAJsonFenceStillParses() {
    RecordingPort port = RecordingPort.succeeding("https://shop.example.com/home");
    ApplyOutput out = ApplyTurn.apply(input("```json\n" + CLICK_E3 + "\n```").build(), port);

    assertThat(out.ok()).isTrue();
    assertThat(port.calls).hasSize(1);
  }

  @Test
  void replyWithProseAroundTheObjectStillParses() {
    RecordingPort port = RecordingPort.succeeding("https://shop.example.com/home");
    ApplyOutput out = ApplyTurn.apply(input("Sure! Here is my decision: " + CLICK_E3 + " Let me know {if} needed.").build(), port);

    assertThat(out.ok()).isTrue();
    assertThat(out.step().type()).isEqualTo("click");
  }

  @Test
  void unknownStepTypeComesBackAsAnErrorThatNamesIt() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"doubleClick\",\"ref\":\"e3\"}}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.error()).contains("\"doubleClick\"").contains("not known");
    assertThat(out.lastTurn().type()).isEqualTo("doubleClick");
  }

  @Test
  void unknownStepFieldComesBackAsAnErrorThatNamesIt() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"ref\":\"e3\",\"force\":true}}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.error()).contains("\"force\"").contains("not known");
  }

  @Test
  void doneTruePerformsNothingAndStopsTheLoop() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"signed in\",\"done\":true}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.done()).isTrue();
    assertThat(out.continueLoop()).isFalse();
    assertThat(out.step()).isNull();
    assertThat(out.lastTurn().done()).isTrue();
    assertThat(out.failures()).isZero();
  }

  @Test
  void typeOutsideTheWritableSetIsRefused() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput eval = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"eval\",\"fn\":\"checkout\"}}").build(), port);
    ApplyOutput capture = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"captureUrl\",\"url\":\"https://x/\"}}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(eval.error()).contains("\"eval\"").contains("may not be written");
    assertThat(capture.error()).contains("\"captureUrl\"").contains("may not be written");
  }

  @Test
  void sessionThatAllowsEvalLetsTheModelWriteIt() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"eval\",\"fn\":\"checkout\"}}")
        .writable(Set.of("eval", "click")).build(), port);

    assertThat(out.ok()).isTrue();
    assertThat(port.calls).hasSize(1);
  }

  @Test
  void undeclaredTokenIsRefused() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"fill\",\"ref\":\"e1\",\"value\":\"{{ username }}\"}}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.error()).contains("{{ username }}").contains("not a declared variable");
  }

  @Test
  void literalValueEqualToADeclaredVariablesRealValueIsRefused() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"type it\",\"step\":{\"type\":\"fill\",\"ref\":\"e2\",\"value\":\"" + SECRET + "\"}}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.ok()).isFalse();
    assertThat(out.error()).contains("{{ password }}");
    assertThat(Json.write(out)).doesNotContain(SECRET);
    assertThat(out.lastTurn().value()).isEqualTo("{{ password }}");
  }

  @Test
  void refNotInTheObservationComesBackAsAnErrorNamingTheRef() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"ref\":\"e99\"}}").build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.error()).contains("\"e99\"").contains("valid only for the observation");
    assertThat(out.lastTurn().ref()).isEqualTo("e99");
    assertThat(out.failures()).isEqualTo(1);
  }

  @Test
  void refResolvesToTheNodesSelectorAndALabelDescribingTheAction() {
    RecordingPort port = RecordingPort.succeeding("https://shop.example.com/pay");
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"buy\",\"step\":{\"type\":\"click\",\"ref\":\"e4\"}}").build(), port);

    Step step = out.step();
    assertThat(step.selector().css()).isEqualTo("button.buy");
    assertThat(step.selector().path()).isEqualTo("/html/body/div[2]/my-widget");
    assertThat(step.selector().indexes()).containsExactly(2);
    assertThat(step.selector().enter()).containsExactly("my-widget", "iframe#pay");
    assertThat(step.label()).isEqualTo("Click button \"Buy now\" (Blue mug)");
    assertThat(port.calls.get(0).step().selector()).isEqualTo(step.selector());
  }

  @Test
  void listRefResolvesToTheItemSelectorAndItsFields() {
    RecordingPort port = new RecordingPort(s -> StepResult.success(s.id(), "[{\"title\":\"Blue mug\"}]", null, null));
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"read\",\"step\":{\"type\":\"extractList\",\"ref\":\"l1\",\"limit\":40}}").build(), port);

    assertThat(out.ok()).isTrue();
    assertThat(out.step().selector().css()).isEqualTo("ul.results > li");
    assertThat(out.step().fields()).containsOnlyKeys("title", "link");
    assertThat(out.step().fields().get("link").attribute()).isEqualTo("href");
    assertThat(out.step().value()).as("the observed pager").isEqualTo("a.next");
  }

  @Test
  void explicitLabelIsKept() {
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"ref\":\"e3\",\"label\":\"Log in\"}}").build(),
        RecordingPort.succeeding(null));

    assertThat(out.step().label()).isEqualTo("Log in");
  }

  @Test
  void stepThePageRefusedGivesThePagesErrorAndCountsAFailure() {
    RecordingPort port = new RecordingPort(s -> StepResult.failure(s.id(), "element is covered by <div class=cookie-wall>", null));
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).failures(1).build(), port);

    assertThat(out.ok()).isFalse();
    assertThat(out.error()).isEqualTo("element is covered by <div class=cookie-wall>");
    assertThat(out.failures()).isEqualTo(2);
    assertThat(out.steps()).isEmpty();
    assertThat(out.notes()).isEmpty();
    assertThat(out.lastTurn().ok()).isFalse();
    assertThat(out.lastTurn().type()).isEqualTo("click");
  }

  @Test
  void successAppendsTheStepAndTheNoteAndResetsFailures() {
    Step earlier = Step.builder("navigate").id("s1").url("https://shop.example.com/login").build();
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).steps(List.of(earlier)).notes(List.of("open the login page"))
        .failures(2).build(), RecordingPort.succeeding("https://shop.example.com/account"));

    assertThat(out.ok()).isTrue();
    assertThat(out.steps()).extracting(Step::id).containsExactly("s1", "s2");
    assertThat(out.notes()).containsExactly("open the login page", "submit the form");
    assertThat(out.count()).isEqualTo(2);
    assertThat(out.failures()).isZero();
    assertThat(out.reasoning()).isEqualTo("submit the form");
    assertThat(out.step().provenance()).isEqualTo(Provenance.model("submit the form"));
  }

  @Test
  void extractionStepSetsData() {
    RecordingPort port = new RecordingPort(s -> StepResult.success(s.id(), "$12.00", null, null));
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"read price\",\"step\":{\"type\":\"extract\",\"ref\":\"e5\"}}").build(), port);

    assertThat(out.data()).isEqualTo("$12.00");
  }

  @Test
  void urlAndMatchUrlSayWhereThePageIsAfterTheStep() {
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).build(),
        RecordingPort.succeeding("https://shop.example.com:8443/account/home?tab=1#top"));

    assertThat(out.url()).isEqualTo("https://shop.example.com:8443/account/home?tab=1#top");
    assertThat(out.matchUrl()).isEqualTo("shop.example.com:8443/account/home");
    assertThat(out.lastTurn().url()).isEqualTo("https://shop.example.com/login?x=1");
  }

  @Test
  void eachTurnUsesOneUnitOfBudget() {
    ApplyOutput ok = ApplyTurn.apply(input(CLICK_E3).budget(3).build(), RecordingPort.succeeding(null));
    ApplyOutput bad = ApplyTurn.apply(input("nonsense").budget(3).build(), RecordingPort.succeeding(null));

    assertThat(ok.budget()).isEqualTo(2);
    assertThat(bad.budget()).isEqualTo(2);
  }

  @Test
  void userStepTurnIsGivenBackToTheBudgetAtMostFiveTimes() {
    String gate = "{\"reasoning\":\"needs a code\",\"step\":{\"type\":\"userStep\",\"prompt\":\"Enter the SMS code\"}}";
    ApplyOutput first = ApplyTurn.apply(input(gate).budget(3).givenBack(0).build(), RecordingPort.succeeding(null));
    ApplyOutput sixth = ApplyTurn.apply(input(gate).budget(3).givenBack(5).build(), RecordingPort.succeeding(null));

    assertThat(first.budget()).isEqualTo(3);
    assertThat(first.givenBack()).isEqualTo(1);
    assertThat(sixth.budget()).isEqualTo(2);
    assertThat(sixth.givenBack()).isEqualTo(5);
  }

  @Test
  void userStepMethodOutsideTheListIsRefusedNamingTheAllowedOnes() {
    String d = "{\"reasoning\":\"sign in\",\"step\":{\"type\":\"userStep\",\"prompt\":\"Sign in\",\"method\":\"fingerprint\"}}";
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input(d).build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.ok()).isFalse();
    assertThat(out.error()).contains("\"fingerprint\"").contains("password, code, passkey, qr_code, security_key, "
        + "device_approval, captcha, payment");
  }

  @Test
  void userStepWithAKnownMethodIsWrittenWithIt() {
    String d = "{\"reasoning\":\"sign in\",\"step\":{\"type\":\"userStep\",\"prompt\":\"Use the key\",\"method\":\"security_key\"}}";
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input(d).build(), port);

    assertThat(out.ok()).as(out.error()).isTrue();
    assertThat(out.step().method()).isEqualTo("security_key");
    assertThat(port.calls).hasSize(1);
  }

  @Test
  void userStepManualTogetherWithAConditionIsRefused() {
    String d = "{\"reasoning\":\"r\",\"step\":{\"type\":\"userStep\",\"prompt\":\"Pay\",\"continue_on\":"
        + "{\"manual\":true,\"text\":\"Thank you\"}}}";
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyOutput out = ApplyTurn.apply(input(d).build(), port);

    assertThat(port.calls).isEmpty();
    assertThat(out.error()).contains("manual").contains("cannot go with");
  }

  @Test
  void continueIsFalseWhenTheBudgetIsSpent() {
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).budget(1).build(), RecordingPort.succeeding(null));

    assertThat(out.budget()).isZero();
    assertThat(out.continueLoop()).isFalse();
  }

  @Test
  void continueIsFalseWhenFailuresReachMaxFailures() {
    ApplyOutput out = ApplyTurn.apply(input("garbage").failures(2).maxFailures(3).build(), RecordingPort.succeeding(null));
    ApplyOutput recovering = ApplyTurn.apply(input("garbage").failures(1).maxFailures(3).build(), RecordingPort.succeeding(null));

    assertThat(out.failures()).isEqualTo(3);
    assertThat(out.continueLoop()).isFalse();
    assertThat(recovering.continueLoop()).isTrue();
  }

  @Test
  void maxFailuresDefaultsToThree() {
    assertThat(input(CLICK_E3).build().maxFailures()).isEqualTo(3);
  }

  @Test
  void portReceivesTheRealValuesOfExactlyTheTokensTheStepUses() {
    RecordingPort port = RecordingPort.succeeding(null);
    ApplyTurn.apply(input("{\"reasoning\":\"pw\",\"step\":{\"type\":\"fill\",\"ref\":\"e2\",\"value\":\"{{ password }}\"}}").build(), port);

    assertThat(port.calls.get(0).values()).containsExactly(java.util.Map.entry("password", SECRET));
    assertThat(port.calls.get(0).step().value()).isEqualTo("{{ password }}");
  }

  @Test
  void noOutputFieldEverContainsARealValue() {
    // The page echoes the secret everywhere it can: in data, in its error text, in the label it gave a node.
    List<ApplyOutput> outs = new ArrayList<>();
    RecordingPort echoing = new RecordingPort(s -> StepResult.success(s.id(), "you typed " + SECRET, "https://x.example/?q=" + SECRET, SECRET));
    RecordingPort failing = new RecordingPort(s -> StepResult.failure(s.id(), "rejected value " + SECRET, null));
    String fill = "{\"reasoning\":\"fill the password\",\"step\":{\"type\":\"fill\",\"ref\":\"e2\",\"value\":\"{{ password }}\"}}";
    outs.add(ApplyTurn.apply(input(fill).build(), echoing));
    outs.add(ApplyTurn.apply(input(fill).build(), failing));
    outs.add(ApplyTurn.apply(input("{\"reasoning\":\"the password is " + SECRET + "\",\"step\":{\"type\":\"fill\",\"ref\":\"e2\",\"value\":\"" + SECRET + "\"}}").build(), echoing));
    outs.add(ApplyTurn.apply(input("{\"reasoning\":\"" + SECRET + "\",\"done\":true}").build(), echoing));
    outs.add(ApplyTurn.apply(input("not json " + SECRET).build(), echoing));
    outs.add(ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"ref\":\"" + SECRET + "\"}}").build(), echoing));
    outs.add(ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"extract\",\"ref\":\"e5\"}}").build(), echoing));

    for (ApplyOutput out : outs) {
      String json = Json.write(out);
      assertThat(json).as("every output field").doesNotContain(SECRET);
      assertThat(out.toString()).doesNotContain(SECRET);
    }
    assertThat(outs.get(0).data()).isEqualTo("you typed {{ password }}");
  }

  @Test
  void inputToStringNeverShowsValues() {
    assertThat(input(CLICK_E3).build().toString()).doesNotContain(SECRET);
  }

  @Test
  void unchangedObservationTellsTheNextTurnTheStepChangedNothingVisible() {
    ApplyOutput first = ApplyTurn.apply(input(CLICK_E3).build(), RecordingPort.succeeding(null));
    ApplyOutput again = ApplyTurn.apply(input(CLICK_E3).lastObservation(first.lastObservation())
        .lastUrl("https://shop.example.com/login?x=1").build(), RecordingPort.succeeding(null));

    assertThat(again.unchanged()).isTrue();
    assertThat(again.moved()).isFalse();
  }

  @Test
  void differentLastUrlTellsTheNextTurnThePageMovedOn() {
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).lastObservation("v1:0:0").lastUrl("https://shop.example.com/cart").build(),
        RecordingPort.succeeding(null));

    assertThat(out.moved()).isTrue();
    assertThat(out.unchanged()).isFalse();
  }

  @Test
  void stepIdsAreUniqueWithinTheWorkflow() {
    List<Step> steps = List.of(Step.builder("navigate").id("s1").url("https://a/").build(),
        Step.builder("click").id("s3").build(), Step.builder("click").id("s4").build());
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).steps(steps).build(), RecordingPort.succeeding(null));

    assertThat(out.steps()).extracting(Step::id).doesNotHaveDuplicates().hasSize(4);
    assertThat(out.step().id()).isEqualTo("s5");
  }

  @Test
  void uncertainEffectIsReportedAndNeverRepeated() {
    RecordingPort port = new RecordingPort(s -> StepResult.uncertain(s.id(), "the browser disconnected after the click was sent"));
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).build(), port);

    assertThat(port.calls).hasSize(1);
    assertThat(out.uncertain()).isTrue();
    assertThat(out.ok()).isFalse();
    assertThat(out.error()).contains("uncertain").contains("not repeated");
    assertThat(out.steps()).isEmpty();
  }

  @Test
  void trailKeepsEveryTurnInOrder() {
    ExtTurn earlier = new ExtTurn(1, "r", "click", "Click", "e1", null, false, false, "covered", "https://a/");
    ApplyOutput out = ApplyTurn.apply(input(CLICK_E3).trail(List.of(earlier)).build(), RecordingPort.succeeding(null));

    assertThat(out.trail()).hasSize(2);
    assertThat(out.trail().get(1).turn()).isEqualTo(2);
    assertThat(out.trail().get(1).ok()).isTrue();
  }

  @Test
  void blockedAndHandoffEndTheLoopWithoutAStep() {
    ApplyOutput blocked = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"blocked\":\"the site needs a hardware key\"}").build(), RecordingPort.succeeding(null));
    ApplyOutput handoff = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"handoff\":\"review the cart and pay\"}").build(), RecordingPort.succeeding(null));

    assertThat(blocked.continueLoop()).isFalse();
    assertThat(blocked.blocked()).isEqualTo("the site needs a hardware key");
    assertThat(handoff.continueLoop()).isFalse();
    assertThat(handoff.handoff()).isEqualTo("review the cart and pay");
  }

  @Test
  void personRejectionBecomesTheTurnsErrorText() {
    ApplyInput in = input(CLICK_E3).build();
    ApplyTurn.Ready ready = (ApplyTurn.Ready) ApplyTurn.prepare(in);
    ApplyOutput out = ApplyTurn.refuse(in, ready.step(), "wrong account, use the work one");

    assertThat(out.error()).isEqualTo("wrong account, use the work one");
    assertThat(out.steps()).isEmpty();
    assertThat(out.lastTurn().type()).isEqualTo("click");
  }

  @Test
  void personMayNameASelectorDirectly() {
    ApplyInput in = input("{\"reasoning\":\"took over\",\"step\":{\"type\":\"click\",\"selector\":{\"css\":\"#other\"}}}")
        .decidedBy(Provenance.PERSON).build();
    ApplyOutput out = ApplyTurn.apply(in, RecordingPort.succeeding(null));

    assertThat(out.ok()).isTrue();
    assertThat(out.step().selector().css()).isEqualTo("#other");
    assertThat(out.step().provenance().by()).isEqualTo("person");
  }

  @Test
  void aPersonsSelectorThatNamesAnObservedElementIsThatElement() {
    ApplyInput in = input("{\"reasoning\":\"recovered\",\"step\":{\"type\":\"fill\",\"selector\":{\"css\":\"#password\"},"
        + "\"value\":\"x\"}}").decidedBy(Provenance.PERSON).build();
    ApplyTurn.Ready ready = (ApplyTurn.Ready) ApplyTurn.prepare(in);

    assertThat(ready.step().node()).as("the risk gate sees the password field").isNotNull();
    assertThat(ready.step().node().type()).isEqualTo("password");
    ApplyInput elsewhere = input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"selector\":{\"css\":\"#other\"}}}")
        .decidedBy(Provenance.PERSON).build();
    assertThat(((ApplyTurn.Ready) ApplyTurn.prepare(elsewhere)).step().node()).isNull();
  }

  @Test
  void modelMayNotNameASelectorDirectly() {
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"selector\":{\"css\":\"#x\"}}}").build(),
        RecordingPort.succeeding(null));

    assertThat(out.error()).contains("\"selector\"").contains("ref");
  }

  @Test
  void everyKnownTypeHasADefaultLabel() {
    for (String type : StepTypes.ALL) {
      Step s = Step.builder(type).url("https://a/").value("v").fn("f").prompt("p").build();
      assertThat(StepWriter.describe(s, null, null)).as(type).isNotBlank();
    }
  }

  @Test
  void decisionStepsAcceptTheSpecsSnakeCaseFields() {
    ApplyOutput out = ApplyTurn.apply(input("{\"reasoning\":\"r\",\"step\":{\"type\":\"click\",\"ref\":\"e3\","
        + "\"timeout_ms\":500,\"wait\":{\"url_includes\":\"/account\",\"timeout_ms\":900},\"continue_on\":null}}").build(),
        RecordingPort.succeeding(null));

    assertThat(out.ok()).as(out.error()).isTrue();
    assertThat(out.step().timeoutMs()).isEqualTo(500);
    assertThat(out.step().waitFor().urlIncludes()).isEqualTo("/account");
  }
}

package dev.waymark.apply;

import static dev.waymark.apply.Fixtures.input;
import static dev.waymark.apply.Fixtures.loginPage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The loose ends of extension-apply.md, one test per rule, each able to fail when the rule breaks. */
class SpecRulesTest {
  private static ApplyTurn.Ready ready(ApplyInput in) {
    ApplyTurn.Prepared p = ApplyTurn.prepare(in);
    if (p instanceof ApplyTurn.Finished f) throw new AssertionError("refused: " + f.output().error());
    return (ApplyTurn.Ready) p;
  }

  private static String refusal(ApplyInput in) {
    ApplyTurn.Prepared p = ApplyTurn.prepare(in);
    assertThat(p).as("the turn should be refused").isInstanceOf(ApplyTurn.Finished.class);
    return ((ApplyTurn.Finished) p).output().error();
  }

  // ---- navigate back / forward / reload from a decision ----

  @Test
  void navigateBackDecidedAsUrlIsAHistoryStep() {
    Step step = ready(input("{\"step\": {\"type\": \"navigate\", \"url\": \"back\"}}").build()).step().step();
    assertThat(step.url()).isEqualTo("back");
    assertThat(step.label()).isEqualTo("Go back");
  }

  @Test
  void navigateForwardOrReloadDecidedAsValueIsStoredAsTheUrl() {
    Step forward = ready(input("{\"step\": {\"type\": \"navigate\", \"value\": \"Forward\"}}").build()).step().step();
    Step reload = ready(input("{\"step\": {\"type\": \"navigate\", \"url\": \" RELOAD \"}}").build()).step().step();
    assertThat(forward.url()).isEqualTo("forward");
    assertThat(forward.value()).isNull();
    assertThat(reload.url()).isEqualTo("reload");
    assertThat(reload.label()).isEqualTo("Reload the page");
  }

  // ---- last_observation ----

  private static final String CLICK = "{\"step\": {\"type\": \"click\", \"ref\": \"e3\"}}";

  private static boolean unchangedGiven(String lastObservation) {
    return ApplyTurn.apply(input(CLICK).lastObservation(lastObservation).build(), (s, v, t) -> StepResult.success(s.id(), null, null, null))
        .unchanged();
  }

  private static PageObservation withNames(PageObservation o, String suffix, int refShift) {
    List<ObservedNode> nodes = new ArrayList<>();
    for (ObservedNode n : o.nodes()) {
      int ref = Integer.parseInt(n.ref().substring(1)) + refShift;
      nodes.add(new ObservedNode("e" + ref, n.role(), n.name() + suffix, n.tag(), n.type(), n.value(), n.placeholder(),
          n.disabled(), n.checked(), n.expanded(), n.options(), n.selector(), n.path(), n.indexes(), n.enter(),
          n.section(), n.context(), n.offscreen(), n.obscured(), n.similar()));
    }
    return new PageObservation(o.url(), o.title(), nodes, o.headings(), o.text(), o.truncated(), o.modal(), o.modalFrame(),
        o.omitted(), o.frames(), o.lists());
  }

  @Test
  void lastObservationAsWaymarksDigestTellsUnchanged() {
    assertThat(unchangedGiven(ObservationDigest.of(loginPage()))).isTrue();
    assertThat(unchangedGiven(ObservationDigest.of(withNames(loginPage(), " (new)", 0)))).isFalse();
  }

  @Test
  void lastObservationAsTheObservationJsonTheCallerReadTellsUnchanged() {
    String json = Json.write(loginPage());
    // a caller's copy may carry fields this version does not know
    String withExtra = json.replaceFirst("\\{", "{\"observed_by\":\"another build\",");
    assertThat(unchangedGiven(json)).isTrue();
    assertThat(unchangedGiven(withExtra)).isTrue();
    assertThat(unchangedGiven(Json.write(withNames(loginPage(), " (new)", 0)))).isFalse();
  }

  @Test
  void lastObservationAsCompactTextTellsUnchangedEvenWithRenumberedRefs() {
    assertThat(unchangedGiven(CompactObservation.render(loginPage()))).isTrue();
    assertThat(unchangedGiven(CompactObservation.render(withNames(loginPage(), "", 40)))).isTrue();
    assertThat(unchangedGiven(CompactObservation.render(withNames(loginPage(), " (new)", 0)))).isFalse();
  }

  @Test
  void lastObservationThatIsNoReadingOfAPageIsNeverUnchanged() {
    assertThat(unchangedGiven(null)).isFalse();
    assertThat(unchangedGiven("   ")).isFalse();
    assertThat(unchangedGiven("the page")).isFalse();
    assertThat(unchangedGiven("{not json")).isFalse();
    assertThat(LastObservation.formOf("{not json")).isEqualTo(LastObservation.Form.COMPACT);
  }

  // ---- workflow_id and client_id ----

  @Test
  void workflowIdAndClientIdTravelToTheBrowserPort() {
    AtomicReference<Route> seen = new AtomicReference<>();
    BrowserPort port = new BrowserPort() {
      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
        throw new AssertionError("the route was dropped");
      }

      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs, Route route) {
        seen.set(route);
        return StepResult.success(step.id(), null, null, null);
      }
    };
    ApplyTurn.apply(input(CLICK).workflowId("site-login").clientId("chrome-7f3a").build(), port);
    assertThat(seen.get()).isEqualTo(new Route("site-login", "chrome-7f3a"));
  }

  @Test
  void emptyClientIdLeavesTheChoiceOfBrowserToTheHost() {
    assertThat(Route.of(input(CLICK).workflowId(" ").clientId("").build())).isEqualTo(Route.NONE);
  }

  // ---- output ----

  @Test
  void outputClientIsHonouredAsTheCapturedFilesOnlyDestination() {
    ApplyInput in = input("{\"step\": {\"type\": \"capturePageFile\", \"format\": \"pdf\", \"output\": \"client\"}}")
        .writable(java.util.Set.of("capturePageFile")).build();
    assertThat(ready(in).step().step().output()).isEqualTo("client");
  }

  @Test
  void outputNamingAnotherDestinationIsRefusedWithTheReason() {
    ApplyInput in = input("{\"step\": {\"type\": \"capturePageFile\", \"output\": \"/tmp/page.html\"}}")
        .writable(java.util.Set.of("capturePageFile")).build();
    assertThat(refusal(in)).contains("the controlling client is a captured file's only destination")
        .contains("output: client");
  }

  @Test
  void outputOnAStepThatCapturesNoFileIsRefused() {
    assertThat(refusal(input("{\"step\": {\"type\": \"click\", \"ref\": \"e3\", \"output\": \"client\"}}").build()))
        .contains("a click step captures no file");
  }

  @Test
  void capturePageFileOffersOnlyFormatsTheExtensionSaves() {
    ApplyInput in = input("{\"step\": {\"type\": \"capturePageFile\", \"format\": \"docx\"}}")
        .writable(java.util.Set.of("capturePageFile")).build();
    assertThat(refusal(in)).contains("html, mhtml or pdf");
  }

  // ---- store slots while authoring ----

  private static final Step STORING = Step.builder("extract").id("s1").store("order_id").build();

  @Test
  void storedSlotIsUsableAsATokenOnceStored() {
    ApplyInput in = input("{\"step\": {\"type\": \"fill\", \"ref\": \"e1\", \"value\": \"order {{ order_id }}\"}}")
        .steps(List.of(STORING)).stored(Map.of("order_id", "A-1042")).build();
    PreparedStep p = ready(in).step();
    assertThat(p.values()).containsEntry("order_id", "A-1042");
    assertThat(p.step().value()).isEqualTo("order {{ order_id }}");
  }

  @Test
  void slotOfAStepThatReadNothingIsRefusedClearly() {
    ApplyInput in = input("{\"step\": {\"type\": \"fill\", \"ref\": \"e1\", \"value\": \"{{ order_id }}\"}}")
        .steps(List.of(STORING)).build();
    assertThat(refusal(in)).contains("{{ order_id }} is the slot of an earlier step that read nothing");
  }

  @Test
  void unknownTokenNamesBothTheVariablesAndTheStoredSlots() {
    ApplyInput in = input("{\"step\": {\"type\": \"fill\", \"ref\": \"e1\", \"value\": \"{{ nope }}\"}}")
        .stored(Map.of("order_id", "A-1042")).build();
    assertThat(refusal(in)).contains("not a declared variable or a stored slot").contains("stored: order_id")
        .contains("password");
  }

  @Test
  void anUploadTakesADeclaredFileVariableNeverASlotAPageFilled() {
    // the studio reads the file at the token's value: a slot read off a page must never name a file to send
    ApplyInput slot = input("{\"step\": {\"type\": \"upload\", \"ref\": \"e1\", \"value\": \"{{ order_id }}\"}}")
        .steps(List.of(STORING)).stored(Map.of("order_id", "/home/ann/.ssh/id_ed25519")).build();
    assertThat(refusal(slot)).contains("an upload takes a file variable the person declared, not {{ order_id }}")
        .contains("declared: ").contains("password").doesNotContain("id_ed25519");

    ApplyInput declared = input("{\"step\": {\"type\": \"upload\", \"ref\": \"e1\", \"value\": \"{{ email }}\"}}").build();
    assertThat(ready(declared).step().values()).containsOnlyKeys("email");
  }

  @Test
  void storeUnderADeclaredVariablesNameIsRefused() {
    ApplyInput in = input("{\"step\": {\"type\": \"extract\", \"ref\": \"e5\", \"store\": \"password\"}}").build();
    assertThat(refusal(in)).contains("store \"password\" is the name of a declared variable");
  }

  // ---- a refused turn keeps its label ----

  @Test
  void refusedTurnKeepsTheDecisionsOwnLabel() {
    ApplyTurn.Finished f = (ApplyTurn.Finished) ApplyTurn.prepare(
        input("{\"step\": {\"type\": \"click\", \"ref\": \"e99\", \"label\": \"Open the basket\"}}").build());
    assertThat(f.output().lastTurn().label()).isEqualTo("Open the basket");
    assertThat(f.output().lastTurn().ok()).isFalse();
  }
}

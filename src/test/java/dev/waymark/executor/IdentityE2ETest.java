package dev.waymark.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.StepWriter;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Identity before action: steps authored on one build of a page (selector + target from the observation), then
 * performed in replay's mode on drifted builds. The page records which control received each action, so a step
 * that acts on a wrong element fails here even when it reports ok.
 */
@RealBrowser
class IdentityE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  static List<Step> authored;
  static final List<String> EXPECTED = List.of("input:new", "click:toggle-dog", "input:toggle-dog", "click:active", "click:save");

  private static ObservedNode node(PageObservation o, String role, String name, String context) {
    return o.nodes().stream().filter(n -> role.equals(n.role()) && name.equals(n.name())
        && (context == null || context.equals(n.context()))).findFirst()
        .orElseThrow(() -> new AssertionError("no " + role + " " + name + " " + context + " in " + o.nodes()));
  }

  private static Step on(String type, ObservedNode n) {
    return Step.builder(type).selector(new Selector(n.selector(), n.path(), n.indexes(), n.enter(), null, false))
        .target(StepWriter.targetOf(n)).timeoutMs(2500).build();
  }

  @BeforeAll
  static void authorOnTheOriginalBuild() throws Exception {
    open("original");
    PageObservation o = browser.harness().client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS).page();
    authored = List.of(
        on("fill", node(o, "textbox", "What needs to be done?", null)).toBuilder().value("Call mum").build(),
        on("click", node(o, "checkbox", "Toggle", "Walk dog")),
        on("click", node(o, "link", "Active", null)),
        on("click", node(o, "button", "Save changes", null)));
  }

  private static void open(String variant) throws Exception {
    browser.open("identity.html?v=" + variant);
    await().atMost(Duration.ofSeconds(10)).until(() -> browser.harness().eval("window.__frameReady === true").asBoolean());
  }

  private record Replayed(List<PerformResult> results, List<JsonNode> replies) {}

  private static Replayed replay(List<Step> steps) {
    List<PerformResult> results = new ArrayList<>();
    List<JsonNode> replies = new ArrayList<>();
    for (Step s : steps) {
      PerformResult r = browser.performRaw(browser.nextStepId(), s, Map.of(), null, true);
      results.add(r);
      replies.add(browser.lastPayload());
      if (!r.ok()) break;
    }
    return new Replayed(results, replies);
  }

  private static List<String> acted() throws Exception {
    List<String> out = new ArrayList<>();
    browser.harness().eval("window.__acted").forEach(e -> out.add(e.asText()));
    return out;
  }

  @Test
  void onTheBuildItWasAuthoredOnEveryStepActsOnItsOwnElementWithoutAHeal() throws Exception {
    open("original");
    Replayed r = replay(authored);
    assertThat(r.results()).allSatisfy(p -> assertThat(p.ok()).as(p.error()).isTrue());
    assertThat(r.replies()).allSatisfy(j -> assertThat(j.has("healed")).as(j.toString()).isFalse());
    assertThat(acted()).containsExactlyElementsOf(EXPECTED);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"ids", "classes", "order", "wrapper", "shadow", "frame", "reworded"})
  void onADriftedBuildEveryStepActsOnTheRightElementHealedWhereItHadTo(String variant) throws Exception {
    open(variant);
    Replayed r = replay(authored);
    assertThat(r.results()).hasSize(authored.size())
        .allSatisfy(p -> assertThat(p.ok()).as(variant + ": " + p.error()).isTrue());
    assertThat(acted()).as("the controls that received the actions").containsExactlyElementsOf(EXPECTED);
  }

  @Test
  void aHealSaysWhatItFoundAndHowSure() throws Exception {
    open("order");
    Replayed r = replay(authored.subList(1, 2));
    JsonNode heal = r.replies().get(0).path("healed");
    assertThat(heal.path("reason").asText()).isEqualTo("the selector found another element");
    assertThat(heal.path("element").asText()).contains("checkbox").contains("Walk dog");
    assertThat(heal.path("score").asDouble()).isGreaterThan(heal.path("runner_up").asDouble());
    assertThat(heal.path("from").path("css").asText()).isEqualTo(authored.get(1).selector().css());
    assertThat(acted()).containsExactly("click:toggle-dog", "input:toggle-dog");
  }

  @Test
  void aRowThatIsGoneIsNotReplacedByAnotherRowWithTheSameControl() throws Exception {
    open("no-dog");
    Replayed r = replay(List.of(authored.get(1)));
    assertThat(r.results().get(0).ok()).isFalse();
    assertThat(r.results().get(0).error()).contains("Walk dog");
    assertThat(acted()).as("the book's toggle sits where the dog's was, and is not it").isEmpty();
  }

  @Test
  void twoEquallyGoodCandidatesStopTheStepWithoutActing() throws Exception {
    open("twins");
    Replayed r = replay(List.of(authored.get(3)));
    assertThat(r.results().get(0).ok()).isFalse();
    assertThat(r.results().get(0).error()).contains("fit button \"Save changes\"").contains("alike")
        .contains("not acting on a guess");
    assertThat(acted()).isEmpty();
  }

  @Test
  void aTargetThatIsGoneStopsTheStepNamingTheClosestCandidates() throws Exception {
    open("gone");
    Replayed r = replay(List.of(authored.get(3)));
    assertThat(r.results().get(0).ok()).isFalse();
    assertThat(r.results().get(0).error()).contains("no element matches").contains("nothing on the page is clearly button \"Save changes\"")
        .contains("closest: button \"Discard changes\"");
    assertThat(acted()).isEmpty();
  }
}

package dev.waymark.travel;

import static dev.waymark.travel.TravelSteps.target;
import static dev.waymark.travel.TravelSteps.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.WaitConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RecorderExportTest {

  private static List<JsonNode> steps(RecorderExport.Result r) {
    List<JsonNode> out = new ArrayList<>();
    Json.read(r.json(), JsonNode.class).path("steps").forEach(out::add);
    return out;
  }

  private static List<String> types(RecorderExport.Result r) {
    return steps(r).stream().map(s -> s.path("type").asText()).toList();
  }

  @Test
  void everyStepTypeIsAFlowStepOrAMarkerThatHoldsTheStep() {
    Map<String, Step> all = TravelSteps.everyType();
    RecorderExport.Result r = RecorderExport.export(workflow(List.copyOf(all.values())), null);
    List<JsonNode> flow = steps(r);

    Set<String> markers = flow.stream().filter(s -> s.path("type").asText().equals("customStep"))
        .map(s -> s.path("name").asText()).collect(Collectors.toSet());
    Set<String> notTranslated = Set.of(StepTypes.UPLOAD, StepTypes.EXTRACT, StepTypes.EXTRACT_LIST, StepTypes.EVAL,
        StepTypes.CAPTURE_URL, StepTypes.CAPTURE_DOWNLOAD, StepTypes.CAPTURE_PAGE_FILE, StepTypes.USER_STEP,
        StepTypes.SWITCH_TAB, StepTypes.CLOSE_TAB, StepTypes.ADOPT_TAB);
    assertThat(markers).isEqualTo(notTranslated.stream().map(t -> "waymark:" + t).collect(Collectors.toSet()));
    assertThat(r.notes().stream().filter(n -> n.kind() == TravelNote.Kind.NOT_TRANSLATED).map(TravelNote::type)
        .collect(Collectors.toSet())).isEqualTo(notTranslated);
    JsonNode eval = flow.stream().filter(s -> s.path("name").asText().equals("waymark:eval")).findFirst().orElseThrow();
    assertThat(eval.path("parameters").path("why").asText()).isEqualTo("a flow calls no page function by name");
    assertThat(Json.mapper().convertValue(eval.path("parameters").path("step"), Step.class)).isEqualTo(all.get(StepTypes.EVAL));

    assertThat(types(r)).containsExactly("navigate", "click", "change", "change", "waitForExpression", "keyDown", "keyUp", "waitForExpression",
        "customStep", "waitForExpression", "customStep", "customStep", "customStep", "customStep", "customStep", "customStep",
        "customStep", "customStep", "customStep", "setViewport", "customStep");
    JsonNode click = flow.get(1);
    assertThat(click.path("selectors").toString()).isEqualTo("[[\"aria/Sign in[role=\\\"button\\\"]\"],[\"#sign-in\"]]");
    assertThat(click.path("offsetX").asInt()).isEqualTo(RecorderExport.CLICK_OFFSET);
    assertThat(click.path("target").asText()).isEqualTo("main");
    assertThat(flow.get(3).path("value").asText()).isEqualTo("high");
    // keys go to what has focus: the press's field is focused first (the select before it acted on another)
    assertThat(flow.get(4).path("expression").asText()).contains("document.querySelector('#email')");
    assertThat(flow.get(5).path("key").asText()).isEqualTo("Enter");
    assertThat(flow.get(7).path("expression").asText()).isEqualTo("(window.scrollBy(0, innerHeight * 0.8), true)");
    assertThat(flow.get(9).path("expression").asText()).isEqualTo("(document.body?.innerText ?? '').toLowerCase().includes('welcome')");
    JsonNode viewport = flow.get(19);
    assertThat(viewport.path("width").asInt()).isEqualTo(1024);
    assertThat(viewport.path("height").asInt()).isEqualTo(700);
    assertThat(viewport.path("isMobile").isBoolean()).isTrue();
    // Recorder's own layout: two spaces, "name": value
    assertThat(r.json()).startsWith("{\n  \"title\": \"Travel\",\n  \"timeout\": 15000,\n  \"steps\": [\n    {\n");
  }

  @Test
  void valuesAreWrittenInOnlyWhenGivenAndEveryStepThatNeedsOneIsNamedOtherwise() {
    Step email = Step.builder(StepTypes.FILL).id("email").selector(Selector.css("#email")).value("{{ email }}").build();
    Step pw = Step.builder(StepTypes.FILL).id("pw").selector(Selector.css("#pw")).value("{{ secret_todo }}").build();
    Step read = Step.builder(StepTypes.EXTRACT).id("read").selector(Selector.css("#code")).store("code").build();
    Step code = Step.builder(StepTypes.FILL).id("code").selector(Selector.css("#code-field")).value("{{ code }}").build();
    Step nav = Step.builder(StepTypes.NAVIGATE).id("nav").url("https://x.example/u/{{ email }}").build();
    List<Step> steps = List.of(nav, email, pw, read, code);

    RecorderExport.Result without = RecorderExport.export(workflow(steps), null);
    assertThat(without.valuesWritten()).isZero();
    assertThat(steps(without).get(1).path("value").asText()).isEqualTo("{{ email }}");
    assertThat(without.notes()).filteredOn(n -> n.kind() == TravelNote.Kind.NEEDS_VALUE).extracting(TravelNote::where)
        .containsExactly("step 1 \"nav\"", "step 2 \"email\"", "step 3 \"pw\"", "step 5 \"code\"");

    RecorderExport.Result with = RecorderExport.export(workflow(steps),
        Map.of("email", "ada@example.com", "secret_todo", "pw-1", "code", "not-the-stored-one"));
    assertThat(with.valuesWritten()).isEqualTo(3);
    assertThat(steps(with).get(0).path("url").asText()).isEqualTo("https://x.example/u/ada@example.com");
    assertThat(steps(with).get(2).path("value").asText()).isEqualTo("pw-1");
    // {{ code }} is what the extract step reads during the run; a value of that name is not it.
    assertThat(steps(with).get(4).path("value").asText()).isEqualTo("{{ code }}");
    assertThat(with.notes()).filteredOn(n -> n.kind() == TravelNote.Kind.NEEDS_VALUE).singleElement()
        .satisfies(n -> assertThat(n.message()).contains("{{ code }} (what an earlier step stored, which a flow cannot read)"));
    // A marker keeps the step as written: never a value.
    assertThat(with.json()).doesNotContain("not-the-stored-one");
  }

  @Test
  void selectorsNameTheElementByAriaThenCssAndGiveUpOnFramesAndPositionsWithoutAName() {
    Step shadow = Step.builder(StepTypes.CLICK).id("shadow").selector(new Selector("button.go", null, null, List.of("my-app"), null, false))
        .target(target("button", "Go")).build();
    Step frame = Step.builder(StepTypes.CLICK).id("frame").selector(new Selector("button", null, null, List.of("iframe#pay"), null, false)).build();
    Step nth = Step.builder(StepTypes.CLICK).id("nth").selector(new Selector("li button", null, null, null, 2, false)).build();
    Step nthNamed = Step.builder(StepTypes.CLICK).id("nth-named").selector(new Selector("li button", null, null, null, 2, false))
        .target(target("button", "Remove Eggs")).build();
    Step item = Step.builder(StepTypes.CLICK).id("item").selector(Selector.css("li.x button"))
        .target(new Target("button", "Delete", null, null, null, "Eggs", null)).build();
    Step path = Step.builder(StepTypes.CLICK).id("path").selector(new Selector(null, "/html/body/a", null, null, null, false)).build();
    List<JsonNode> flow = steps(RecorderExport.export(workflow(List.of(shadow, frame, nth, nthNamed, item, path)), null));

    assertThat(flow.get(0).path("selectors").toString()).isEqualTo("[[\"aria/Go[role=\\\"button\\\"]\"],[\"my-app\",\"button.go\"]]");
    assertThat(flow.get(1).path("name").asText()).isEqualTo("waymark:click");
    assertThat(flow.get(1).path("parameters").path("why").asText()).isEqualTo("its element is inside the frame iframe#pay");
    assertThat(flow.get(2).path("parameters").path("why").asText()).contains("position");
    assertThat(flow.get(3).path("selectors").toString()).isEqualTo("[[\"aria/Remove Eggs[role=\\\"button\\\"]\"]]");
    assertThat(flow.get(4).path("selectors").get(0).get(0).asText()).isEqualTo("xpath///*[(@role='button' or self::button or "
        + "(self::input and (@type='button' or @type='submit' or @type='reset'))) and (normalize-space(.)='Delete' or "
        + "@aria-label='Delete' or @value='Delete' or @title='Delete')][ancestor::*[" + ITEM + "][1][contains(normalize-space(.), 'Eggs')]]");
    assertThat(flow.get(4).path("selectors").get(1).toString()).isEqualTo("[\"li.x button\"]");
    assertThat(flow.get(5).path("selectors").toString()).isEqualTo("[[\"xpath//html/body/a\"]]");
  }

  private static final String ITEM = "self::li or self::tr or self::article or @role='row' or @role='listitem' "
      + "or @role='article' or @role='option' or @role='treeitem'";

  /**
   * A control the browser leaves unnamed (decision 0056) races its item's XPath (the nearest row or list item above it
   * holds its context) or the words it shows against its CSS; inside a shadow root only the chain can reach it.
   */
  @Test
  void aControlWithoutANameIsRacedByItsItemOrItsWordsBesideItsCss() {
    Step tick = Step.builder(StepTypes.CLICK).id("tick").selector(Selector.css("li:nth-child(2) .toggle"))
        .target(new Target("checkbox", null, "input", "checkbox", null, "Walk the dog's \"walk\"", null)).build();
    Step tile = Step.builder(StepTypes.CLICK).id("tile").selector(Selector.css("div.settings"))
        .target(new Target("generic", null, "div", null, null, null, null, "Open settings")).build();
    Step field = Step.builder(StepTypes.CLICK).id("field").selector(Selector.css("#toggle-all"))
        .target(new Target("checkbox", null, "input", "checkbox", null, null, null, "Mark all as complete")).build();
    Step shadow = Step.builder(StepTypes.CLICK).id("shadow").selector(new Selector("input", null, null, List.of("todo-item"), null, false))
        .target(new Target("checkbox", null, "input", "checkbox", null, "Walk the dog", null)).build();
    List<JsonNode> flow = steps(RecorderExport.export(workflow(List.of(tick, tile, field, shadow)), null));

    assertThat(flow.get(0).path("selectors").toString()).isEqualTo(Json.write(List.of(
        List.of("xpath///*[self::input and @type='checkbox'][ancestor::*[" + ITEM + "][1][contains(normalize-space(.), "
            + "concat('Walk the dog', \"'\", 's \"walk\"'))]]"), List.of("li:nth-child(2) .toggle"))));
    assertThat(flow.get(1).path("selectors").toString()).isEqualTo("[[\"text/Open settings\"],[\"div.settings\"]]");
    assertThat(flow.get(2).path("selectors").toString()).isEqualTo("[[\"#toggle-all\"]]");
    assertThat(flow.get(3).path("selectors").toString()).isEqualTo("[[\"todo-item\",\"input\"]]");
  }

  @Test
  void keysWaitsExpectsConditionsAndOptionalStepsBecomeFlowStepsOrMarkers() {
    Step chord = Step.builder(StepTypes.PRESS).id("chord").selector(Selector.css("#editor")).value("ctrl+a").timeoutMs(45_000).build();
    Step add = Step.builder(StepTypes.CLICK).id("add").selector(Selector.css("#add"))
        .waitFor(new WaitConfig("#spinner", null, null, true, 0, 2000))
        .expect(new Expect("#/list", "Todos", new Expect.Element("checkbox", "Milk"), new Expect.Element("button", "Undo"),
            null, new Expect.Count("#list li", 1))).build();
    Step fill = Step.builder(StepTypes.FILL).id("fill").selector(Selector.css("#q")).value("milk")
        .expect(new Expect(null, null, null, null, "milk", null)).build();
    Step cond = Step.builder(StepTypes.CLICK).id("cond").selector(Selector.css("#ok")).condition(TravelSteps.when("#banner")).build();
    Step opt = Step.builder(StepTypes.CLICK).id("opt").selector(Selector.css("#promo")).optional(true).build();
    RecorderExport.Result r = RecorderExport.export(workflow(List.of(chord, add, fill, cond, opt)), null);
    List<JsonNode> flow = steps(r);

    assertThat(types(r)).containsExactly("waitForExpression", "keyDown", "keyDown", "keyUp", "keyUp",
        "waitForExpression", "click", "waitForElement", "waitForExpression", "waitForExpression", "waitForElement",
        "waitForElement", "waitForExpression", "change", "waitForElement", "customStep", "customStep");
    assertThat(flow.get(0).path("expression").asText()).contains("document.querySelector('#editor')").contains("e.focus()");
    assertThat(flow.subList(1, 5).stream().map(s -> s.path("key").asText()).toList()).containsExactly("Control", "a", "a", "Control");
    assertThat(flow.get(1).path("timeout").asInt()).isEqualTo(RecorderExport.MAX_TIMEOUT_MS);
    assertThat(flow.get(5).path("expression").asText()).isEqualTo("(window.__waymarkCount = document.querySelectorAll('#list li').length, true)");
    assertThat(flow.get(7).path("operator").asText()).isEqualTo("==");
    assertThat(flow.get(7).path("count").asInt()).isZero();
    assertThat(flow.get(7).path("timeout").asInt()).isEqualTo(2000);
    assertThat(flow.get(8).path("expression").asText()).contains(".endsWith('#/list')");
    assertThat(flow.get(9).path("expression").asText()).isEqualTo("document.title.replace(/\\s+/g, ' ').trim() === 'Todos'");
    assertThat(flow.get(10).path("selectors").toString()).isEqualTo("[[\"aria/Milk[role=\\\"checkbox\\\"]\"]]");
    assertThat(flow.get(11).path("count").asInt()).isZero();
    assertThat(flow.get(12).path("expression").asText()).isEqualTo("document.querySelectorAll('#list li').length === window.__waymarkCount + (1)");
    assertThat(flow.get(14).path("properties").path("value").asText()).isEqualTo("milk");
    assertThat(flow.get(15).path("parameters").path("why").asText()).contains("no conditional steps");
    assertThat(flow.get(16).path("parameters").path("why").asText()).contains("no optional steps");
  }
}

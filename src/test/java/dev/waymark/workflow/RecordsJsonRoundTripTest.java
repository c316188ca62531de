package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.ObservedPagination;
import dev.waymark.observe.PageObservation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.junit.jupiter.api.Test;

class RecordsJsonRoundTripTest {

  static PageObservation fullObservation() {
    ObservedNode node = new ObservedNode("e1", "checkbox", "Remember me", "input", "checkbox", "on", "ph", true, true, false,
        List.of("a", "b"), "#remember", "/html/body/form/input[3]", List.of(0, 2), List.of("app-shell", "iframe#login"),
        "Sign in", "row 3", true, true, 4, "https://x/help");
    ObservedList list = new ObservedList("l1", "li.card", 20, "Results",
        List.of(new ObservedListField("price", ".price", "data-value", "$3")),
        new ObservedPagination("numbered", "a.next", "Next", "https://x/?p=2", 9));
    return new PageObservation("https://x/", "X", List.of(node), List.of(new ObservedHeading(2, "Results")), "page text",
        true, "Cookie consent", true, 12, 2, List.of(list));
  }

  /** Every field of a Step set (one shared fixture with the Step → decision tests). */
  static Step fullStep() {
    return dev.waymark.apply.StepDecisionsFixtures.everyField("captureDownload").toBuilder().id("s1").label("Capture the report")
        .build();
  }

  @Test
  void pageObservationRoundTripsEveryField() throws Exception {
    PageObservation o = fullObservation();
    String json = Json.write(o);
    assertThat(Json.read(json, PageObservation.class)).isEqualTo(o);
    JsonNode tree = Json.mapper().readTree(json);
    assertThat(names(tree)).containsExactlyInAnyOrder("url", "title", "nodes", "headings", "text", "truncated", "modal",
        "modal_frame", "omitted", "frames", "lists");
    assertThat(names(tree.get("nodes").get(0))).containsExactlyInAnyOrder("ref", "role", "name", "tag", "type", "value",
        "placeholder", "disabled", "checked", "expanded", "options", "selector", "path", "indexes", "enter", "section",
        "context", "offscreen", "obscured", "similar", "href");
    assertThat(names(tree.get("lists").get(0))).containsExactlyInAnyOrder("ref", "selector", "count", "section", "fields", "pagination");
    assertThat(names(tree.get("lists").get(0).get("pagination"))).containsExactlyInAnyOrder("kind", "selector", "label", "url", "pages");
  }

  @Test
  void stepRoundTripsEveryFieldUnderTheSpecsNames() throws Exception {
    Step s = fullStep();
    String json = Json.write(s);
    assertThat(Json.read(json, Step.class)).isEqualTo(s);
    JsonNode tree = Json.mapper().readTree(json);
    assertThat(names(tree)).containsExactlyInAnyOrder("id", "type", "label", "selector", "value", "format", "attribute",
        "fields", "limit", "url", "fn", "args", "body_params", "method", "filename", "output", "wait", "prompt",
        "continue_on", "timeout_ms", "optional", "condition", "store", "resume", "always", "accept_dialog",
        "allow_download", "target", "expect", "provenance");
    assertThat(names(tree.get("expect"))).containsExactlyInAnyOrder("url", "appears");
    assertThat(names(tree.get("target"))).containsExactlyInAnyOrder("role", "name", "tag", "type", "section", "context", "href");
    assertThat(names(tree.get("selector"))).containsExactlyInAnyOrder("css", "path", "indexes", "enter", "index", "all");
    assertThat(names(tree.get("wait"))).containsExactlyInAnyOrder("selector", "text", "url_includes", "absent", "delay_ms", "timeout_ms");
    assertThat(names(tree.get("continue_on"))).containsExactlyInAnyOrder("manual", "selector", "text", "url_includes", "timeout_ms");
    assertThat(names(tree.get("condition"))).containsExactlyInAnyOrder("selector", "text", "url_includes", "match", "negate");
    assertThat(names(tree.get("resume"))).containsExactlyInAnyOrder("id", "when", "rewind");
    assertThat(names(tree.get("resume").get("rewind"))).containsExactlyInAnyOrder("to", "url", "selector", "wait");
    assertThat(new ArrayList<>(names(tree.get("fields")))).containsExactly("title", "link");
  }

  @Test
  void selectorIndexZeroIsKeptApartFromNoIndex() {
    Selector zero = new Selector("li", null, null, null, 0, false);
    assertThat(Json.read(Json.write(zero), Selector.class).index()).isZero();
    assertThat(Json.read(Json.write(Selector.css("li")), Selector.class).index()).isNull();
  }

  @Test
  void extTurnRoundTripsEveryField() throws Exception {
    ExtTurn t = new ExtTurn(3, "why", "fill", "Fill email", "e4", "{{ email }}", true, true, "err", "https://x/");
    assertThat(Json.read(Json.write(t), ExtTurn.class)).isEqualTo(t);
    assertThat(names(Json.mapper().readTree(Json.write(t)))).containsExactlyInAnyOrder("turn", "reasoning", "type", "label",
        "ref", "value", "ok", "done", "error", "url");
  }

  @Test
  void aDialogAnsweredBeforeItsStepKeepsItsMarkAndOneWithoutItWritesAsBefore() throws Exception {
    StepOutcome.Dialog earlier = new StepOutcome.Dialog("confirm", "Keep the draft?", "dismissed", null, true);
    StepOutcome.Dialog own = new StepOutcome.Dialog("alert", "Saved", "dismissed", "s4");

    assertThat(Json.mapper().readValue(Json.write(earlier), StepOutcome.Dialog.class)).isEqualTo(earlier);
    assertThat(Json.write(earlier)).contains("\"before_step\":true");
    // a journal written before the mark existed reads as the step's own, and the step's own writes no mark
    assertThat(Json.write(own)).doesNotContain("before_step");
    assertThat(Json.mapper().readValue("{\"kind\":\"alert\",\"message\":\"Saved\",\"answered\":\"dismissed\",\"step\":\"s4\"}",
        StepOutcome.Dialog.class)).isEqualTo(own);
  }

  @Test
  void extractFieldAcceptsABareCssString() {
    assertThat(Json.read("\"h3.title\"", ExtractField.class)).isEqualTo(new ExtractField("h3.title", null));
  }

  @Test
  void jsonParserRefusesDeepNesting() {
    String deep = "[".repeat(Json.MAX_NESTING_DEPTH + 10) + "]".repeat(Json.MAX_NESTING_DEPTH + 10);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Json.mapper().readTree(deep))
        .hasMessageContaining("nesting depth");
  }

  private static List<String> names(JsonNode node) {
    List<String> out = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) out.add(it.next());
    return out;
  }


  @Test
  void emptyValueIsKeptBecauseAFillWithItClearsTheField() {
    Step clear = Step.builder("fill").id("s1").selector(Selector.css("#q")).value("").build();
    assertThat(Json.read(Json.write(clear), Step.class).value()).isEmpty();
  }
}

package dev.waymark.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model's pages (decision 0063): the base page in the cached prefix, the changes since it in the tail, refs
 * that keep naming the same element, and the model's refs translated to the observer's before the session acts.
 */
class PromptPagesTest {
  private final PromptPages pages = new PromptPages();
  private final PromptRenderer renderer = new PromptRenderer();

  private static ObservedNode node(String ref, String role, String name, String selector, boolean positional) {
    return new ObservedNode(ref, role, name, "input", null, null, null, false, null, null, null, selector, null, null,
        null, "main", null, false, false, 0, null, positional);
  }

  /** TodoMVC as the observer numbers it: the new-todo box, a toggle per row (newest first), the filter links. */
  private static PageObservation todos(String url, String... titles) {
    List<ObservedNode> nodes = new ArrayList<>();
    nodes.add(node("e1", "textbox", "What needs to be done?", "#new-todo", false));
    int ref = 2;
    for (int i = 0; i < titles.length; i++) {
      nodes.add(node("e" + ref++, "checkbox", "Toggle " + titles[i], "li:nth-child(" + (i + 1) + ") input.toggle", true));
    }
    for (String filter : List.of("All", "Active", "Completed")) {
      nodes.add(node("e" + ref++, "link", filter, "a[href='#/" + filter.toLowerCase() + "']", false));
    }
    // the rest of a real page: a footer's worth of controls that no step changes
    for (int i = 1; i <= 24; i++) {
      nodes.add(node("e" + ref++, "textbox", "Footer field " + i, "#footer-" + i, false));
    }
    return new PageObservation(url, "Todos", nodes, List.of(), null, false, null, false, 0, 0, List.of());
  }

  private static ExtTurn did(int turn, String type, String ref) {
    return new ExtTurn(turn, "why", type, type + " it", ref, null, true, false, null, "http://t/");
  }

  private static String click(String ref) {
    return "{\"reasoning\": \"r\", \"step\": {\"type\": \"click\", \"ref\": \"" + ref + "\", \"label\": \"x\"}}";
  }

  private static String refIn(String decision) {
    JsonNode json = Json.read(decision, JsonNode.class);
    return json.path("step").path("ref").asText();
  }

  @Test
  void theFirstTurnsPageIsTheBaseAndLaterTurnsGetOnlyWhatChangedInRefsThatKeepTheirMeaning() {
    PromptPages.Shown first = pages.show(todos("http://t/", "Milk"), 1, List.of());
    assertThat(first.isDelta()).isFalse();
    assertThat(first.baseTurn()).isEqualTo(1);
    assertThat(first.base()).contains("e2 checkbox \"Toggle Milk\"");

    // the observer numbers afresh: Milk's toggle is e3 now, the new row's e2
    PageObservation now = todos("http://t/", "Dog", "Milk");
    PromptPages.Shown second = pages.show(now, 2, List.of(did(1, "press", "e1")));
    assertThat(second.isDelta()).isTrue();
    assertThat(second.baseTurn()).isEqualTo(1);
    assertThat(second.delta()).startsWith("changes since the page at turn 1\n").contains("added:")
        .contains("\"Toggle Dog\"").doesNotContain("Toggle Milk");
    // the model names Milk's toggle as it was shown (e2); the session gets the observer's e3
    assertThat(refIn(pages.translate(click("e2"), now, 2))).isEqualTo("e3");
    String dogs = second.delta().replaceAll("(?s).*\\b(e\\d+) checkbox \"Toggle Dog\".*", "$1");
    assertThat(refIn(pages.translate(click(dogs), now, 2))).isEqualTo("e2");
  }

  @Test
  void aRefTheModelWasNeverShownThatTheObserverUsesForAnotherElementNeverReachesIt() {
    pages.show(todos("http://t/", "Milk"), 1, List.of());
    PageObservation now = todos("http://t/", "Dog", "Milk");
    pages.show(now, 2, List.of(did(1, "press", "e1")));
    // the model's space: e1 box, e2 Milk, e3..e29 links and fields, e30 Dog. A made-up e99 is on neither page: it
    // goes as it came, and the session says it is not on the page.
    assertThat(refIn(pages.translate(click("e99"), now, 2))).isEqualTo("e99");
    // two more rows: the observer's e32 is a footer field; in the model's space e32 was never handed out
    PageObservation more = todos("http://t/", "Cat", "Dog", "Milk", "Rent");
    assertThat(more.node("e32")).isNotNull();
    String translated = refIn(pages.translate(click("e32"), more, 2));
    assertThat(translated).isEqualTo("e32 (not on the page as you were shown it)");
    assertThat(more.node(translated)).isNull();
  }

  @Test
  void anotherDocumentAStepThatLeavesItOrTooManyChangesTakeANewBase() {
    pages.show(todos("http://t/", "Milk"), 1, List.of());
    PromptPages.Shown moved = pages.show(todos("http://other/", "Milk"), 2, List.of(did(1, "click", "e3")));
    assertThat(moved.isDelta()).isFalse();
    assertThat(moved.baseTurn()).isEqualTo(2);

    PromptPages.Shown navigated = pages.show(todos("http://other/", "Milk"), 3, List.of(did(2, "navigate", null)));
    assertThat(navigated.isDelta()).isFalse();
    assertThat(navigated.baseTurn()).isEqualTo(3);

    List<String> rows = new ArrayList<>();
    for (int i = 1; i <= 40; i++) rows.add("Row " + i);
    rows.add("Milk");
    PromptPages.Shown many = pages.show(todos("http://other/", rows.toArray(String[]::new)), 4,
        List.of(did(3, "click", "e3")));
    assertThat(many.isDelta()).isFalse();
    assertThat(many.why()).contains("more than half the page");
    assertThat(many.baseTurn()).isEqualTo(4);

    // a trail cleared (a new goal): the first turn again takes a base
    assertThat(pages.show(todos("http://other/", "Milk"), 1, List.of()).baseTurn()).isEqualTo(1);
  }

  @Test
  void eachPromptStartsWithThePreviousPromptsStablePrefixTheBaseAfterTheTurnsBeforeItAndTheTrailInTheModelsRefs() {
    List<ExtTurn> trail = new ArrayList<>();
    List<Prompt> prompts = new ArrayList<>();
    List<PageObservation> seen = List.of(todos("http://t/", "Milk"), todos("http://t/", "Dog", "Milk"),
        todos("http://t/", "Dog", "Milk"), todos("http://t/", "Cat", "Dog", "Milk"));
    for (int turn = 1; turn <= seen.size(); turn++) {
      PageObservation page = seen.get(turn - 1);
      PromptInput in = PromptInput.builder().goal("Keep the list").trail(trail).turn(turn).build();
      Prompt p = renderer.render(in, pages.show(page, turn, trail)).prompt();
      prompts.add(p);
      String observer = refIn(pages.translate(click("e2"), page, turn));
      trail.add(did(turn, "click", observer));
    }
    for (int n = 1; n < prompts.size(); n++) {
      assertThat(prompts.get(n).user()).as("turn %d starts with turn %d's stable prefix", n + 1, n)
          .startsWith(prompts.get(n - 1).stablePrefix());
    }
    Prompt last = prompts.get(3);
    // the base was read on turn 1, before any turn was taken: it comes right after the head
    assertThat(last.stablePrefix()).containsSubsequence("# Turns so far", "# The page at turn 1", "1. click e2", "3. click e2");
    // Milk's toggle was e2 to the model on every turn, though the observer called it e3 and then e4
    assertThat(trail.get(3).ref()).isEqualTo("e4");
    assertThat(last.tail()).contains("The page now is the page at turn 1 above with these changes")
        .contains("\"Toggle Cat\"").doesNotContain("\"Toggle Milk\"");
    assertThat(prompts.get(0).tail()).contains("none: the page at turn 1 was read this turn");
  }
}

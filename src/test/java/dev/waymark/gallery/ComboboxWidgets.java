package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A select step on the comboboxes of real widget libraries (the gallery pages, on the libraries from
 * src/test/node/gallery): the widget is one combobox node with its value, a select chooses the option by its
 * label on both input paths, and the page's own record of the library's value (its API or change event, in
 * {@code window.__value}) is what is checked. A label the widget does not offer fails and changes nothing.
 */
abstract class ComboboxWidgets {
  /** The browser the tests run in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  /** Each gallery page, the name Chrome gives its combobox, and what the library records for Lisbon. */
  static List<Arguments> widgets() {
    List<Arguments> out = new java.util.ArrayList<>();
    for (String input : List.of("page", "trusted")) {
      out.add(Arguments.of("tom-select.html", "Destination city", "lisbon|Lisbon", input));
      out.add(Arguments.of("choices.html", null, "lisbon|Lisbon", input));
      out.add(Arguments.of("select2.html", "Pick a city", "lisbon|Lisbon", input));
      // jQuery UI marks nothing with ARIA: Chrome's role for its field is textbox, and so is Waymark's
      out.add(Arguments.of("jquery-ui-autocomplete.html", "Destination city", "Lisbon", input));
      out.add(Arguments.of("shadow-select.html", "Destination city", "lisbon|Lisbon", input));
      // a design system's web component: combobox and listbox in its shadow root, options slotted into it
      out.add(Arguments.of("shoelace-select.html", "Destination city", "lisbon|Lisbon", input));
    }
    return out;
  }

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  @ParameterizedTest(name = "{0} ({3} input)")
  @MethodSource("widgets")
  void aSelectChoosesTheOptionByItsLabelAndTheLibraryHoldsIt(String page, String name, String recorded, String input) throws Exception {
    open(page);
    WidgetSteps.useInput(browser(), input);
    ObservedNode box = combobox(WidgetSteps.observe(browser()), name);
    assertThat(box.value()).as("nothing chosen yet").isNullOrEmpty();

    PerformResult r = WidgetSteps.perform(browser(), "select", box, "Lisbon", 8000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.effect()).contains("'Lisbon'");
    assertThat(browser().eval("window.__value").asText()).isEqualTo(recorded);
    // the page's own record shows one choice, not a filter typed and a second pick
    assertThat(browser().eval("window.__values.length").asInt()).isEqualTo(1);
    ObservedNode after = combobox(WidgetSteps.observe(browser()), name == null || !name.equals("Pick a city") ? name : "Lisbon");
    // a widget shows its option's label; a native <select> reports its option's value, as it always has
    assertThat(after.value()).isEqualTo(page.equals("shadow-select.html") ? "lisbon" : "Lisbon");
  }

  @ParameterizedTest(name = "{0} ({3} input)")
  @MethodSource("widgets")
  void aLabelTheWidgetDoesNotOfferFailsSayingWhatItListsAndChangesNothing(String page, String name, String recorded, String input) throws Exception {
    open(page);
    WidgetSteps.useInput(browser(), input);
    ObservedNode box = combobox(WidgetSteps.observe(browser()), name);

    PerformResult r = WidgetSteps.perform(browser(), "select", box, "Lisbn", 8000);

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).containsAnyOf("no option 'Lisbn'", "no option matches the value");
    // what the widget does offer, where it lists anything before typing (jQuery UI lists only what matches)
    if (!page.startsWith("jquery-ui")) assertThat(r.error()).contains("'Lisbon'");
    assertThat(browser().eval("window.__values.length").asInt()).isZero();
  }

  /**
   * The slow searches: a debounced request on both input paths, and an answer over a channel whose work is not counted
   * (decision 0074). The widget changes a frame after the typing without answering; page input reaches the wait
   * within that frame, where trusted input's round trip may pass it, so page input is the case that tells.
   */
  static List<Arguments> slowSearches() {
    return List.of(Arguments.of("remote-search.html", "page"), Arguments.of("remote-search.html", "trusted"),
        Arguments.of("socket-search.html", "page"));
  }

  /**
   * A list that only a search fills (a remote autocomplete): after a debounce and a request, or over a channel whose
   * work is not counted behind a loading notice. The select waits for the answer, and a label it does not offer fails
   * only once the search has answered and the list has settled.
   */
  @ParameterizedTest(name = "{0} ({1} input)")
  @MethodSource("slowSearches")
  void aListFedByASlowSearchIsWaitedForBeforeAMissIsTold(String page, String input) throws Exception {
    open(page);
    WidgetSteps.useInput(browser(), input);
    ObservedNode box = combobox(WidgetSteps.observe(browser()), "Destination city");

    PerformResult miss = WidgetSteps.perform(browser(), "select", box, "Lisbn", 8000);

    assertThat(miss.ok()).isFalse();
    assertThat(miss.error()).contains("no option 'Lisbn'");
    assertThat(browser().eval("window.__searches").asInt()).as("the search answered before the miss was told").isPositive();
    assertThat(browser().eval("window.__values.length").asInt()).isZero();

    PerformResult hit = WidgetSteps.perform(browser(), "select", box, "Lisbon", 8000);

    assertThat(hit.ok()).as(hit.error()).isTrue();
    assertThat(browser().eval("window.__value").asText()).isEqualTo("lisbon|Lisbon");
  }

  /**
   * A widget that refreshes its list on a throttle after the typing (Tom Select's refreshThrottle): the refresh opens
   * the list anew and takes focus back to the field. The select lets that work run before it picks the option, so the
   * list is closed and the next step's field keeps its focus and its text; picked before the refresh, the list would
   * reopen over the next step and take its focus.
   */
  @ParameterizedTest(name = "{0} input")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"page", "trusted"})
  void aListThatRefreshesAfterTheTypingIsLeftClosedForTheNextStep(String input) throws Exception {
    open("refreshing-list.html");
    WidgetSteps.useInput(browser(), input);
    PageObservation o = WidgetSteps.observe(browser());

    PerformResult chosen = WidgetSteps.perform(browser(), "select", combobox(o, "Destination city"), "Lisbon", 8000);
    PerformResult filled = WidgetSteps.perform(browser(), "fill", WidgetSteps.named(o, "Traveller name"), "Ada", 8000);

    assertThat(chosen.ok()).as(chosen.error()).isTrue();
    assertThat(filled.ok()).as(filled.error()).isTrue();
    // the page's refresh has run by now whichever way the select went: 300 ms after the last key
    org.awaitility.Awaitility.await().pollDelay(java.time.Duration.ZERO).atMost(java.time.Duration.ofSeconds(3))
        .until(() -> browser().eval("window.__refreshes").asInt() >= 1);
    assertThat(browser().eval("[window.__value, window.__values.length, document.getElementById('list').hidden,"
        + " document.activeElement.id, document.getElementById('traveller').value].join(' ')").asText())
        .as("value, choices made, list hidden, focused field, traveller").isEqualTo("lisbon|Lisbon 1 true traveller Ada");
  }

  /**
   * A refresh that no longer offers the option found before it (the data behind the list changed): the select fails
   * saying so, closes the list and chooses nothing, rather than clicking the option the refresh took away.
   */
  @ParameterizedTest(name = "{0} input")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"page", "trusted"})
  void anOptionTheRefreshTookAwayFailsSayingSoAndChoosesNothing(String input) throws Exception {
    open("refreshing-list.html?dropped=Lisbon");
    WidgetSteps.useInput(browser(), input);

    PerformResult r = WidgetSteps.perform(browser(), "select", combobox(WidgetSteps.observe(browser()), "Destination city"), "Lisbon", 8000);

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).contains("no longer lists 'Lisbon' after it refreshed its list");
    assertThat(browser().eval("[window.__refreshes, window.__values.length].join(' ')").asText())
        .as("refreshes run, choices made").isEqualTo("1 0");
  }

  /**
   * A fill written by a person on a component's own element (`#picker`), where the component draws a native select
   * (as Lightning's lightning-select does): it chooses in that select, as a fill of a select on the page does.
   */
  @org.junit.jupiter.api.Test
  void aFillOnAComponentThatDrawsANativeSelectChoosesInIt() throws Exception {
    open("shadow-select.html");

    PerformResult r = WidgetSteps.perform(browser(), "fill", new Selector("#picker", null, null, null, null, false), "Lisbon", 8000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("window.__value").asText()).isEqualTo("lisbon|Lisbon");
  }

  /**
   * A list a script moves into place frame by frame as it opens (a spring, as Framer Motion and react-spring draw
   * popovers): no animation the browser knows of, yet its options are drawn elsewhere a frame later. The option is
   * clicked once the list stands, as a person clicks it; the page logs whether its list was still moving at the click.
   */
  @ParameterizedTest(name = "{0} input")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"page", "trusted"})
  void anOptionInAListAScriptMovesIntoPlaceIsClickedOnceTheListStands(String input) throws Exception {
    open("animated-popups.html");
    WidgetSteps.useInput(browser(), input);

    PerformResult r = WidgetSteps.perform(browser(), "select", combobox(WidgetSteps.observe(browser()), "Meeting city"), "Lisbon", 8000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("window.__value").asText()).isEqualTo("lisbon|Lisbon");
    assertThat(browser().eval("JSON.stringify(window.__clicks)").asText()).as("the clicks in the list, as the page saw them")
        .isEqualTo("[{\"what\":\"Lisbon\",\"moving\":false}]");
  }

  // A page whose components load as modules defines them a moment after load, and Shoelace's select shows its first
  // option for a frame before it shows its (empty) value: wait until each component shows what it holds.
  private void open(String page) throws Exception {
    browser().open(browser().pageUrl("gallery/" + page));
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5)).until(() -> browser().eval(
        "!document.querySelector(':not(:defined)') && [...document.querySelectorAll('sl-select')].every((s) =>"
            + " s.shadowRoot && s.shadowRoot.querySelector('.select__display-input').value === '')").asBoolean());
  }

  private static ObservedNode combobox(PageObservation o, String name) {
    List<ObservedNode> boxes = o.nodes().stream().filter(n -> "combobox".equals(n.role())
            || o.url().contains("jquery-ui") && "textbox".equals(n.role()))
        .filter(n -> name == null || name.equals(n.name())).toList();
    assertThat(boxes).as("the widget is one combobox node in %s", o.nodes()).hasSize(1);
    return boxes.get(0);
  }

}

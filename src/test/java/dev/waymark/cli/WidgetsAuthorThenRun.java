package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.GalleryLibs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A date picker, a data grid, a slider and a form of web components of real libraries, each authored with {@code author} and a program that
 * speaks in person terms, exported, and replayed with {@code run} on a fresh load, on both input paths; after
 * authoring and after the replay the library's own API says the widget holds what was meant.
 */
@RealBrowser
abstract class WidgetsAuthorThenRun {
  /** The browser the tests author and replay in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  @TempDir
  Path dir;

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--trusted-input", "--page-input"})
  void aDatePickedInTheCalendarReplaysToTheSameDate(String input) throws Exception {
    String date = LocalDate.now().plusMonths(2).withDayOfMonth(14).toString();
    authorThenRun("gallery/flatpickr.html", input, "Depart on the 14th in two months",
        List.of(Map.of("type", "fill", "name", "Departure date", "value", date)), "window.__date", date);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--trusted-input", "--page-input"})
  void aGridSortedByPriceWithOneCellEditedReplaysTheSame(String input) throws Exception {
    authorThenRun("gallery/tabulator.html", input, "Sort by price and set the kettle's stock to 9",
        List.of(Map.of("type", "click", "name", "Price"),
            Map.of("type", "fill", "role", "gridcell", "in", "A-102", "value", "9")),
        "(() => { const s = JSON.parse(gridState()); return s.sorters.join() + ' ' + s.data.filter((d) => d.startsWith('A-102')).join(); })()",
        "price:asc A-102:9");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--trusted-input", "--page-input"})
  void aSliderMovedToAValueReplaysToTheSameValue(String input) throws Exception {
    authorThenRun("gallery/sliders.html", input, "Set the budget to 170",
        List.of(Map.of("type", "fill", "name", "Budget per night", "value", "170")), "sliderValue()", "170");
  }

  /** A form of a design system's web components (Shoelace): every control lives in a component's shadow tree. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--trusted-input", "--page-input"})
  void aFormOfWebComponentsReplaysToTheSameValues(String input) throws Exception {
    authorThenRun("gallery/shoelace-form.html", input, "Name the account Ada, accept the terms, go Pro and take the digest",
        // (the components are defined a moment after the load: the first step waits for the field to show)
        List.of(Map.of("type", "fill", "name", "Display name", "value", "Ada", "when", "Display name"),
            Map.of("type", "click", "name", "I accept the terms"),
            Map.of("type", "click", "name", "Pro plan"),
            Map.of("type", "click", "name", "Notifications"),
            Map.of("type", "click", "name", "Weekly digest")),
        // the same before the components are defined as after: what was meant, or '-'
        "(() => { const $ = (id) => document.getElementById(id); return [$('name').value === 'Ada' ? 'Ada' : '-',"
            + " $('terms').checked === true ? 'terms' : '-', $('plan').value === 'pro' ? 'pro' : '-',"
            + " $('digest').checked === true ? 'digest' : '-'].join(' '); })()",
        "Ada terms pro digest");
  }

  private void authorThenRun(String page, String input, String goal, List<Map<String, Object>> steps, String state, String expected)
      throws Exception {
    String url = browser().pageUrl(page);
    browser().open(url);
    String initial = browser().eval(state).asText();
    List<Map<String, Object>> plan = new java.util.ArrayList<>(steps);
    plan.add(Map.of("done", true, "reasoning", "the widget shows what was asked"));

    AuthorRun authored = AuthorRun.inProcess(browser().client(), dir, url, goal, plan, Map.of(), "", "--approve", "auto", input);

    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(3)).untilAsserted(() ->
        assertThat(browser().eval(state).asText()).as("the library's value after authoring").isEqualTo(expected));
    browser().open(url);
    assertThat(browser().eval(state).asText()).as("a fresh load").isEqualTo(initial);
    AuthorRun.Replay replay = authored.replay(browser().client());
    assertThat(replay.code()).as(replay.toString()).isEqualTo(RunCommand.EXIT_OK);
    await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(3)).untilAsserted(() ->
        assertThat(browser().eval(state).asText()).as("the library's value after the replay").isEqualTo(expected));
  }
}

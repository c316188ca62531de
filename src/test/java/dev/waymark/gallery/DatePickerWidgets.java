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
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A fill of an ISO date into the date pickers of real libraries (flatpickr read-only and typable, jQuery UI
 * datepicker): picked in the calendar, turning its month from today's to the 14th of a month ahead and of one
 * behind, on both input paths; the library's own parsed date (its API, in {@code window.__date}) is checked, and a
 * day the calendar does not offer fails and changes nothing.
 */
abstract class DatePickerWidgets {
  /** The browser the tests run in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  @ParameterizedTest(name = "{0} #{1}, {2} month(s) away ({3} input)")
  @CsvSource({
      "flatpickr.html, depart, 1, page",
      "flatpickr.html, depart, -2, trusted",
      "jquery-ui-datepicker.html, depart, 1, trusted",
      "jquery-ui-datepicker.html, depart, -14, page",
  })
  void aDateIsPickedInTheCalendarAndTheLibraryHoldsIt(String page, String id, int months, String input) throws Exception {
    browser().open(browser().pageUrl("gallery/" + page));
    WidgetSteps.useInput(browser(), input);
    String wanted = LocalDate.now().plusMonths(months).withDayOfMonth(14).toString();
    ObservedNode field = WidgetSteps.named(WidgetSteps.observe(browser()), "Departure date");

    PerformResult r = WidgetSteps.perform(browser(), "fill", field, wanted, 10000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("window.__date").asText()).as("the library's own date").isEqualTo(wanted);
    assertThat(r.effect()).contains("picked in the calendar");
  }

  @ParameterizedTest(name = "{0} ({1} input)")
  @CsvSource({"flatpickr.html, page", "flatpickr.html, trusted"})
  void aFieldThatTakesTypingButDoesNotSayItsFormatIsPickedInItsCalendarToo(String page, String input) throws Exception {
    browser().open(browser().pageUrl("gallery/" + page));
    WidgetSteps.useInput(browser(), input);
    LocalDate wanted = LocalDate.now().plusMonths(3).withDayOfMonth(2);
    ObservedNode field = WidgetSteps.named(WidgetSteps.observe(browser()), "Return date");

    PerformResult r = WidgetSteps.perform(browser(), "fill", field, wanted.toString(), 10000);

    assertThat(r.ok()).as(r.error()).isTrue();
    // the widget writes its own format (d/m/Y here); its API holds the date
    assertThat(browser().eval("document.getElementById('ret').value").asText())
        .isEqualTo(String.format("%02d/%02d/%d", wanted.getDayOfMonth(), wanted.getMonthValue(), wanted.getYear()));
    assertThat(browser().eval("window.__ret").asText()).isEqualTo(browser().eval(
        "new Date(" + wanted.getYear() + ", " + (wanted.getMonthValue() - 1) + ", " + wanted.getDayOfMonth() + ").toDateString()").asText());
  }

  @ParameterizedTest(name = "{0} ({1} input)")
  @CsvSource({"typed-date.html, page", "typed-date.html, trusted"})
  void aFieldThatSaysItsFormatGetsTheDateTypedInIt(String page, String input) throws Exception {
    browser().open(browser().pageUrl("gallery/" + page));
    WidgetSteps.useInput(browser(), input);
    ObservedNode field = WidgetSteps.named(WidgetSteps.observe(browser()), "Date of birth");

    PerformResult r = WidgetSteps.perform(browser(), "fill", field, "1990-03-04", 10000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("document.getElementById('dob').value").asText()).isEqualTo("04.03.1990");
    assertThat(browser().eval("window.__date").asText()).isEqualTo("1990-03-04");
  }

  @ParameterizedTest(name = "{0} ({1} input)")
  @CsvSource({"flatpickr-bounded.html, page", "flatpickr-bounded.html, trusted"})
  void aDayTheCalendarDoesNotOfferFailsAndNothingIsChosen(String page, String input) throws Exception {
    browser().open(browser().pageUrl("gallery/" + page));
    WidgetSteps.useInput(browser(), input);
    ObservedNode field = WidgetSteps.named(WidgetSteps.observe(browser()), "Departure date");

    PerformResult r = WidgetSteps.perform(browser(), "fill", field, LocalDate.now().minusDays(3).toString(), 10000);

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).containsAnyOf("does not offer", "does not show", "did not take");
    assertThat(browser().eval("window.__dates.length").asInt()).isZero();
  }

  /**
   * A calendar that drops and grows in as it opens (a CSS animation, as MUI's and flatpickr's do): its month control and
   * its day are clicked once it stands, as a person clicks them, on both input paths; the page logs whether the
   * calendar was still moving at each click. A click sent while it moves lands where the control was a moment before.
   */
  @ParameterizedTest(name = "{0} input")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"page", "trusted"})
  void aCalendarThatMovesInAsItOpensIsClickedOnceItStands(String input) throws Exception {
    browser().open(browser().pageUrl("gallery/animated-popups.html"));
    WidgetSteps.useInput(browser(), input);
    LocalDate wanted = LocalDate.now().plusMonths(1).withDayOfMonth(14);
    ObservedNode field = WidgetSteps.named(WidgetSteps.observe(browser()), "Meeting date");

    PerformResult r = WidgetSteps.perform(browser(), "fill", field, wanted.toString(), 10000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("window.__date").asText()).isEqualTo(wanted.toString());
    String day = wanted.getDayOfMonth() + " " + wanted.getMonth().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH)
        + " " + wanted.getYear();
    assertThat(browser().eval("JSON.stringify(window.__clicks)").asText()).as("the clicks in the calendar, as the page saw them")
        .isEqualTo("[{\"what\":\"Next month\",\"moving\":false},{\"what\":\"" + day + "\",\"moving\":false}]");
  }
}

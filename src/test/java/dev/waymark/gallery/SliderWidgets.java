package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.CompactObservation;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real noUiSlider and a native range input: each says its range in the observation, a fill of a number moves the
 * slider with the arrow keys (the native one is set directly), the slider's own API holds the value, and a value its
 * steps cannot reach fails saying what it reads.
 */
abstract class SliderWidgets {
  /** The browser the tests run in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aFillMovesTheSliderToTheValueWithItsKeysAndTheSliderHoldsIt(String input) throws Exception {
    open(input);
    PageObservation o = WidgetSteps.observe(browser());
    ObservedNode budget = WidgetSteps.named(o, "Budget per night");
    assertThat(budget.role()).isEqualTo("slider");
    assertThat(budget.widget().describe()).isEqualTo("slider 50.0..300.0");
    assertThat(budget.value()).isEqualTo("100.00");
    assertThat(CompactObservation.render(o)).contains(budget.ref() + " slider \"Budget per night\" [slider 50.0..300.0] =\"100.00\"");

    PerformResult r = WidgetSteps.perform(browser(), "fill", budget, "170", 15000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("sliderValue()").asText()).isEqualTo("170");
    assertThat(r.effect()).contains("7 key presses");
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aValueBetweenTheSlidersStepsFailsSayingWhatItReads(String input) throws Exception {
    open(input);
    ObservedNode budget = WidgetSteps.named(WidgetSteps.observe(browser()), "Budget per night");

    PerformResult r = WidgetSteps.perform(browser(), "fill", budget, "125", 15000);

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("the slider moves from 120 to 130 and cannot hold 125; it now reads 130");
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aNativeRangeSaysItsRangeAndIsSetToTheValue(String input) throws Exception {
    open(input);
    ObservedNode guests = WidgetSteps.named(WidgetSteps.observe(browser()), "Guests");
    assertThat(guests.widget().describe()).isEqualTo("slider 1..8");

    PerformResult r = WidgetSteps.perform(browser(), "fill", guests, "5", 15000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser().eval("document.getElementById('guests').value").asText()).isEqualTo("5");
  }

  private void open(String input) throws Exception {
    browser().open(browser().pageUrl("gallery/sliders.html"));
    WidgetSteps.useInput(browser(), input);
  }

}

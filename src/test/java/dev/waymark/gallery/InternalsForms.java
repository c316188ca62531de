package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.PagesInABrowser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A design system whose controls say what they are only through ElementInternals (decision 0080): Fluent UI web
 * components 3. A class of its own, in a browser of its own: its trusted steps move the real pointer, and a
 * page-script click after page-script typing on Material's form (DesignSystemForms) then shows a focus ring that
 * counts as a change (noted on issue 27).
 */
abstract class InternalsForms {
  abstract PagesInABrowser browser();

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  private String value(String expression) throws Exception {
    return browser().eval(expression).asText();
  }

  private static ObservedNode shown(PageObservation o, String role, String words) {
    return WidgetSteps.one(o, n -> role.equals(n.role()) && (words.equals(n.name()) || words.equals(n.text())));
  }

  /**
   * Fluent UI web components 3 (FAST, gallery/fluent-form.html): its slider says its role, value and range only through
   * ElementInternals, with no input anywhere, and its dropdown lists fluent-option elements whose role only their
   * internals say. The slider is listed with its value and filled from the keyboard; the dropdown's option is chosen,
   * and a missing one is refused with the options listed. The page's own change events say what each step did.
   */
  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aFluentFormsSliderAndDropdownOptionsKnownByTheirInternalsAreFilledAndChosen(String input) throws Exception {
    browser().open(browser().pageUrl("gallery/fluent-form.html"));
    org.awaitility.Awaitility.await().pollDelay(java.time.Duration.ZERO).atMost(java.time.Duration.ofSeconds(10))
        .until(() -> browser().eval("window.__ready === true && !document.querySelector(':not(:defined)')").asBoolean());
    WidgetSteps.useInput(browser(), input);
    PageObservation o = WidgetSteps.observe(browser());

    ObservedNode nights = shown(o, "slider", "Nights");
    assertThat(nights.value()).isEqualTo("2");
    // its range, said only through its internals, is listed as the model reads it
    assertThat(nights.widget()).isNotNull();
    assertThat(java.util.List.of(nights.widget().kind(), nights.widget().min(), nights.widget().max())).containsExactly("slider", "1", "14");
    ObservedNode city = WidgetSteps.one(o, n -> "combobox".equals(n.role()));
    PerformResult five = WidgetSteps.perform(browser(), "fill", nights, "5", 5000);
    PerformResult tooMany = WidgetSteps.perform(browser(), "fill", nights, "20", 5000);
    PerformResult lisbon = WidgetSteps.perform(browser(), "select", city, "Lisbon", 5000);
    PerformResult paris = WidgetSteps.perform(browser(), "select", city, "Paris", 5000);

    assertThat(five.ok()).as(five.error()).isTrue();
    assertThat(five.effect()).isEqualTo("the slider now reads 5 (3 key presses)");
    assertThat(tooMany.ok()).isFalse();
    assertThat(tooMany.error()).isEqualTo("the slider takes 1 to 14, not 20");
    assertThat(lisbon.ok()).as(lisbon.error()).isTrue();
    assertThat(paris.ok()).isFalse();
    assertThat(paris.error()).contains("offers no option 'Paris' (it lists: 'Amsterdam', 'Berlin', 'Lisbon')");
    assertThat(value("window.__log.join(' | ')")).isEqualTo("nights 3 | nights 4 | nights 5 | city lis");
    assertThat(value("JSON.stringify([document.getElementById('nights').value, document.getElementById('city').value])"))
        .isEqualTo("[\"5\",\"lis\"]");
    assertThat(shown(WidgetSteps.observe(browser()), "slider", "Nights").value()).isEqualTo("5");
  }
}

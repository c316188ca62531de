package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.inside;
import static dev.waymark.executor.Steps.step;
import static dev.waymark.executor.Steps.when;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.workflow.Selector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Selector.enter through open and closed shadow roots and a same-origin iframe, through the real bridge. */
@RealBrowser
class ShadowAndFrameE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @BeforeEach
  void openPage() {
    browser.open("basic.html");
  }

  private PerformResult act(String type, Selector selector, String value) {
    return browser.perform(step(type).selector(selector).value(value).build());
  }

  @Test
  void fillAndClickInsideAnOpenShadowRoot() {
    assertThat(act("fill", inside(".shadow-input", "#widget"), "xyz").ok()).isTrue();
    assertThat(act("click", inside(".shadow-btn", "#widget"), null).ok()).isTrue();

    assertThat(browser.data(step("extract").selector(inside(".out", "#widget")).build())).isEqualTo("shadow clicked xyz");
  }

  @Test
  void clickInsideAShadowRootNestedInAnother() {
    PerformResult r = act("click", inside(".deep", "#widget", "inner-part"), null);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.data(step("extract").selector(inside(".deep-out", "#widget", "inner-part")).build())).isEqualTo("deep clicked");
  }

  @Test
  void fillAndClickInsideASameOriginIframe() {
    assertThat(act("fill", inside("#frame-input", "#frame"), "ff").ok()).isTrue();
    PerformResult r = act("click", inside("#frame-btn", "#frame"), null);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.data(step("extract").selector(inside("#frame-out", "#frame")).build())).isEqualTo("frame clicked ff");
  }

  @Test
  void clickInsideAShadowRootInsideAnIframe() {
    PerformResult r = act("click", inside(".fw", "#frame", "frame-widget"), null);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.data(step("extract").selector(inside(".fw-out", "#frame", "frame-widget")).build())).isEqualTo("frame widget clicked");
  }

  @Test
  void fillClickAndExtractInsideClosedShadowRoots() {
    // a page cannot reach into a closed root; the extension can (chrome.dom.openOrClosedShadowRoot)
    browser.open("closed-shadow.html");
    assertThat(act("fill", inside("#code", "#sealed"), "SPRING").ok()).isTrue();
    PerformResult r = act("click", inside(".redeem", "#sealed"), null);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.data(step("extract").selector(css("#light-out")).build())).isEqualTo("redeemed SPRING");
    assertThat(browser.data(step("extract").selector(inside(".result", "#sealed")).build())).isEqualTo("redeemed SPRING");
    PerformResult deep = act("click", inside(".deep", "#sealed", "sealed-inner"), null);
    assertThat(deep.ok()).as(deep.error()).isTrue();
    assertThat(browser.data(step("extract").selector(css("#light-out")).build())).isEqualTo("deep");
  }

  @Test
  void enteringAnElementThatIsNeitherHostNorFrameIsAnError() {
    PerformResult r = act("click", inside("b", "#price"), null);

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("cannot enter '#price': it is neither a shadow host nor a same-origin iframe");
  }

  @Test
  void anEnterEntryThatMatchesNothingIsReported() {
    PerformResult r = browser.perform(step("click").selector(inside(".x", "#no-host")).timeoutMs(200).build());

    assertThat(r.error()).isEqualTo("no element matches '#no-host' to enter (waited 200 ms)");
  }

  @Test
  void withoutEnterCssDoesNotReachIntoShadowRoots() {
    PerformResult r = browser.perform(step("click").selector(css(".shadow-btn")).timeoutMs(200).build());

    assertThat(r.error()).isEqualTo("no element matches css '.shadow-btn' (waited 200 ms)");
  }

  @Test
  void conditionAndWaitSelectorsLookThroughShadowRootsAndFrames() {
    PerformResult shadow = browser.perform(step("extract").selector(css("h1")).condition(when(".deep", null, null, null, false)).build());
    PerformResult frame = browser.perform(step("wait").waitFor(Steps.waitFor("#frame-btn", null, null, false, 0, 2000)).build());

    assertThat(shadow.skipped()).isFalse();
    assertThat(shadow.data().asText()).isEqualTo("Executor basics");
    assertThat(frame.ok()).as(frame.error()).isTrue();
  }

  @Test
  void highlightOutlinesWhatASelectorPicksAndClears() {
    assertThat(browser.highlight(inside("#frame-btn", "#frame"))).isTrue();
    assertThat(browser.highlight(null)).isTrue();
  }
}

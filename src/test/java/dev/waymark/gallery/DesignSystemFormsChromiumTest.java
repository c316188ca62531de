package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Cdp;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link DesignSystemForms} in Chromium with the extension. */
@RealBrowser
class DesignSystemFormsChromiumTest extends DesignSystemForms {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @Override
  PagesInABrowser browser() {
    return browser;
  }

  /**
   * A person's own mouse has moved over the page (the window has input of its own, as a person's browser always has):
   * a page-script click on Material's button that does nothing, after page-script typing, still says so. The focus its
   * press gives is a mouse's, with no focus ring: a script's focus() showed Material's ring, counted as the answer.
   */
  @Test
  void aDoNothingClickAfterTypingSaysSoWhileThePersonsPointerIsInThePage() throws Exception {
    browser.open(browser.pageUrl("gallery/material-form.html"));
    org.awaitility.Awaitility.await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(10))
        .until(() -> browser.eval("window.__ready === true && !document.querySelector(':not(:defined)')").asBoolean());
    String target = browser.pageTarget();
    String session = browser.cdp().attach(target);
    try {
      browser.cdp().send(session, "Input.dispatchMouseEvent", Cdp.params().put("type", "mouseMoved").put("x", 20).put("y", 20));
    } finally {
      browser.cdp().detach(session);
    }
    WidgetSteps.useInput(browser, "page");
    PageObservation o = WidgetSteps.observe(browser);

    PerformResult name = WidgetSteps.perform(browser, "fill", WidgetSteps.named(o, "Display name"), "Ada", 5000);
    PerformResult idle = WidgetSteps.perform(browser, "click", WidgetSteps.one(o, n -> "button".equals(n.role()) && "Preview".equals(n.name())), null, 5000);

    assertThat(name.ok()).as(name.error()).isTrue();
    assertThat(idle.ok()).as(idle.error()).isTrue();
    assertThat(idle.effect()).isEqualTo("no visible change");
    assertThat(browser.eval("document.getElementById('name').value").asText()).isEqualTo("Ada");
  }
}

package dev.waymark.gallery;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link SliderWidgets} in Chromium with the extension (trusted input through chrome.debugger). */
@RealBrowser
class SliderWidgetsChromiumTest extends SliderWidgets {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

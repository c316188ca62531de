package dev.waymark.cli;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link WidgetsAuthorThenRun} in Chromium with the extension (trusted input through chrome.debugger). */
@RealBrowser
class WidgetsAuthorThenRunChromiumTest extends WidgetsAuthorThenRun {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

package dev.waymark.session;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link SettledObservations} in Chromium with the Waymark extension. */
@RealBrowser
class SettledObservationChromiumTest extends SettledObservations {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

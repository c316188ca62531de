package dev.waymark.session;

import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link SettledObservations} in Firefox with the Waymark add-on. */
@RealBrowser
class SettledObservationOnFirefoxTest extends SettledObservations {
  @RegisterExtension
  static FirefoxHarness browser = FirefoxHarness.create();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

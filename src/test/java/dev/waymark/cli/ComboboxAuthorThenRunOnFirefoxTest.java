package dev.waymark.cli;

import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ComboboxAuthorThenRun} in Firefox with the Waymark add-on (issue 25: trusted input sent by the studio over WebDriver BiDi). */
@RealBrowser
class ComboboxAuthorThenRunOnFirefoxTest extends ComboboxAuthorThenRun {
  @RegisterExtension
  static FirefoxHarness browser = FirefoxHarness.create();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

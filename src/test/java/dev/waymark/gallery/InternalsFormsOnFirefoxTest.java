package dev.waymark.gallery;

import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link InternalsForms} in Firefox with the Waymark add-on. */
@RealBrowser
class InternalsFormsOnFirefoxTest extends InternalsForms {
  @RegisterExtension
  static FirefoxHarness browser = FirefoxHarness.create();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

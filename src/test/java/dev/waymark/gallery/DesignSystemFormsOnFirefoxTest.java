package dev.waymark.gallery;

import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link DesignSystemForms} in Firefox with the Waymark add-on. */
@RealBrowser
class DesignSystemFormsOnFirefoxTest extends DesignSystemForms {
  @RegisterExtension
  static FirefoxHarness browser = FirefoxHarness.create();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

package dev.waymark.gallery;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
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
}

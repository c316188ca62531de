package dev.waymark.gallery;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link InternalsForms} in Chromium with the extension. */
@RealBrowser
class InternalsFormsChromiumTest extends InternalsForms {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @Override
  PagesInABrowser browser() {
    return browser;
  }
}

package dev.waymark.cli;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: workflows authored in Chromium (the extension, the plan agent) replay in a fresh Firefox with
 * {@code run --browser firefox}, on the three apps of {@link CrossEngineApps}.
 */
@RealBrowser
class ChromiumAuthoredReplaysInFirefoxTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  private static final List<String> IN_FIREFOX = List.of("--browser", "firefox");
  private static final String FIREFOX_SAID = "Firefox 1\\d\\d";

  @TempDir Path dir;

  private CrossEngineApps apps() {
    return new CrossEngineApps(browser.client(), new CrossEngineApps.Loader() {
      @Override
      public void open(String url) throws Exception {
        browser.open(url);
      }

      @Override
      public void eval(String expression) throws Exception {
        browser.eval(expression);
      }
    }, dir);
  }

  @Test
  void aSignInWithASecretReplaysInFirefox() throws Exception {
    apps().signIn(browser.pageUrl(CrossEngineApps.LOGIN), IN_FIREFOX, FIREFOX_SAID);
  }

  @Test
  void aComboboxChoiceReplaysInFirefoxWithTheLibrarysValue() throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
    apps().comboboxChoice(browser.pageUrl(CrossEngineApps.TOM_SELECT), IN_FIREFOX, FIREFOX_SAID);
  }

  @Test
  void aVueTodoListReplaysInFirefox() throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages (npm todomvc) are not installed");
    apps().vueTodoList(browser.pageUrl(CrossEngineApps.VUE_TODOS), IN_FIREFOX, FIREFOX_SAID);
  }
}

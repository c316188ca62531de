package dev.waymark.cli;

import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, the other way round: workflows authored in Firefox (the add-on, trusted input sent by the studio over
 * BiDi, the plan agent) replay in a fresh headless Chromium with plain {@code run}, on the three apps of
 * {@link CrossEngineApps}.
 */
@RealBrowser
class FirefoxAuthoredReplaysInChromiumTest {
  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  private static final List<String> IN_CHROMIUM = List.of();
  private static final String CHROMIUM_SAID = "Chromium";

  @TempDir Path dir;

  private CrossEngineApps apps() {
    return new CrossEngineApps(firefox.client(), new CrossEngineApps.Loader() {
      @Override
      public void open(String url) throws Exception {
        firefox.open(url);
      }

      @Override
      public void eval(String expression) throws Exception {
        firefox.eval(expression);
      }
    }, dir);
  }

  @Test
  void aSignInWithASecretAuthoredInFirefoxReplaysInChromium() throws Exception {
    apps().signIn(firefox.pageUrl(CrossEngineApps.LOGIN), IN_CHROMIUM, CHROMIUM_SAID);
  }

  @Test
  void aComboboxChoiceAuthoredInFirefoxReplaysInChromium() throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
    apps().comboboxChoice(firefox.pageUrl(CrossEngineApps.TOM_SELECT), IN_CHROMIUM, CHROMIUM_SAID);
  }

  @Test
  void aVueTodoListAuthoredInFirefoxReplaysInChromium() throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages (npm todomvc) are not installed");
    apps().vueTodoList(firefox.pageUrl(CrossEngineApps.VUE_TODOS), IN_CHROMIUM, CHROMIUM_SAID);
  }
}

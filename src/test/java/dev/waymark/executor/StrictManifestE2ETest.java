package dev.waymark.executor;

import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.RealBrowser;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The extension as a person's own browser loads it (decision 0050): its strict manifest, no debugger, the optional
 * permissions not granted. Observing and page-script input work; every step that needs more fails before it reaches
 * the page, saying what to turn on and where, never a quiet fallback. Chrome's permission prompt cannot be answered
 * in a headless test (chrome.permissions.request stays pending, and no switch accepts it), so the granted side is the
 * launched browser's, which the other executor tests cover.
 */
@RealBrowser
class StrictManifestE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.createStrict();

  @AfterEach
  void pageInputAgain() {
    browser.input(null);
  }

  @Test
  void chromeLoadsTheStrictManifestWithoutAWarningAndGrantsOnlyTheRequiredPermissions() throws Exception {
    var cdp = browser.harness().cdp();
    String page = cdp.createTarget("chrome-extension://" + browser.harness().extensionId() + "/popup.html");
    try {
      // The popup renders its switches once it has asked Chrome what is granted: the page is ready.
      assertThat(cdp.waitForText(page, "document.getElementById('cap-page_capture')?.textContent ?? ''", "Turn on",
          java.time.Duration.ofSeconds(10))).isEqualTo("Turn on");
      JsonNode granted = cdp.evaluate(page, "chrome.permissions.getAll()");
      List<String> permissions = new ArrayList<>();
      granted.path("permissions").forEach(n -> permissions.add(n.asText()));
      assertThat(permissions).contains("tabs", "scripting", "downloads", "sidePanel")
          .doesNotContain("debugger", "pageCapture", "contentSettings");
      assertThat(cdp.evaluate(page, "typeof chrome.debugger").asText()).isEqualTo("undefined");
    } finally {
      cdp.closeTarget(page);
    }
    // chrome://extensions lists what Chrome dropped or did not understand in a manifest: nothing here.
    String extensions = cdp.createTarget("chrome://extensions");
    try {
      JsonNode info = cdp.evaluate(extensions, "chrome.developerPrivate.getExtensionInfo('" + browser.harness().extensionId()
          + "').then(i => ({ warnings: i.installWarnings, errors: i.manifestErrors.map(e => e.message) }))");
      assertThat(info.path("warnings")).as(info.toString()).isEmpty();
      assertThat(info.path("errors")).as(info.toString()).isEmpty();
    } finally {
      cdp.closeTarget(extensions);
    }
  }

  @Test
  void observeAndAPageScriptClickWork() throws Exception {
    browser.open("trusted.html");
    PageObservation page = browser.harness().client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS).page();
    assertThat(page.title()).isEqualTo("Trusted input");

    PerformResult r = browser.perform(click("#strict"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("strict: ignored an untrusted click");
  }

  @Test
  void aTrustedClickWithoutTheDebuggerFailsSayingWhatToDoAndTheClickNeverReachesThePage() {
    browser.open("trusted.html");
    browser.input("trusted");

    PerformResult r = browser.perform(click("#strict"));

    assertThat(r.ok()).isFalse();
    assertThat(r.uncertain()).as(r.error()).isFalse();
    assertThat(r.error()).contains("trusted input", "needs Chrome's debugger", "Launch browser", "turn Trusted input off");
    assertThat(browser.text("#out")).isEqualTo("nothing yet");
  }

  @Test
  void setViewportAndAPdfNeedTheDebuggerAndSaySo() {
    browser.open("trusted.html");

    PerformResult viewport = browser.perform(step("setViewport").value("800x600").build());
    assertThat(viewport.ok()).isFalse();
    assertThat(viewport.error()).contains("setViewport needs Chrome's debugger", "Launch browser");

    PerformResult pdf = browser.perform(step("capturePageFile").format("pdf").build());
    assertThat(pdf.ok()).isFalse();
    assertThat(pdf.error()).contains("capturePageFile format pdf needs Chrome's debugger", "html or mhtml");
  }

  @Test
  void anMhtmlAndALetThroughDownloadNeedTheirCapabilityTurnedOnInThePopup() {
    browser.open("trusted.html");
    PerformResult mhtml = browser.perform(step("capturePageFile").format("mhtml").build());
    assertThat(mhtml.ok()).isFalse();
    assertThat(mhtml.error()).contains("Page capture capability", "Waymark icon", "Turn on");

    browser.open("download.html");
    PerformResult download = browser.perform(step("click").selector(css("#plain-dl")).allowDownload(true).build());
    assertThat(download.ok()).isFalse();
    assertThat(download.error()).contains("Downloads capability", "Waymark icon");
    assertThat(download.downloads()).isEmpty();
  }
}

package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.inside;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.bridge.PerformResult;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Trusted clicks (opt-in, through chrome.debugger) on a page that ignores untrusted clicks and opens a popup from
 * its click handler; the default page-script clicks on the same page, for contrast.
 */
@RealBrowser
class TrustedClickE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @AfterEach
  void pageScriptAgain() {
    browser.harness().client().useTrustedClicks(false);
  }

  private PerformResult clickThroughClient(dev.waymark.workflow.Step s) {
    return browser.perform(browser.nextStepId(), s, Map.of());
  }

  @Test
  void aPageScriptClickIsIgnoredByAPageThatChecksIsTrusted() {
    browser.open("trusted.html");
    assertThat(clickThroughClient(click("#strict")).ok()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("strict: ignored an untrusted click");
  }

  @Test
  void aTrustedClickCountsOnThePageEvenFarDownAndInsideAFrame() {
    browser.open("trusted.html");
    browser.harness().client().useTrustedClicks(true);

    PerformResult r = clickThroughClient(click("#strict"));
    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("strict: trusted click");

    PerformResult far = clickThroughClient(click("#far")); // scrolled into view first
    assertThat(far.ok()).as(far.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("far: trusted click");

    PerformResult framed = clickThroughClient(step("click").selector(inside("#inframe", "#frame")).build());
    assertThat(framed.ok()).as(framed.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("inframe: trusted click");
  }

  @Test
  void aTrustedClickOnALinkWaitsForThePageItLoads() {
    browser.open("trusted.html");
    browser.harness().client().useTrustedClicks(true);

    PerformResult r = clickThroughClient(click("#next"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.navigated()).isTrue();
    assertThat(r.url()).endsWith("nav-b.html");
  }

  @Test
  void aTrustedClickOpensThePopupItsHandlerAsksFor() {
    browser.open("trusted.html");
    browser.harness().client().useTrustedClicks(true);

    PerformResult r = clickThroughClient(click("#popup"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("popup opened");
    assertThat(r.newTabs()).anySatisfy(t -> assertThat(t.url()).endsWith("nav-b.html"));
  }

  /**
   * A link whose handler opens a window and changes nothing else: the tab it opened is what it did. Neither the link
   * (no address of its own) nor the page says so; the page's dialog guard counts the window.open, and the worker
   * waits for the tab instead of judging a link that did nothing.
   */
  @Test
  void aLinkWhoseHandlerOpensAWindowIsJudgedByTheTabItOpened() throws Exception {
    browser.open("trusted.html");
    browser.harness().client().useTrustedClicks(true);

    PerformResult r = clickThroughClient(click("#help"));
    assertThat(r.ok()).as(r.error()).isTrue();

    // The browser's own list of pages: the window is there. Chrome lists a new window at once, with no address until
    // its first load commits (CI saw the reply arrive before that), so wait for its address.
    await().alias("a window at nav-b.html?help").atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> browser.harness().cdp().targets().stream().anyMatch(t -> t.path("url").asText().endsWith("nav-b.html?help")));
    assertThat(r.newTabs()).anySatisfy(t -> assertThat(t.url()).endsWith("nav-b.html?help"));
  }

  @Test
  void aDialogATrustedClickOpensIsDismissedAndReportedLikeAnyOther() {
    browser.open("trusted.html");
    browser.harness().client().useTrustedClicks(true);

    PerformResult r = clickThroughClient(click("#warn"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("dismissed");
    assertThat(r.dialogs()).anySatisfy(d -> assertThat(d.toString()).contains("Delete the draft?"));

    PerformResult accepted = clickThroughClient(click("#warn").toBuilder().acceptDialog(true).build());
    assertThat(accepted.ok()).as(accepted.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("confirmed");
  }

  @Test
  void aCoveredElementIsStillRefusedBeforeAnyTrustedClick() {
    browser.open("trusted.html?wall");
    browser.harness().client().useTrustedClicks(true);

    PerformResult r = clickThroughClient(click("#strict", 800));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).contains("covered by");
    assertThat(browser.text("#out")).isEqualTo("nothing yet");
  }
}

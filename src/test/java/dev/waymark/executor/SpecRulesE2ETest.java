package dev.waymark.executor;

import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Selector;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The loose ends of extension-apply.md that only a real browser can show, each asserted on the page itself. */
@RealBrowser
class SpecRulesE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @Test
  void navigateBackDecidedAsUrlGoesBackInTheTabsHistory() {
    browser.open("nav-a.html");
    browser.perform(click("#to-b"));

    PerformResult back = browser.perform(step("navigate").url("back").build());

    assertThat(back.ok()).as(back.error()).isTrue();
    assertThat(back.title()).isEqualTo("Page A");
    assertThat(browser.text("h1")).isEqualTo("Page A");
  }

  @Test
  void pathIsUsedWhenTheCssNoLongerMatches() {
    browser.open("spec-rules.html");
    // as authored yesterday: the class was "save-v1"; the path the observer wrote still leads to the button
    Selector stale = new Selector("button.save-v1", "/html/body/main/button[1]", List.of(), List.of(), null, false);

    PerformResult r = browser.perform(step("click").selector(stale).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("saved 1");
  }

  @Test
  void aStaleCssWithAPathThatLeadsNowhereFailsAndActsOnNothing() {
    browser.open("spec-rules.html");
    Selector stale = new Selector("button.save-v1", "/html/body/main/button[7]", List.of(), List.of(), null, false);

    PerformResult r = browser.perform(step("click").selector(stale).timeoutMs(800).build());

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).contains("button.save-v1");
    assertThat(browser.text("#out")).isEqualTo("nothing yet");
  }

  @Test
  void capturePageFileAsPdfPrintsThePage() {
    browser.open("spec-rules.html");

    PerformResult r = browser.perform(step("capturePageFile").format("pdf").build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.file().mime()).isEqualTo("application/pdf");
    assertThat(r.file().filename()).isEqualTo("Spec rules.pdf");
    byte[] pdf = Base64.getDecoder().decode(r.file().base64());
    assertThat(new String(pdf, 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
    assertThat(r.file().size()).isEqualTo(pdf.length);
    // the print left the page as it was, and the next step still works
    assertThat(browser.perform(click("button.save-v2")).ok()).isTrue();
    assertThat(browser.text("#out")).isEqualTo("saved 1");
  }

  @Test
  void theWorkflowIdReachesTheExtensionAndComesBackOnTheReply() {
    browser.open("spec-rules.html");

    PerformResult r = browser.performRaw(browser.nextStepId(), click("button.save-v2"), Map.of(), "site-login");

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.lastPayload().path("workflow_id").asText()).isEqualTo("site-login");
  }
}

package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.risk.Approval;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-over in real Chromium through the studio's session and the real bridge: a sign-in page passed by a userStep
 * with a method, continued from the studio and from the extension's side panel page; a risky click approved in the
 * side panel; and a page script that tries to approve or continue for the person, refused.
 */
@RealBrowser
class HandOverChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final String SIGN_IN = "{\"reasoning\": \"the site wants the person's security key\", \"step\": {\"type\": "
      + "\"userStep\", \"prompt\": \"Sign in to the shop\", \"method\": \"security_key\", \"continue_on\": {\"manual\": true}}}";

  @TempDir Path dir;
  private AuthoringSession session;
  private SidePanel panel;
  private String panelTab;

  @BeforeEach
  void startSession() throws Exception {
    session = new AuthoringSession(new AuthoringSession.Config(
        new BridgeSessionBrowser(browser.client(), ObserveOptions.defaults()), new RuleRiskGate(), null, dir, null, 0));
    session.start("shop", "Sign in and place the order", 20).get(10, TimeUnit.SECONDS);
    panel = SidePanel.over(browser.client(), session, step -> Approval.byPerson(step, Approval.Channel.CHROME), "studio");
  }

  @AfterEach
  void closeSession() throws Exception {
    panel.close();
    session.close();
    if (panelTab != null) browser.cdp().closeTarget(panelTab);
  }

  /** The side panel page, opened in a tab of the launched browser: the same extension page Chrome shows beside a tab. */
  private String openSidePanel() throws Exception {
    panelTab = browser.cdp().createTarget("chrome-extension://" + browser.extensionId() + "/sidepanel.html");
    return panelTab;
  }

  private String inPanel(String expression) throws Exception {
    return browser.cdp().evaluate(panelTab, expression).asText("");
  }

  private CompletableFuture<TurnOutcome> askForTheKey() throws Exception {
    browser.open(browser.pageUrl("handover/signin.html"));
    session.observe().get(15, TimeUnit.SECONDS);
    CompletableFuture<TurnOutcome> turn = session.submit(SIGN_IN, Provenance.MODEL);
    await().atMost(Duration.ofSeconds(15)).until(() -> session.latest().userStep() != null);
    return turn;
  }

  private void personUsesTheirKey() throws Exception {
    browser.trustedClick("#use-key");
    await().atMost(Duration.ofSeconds(10)).until(() -> "yes".equals(browser.eval("document.body.dataset.signedIn || ''").asText()));
  }

  private String lastAnsweredBy() throws Exception {
    List<JsonNode> turns = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(session.latest().journalFile()))) {
      JsonNode n = Json.mapper().readTree(line);
      if ("turn".equals(n.path("kind").asText())) turns.add(n);
    }
    return turns.get(turns.size() - 1).path("answered_by").asText(null);
  }

  @Test
  void aSignInWithASecurityKeyIsContinuedFromTheStudioAndAFreshObservationFollows() throws Exception {
    CompletableFuture<TurnOutcome> turn = askForTheKey();
    WaitingUserStep w = session.latest().userStep();
    assertThat(w.instruction()).isEqualTo("Sign in with your security key in the browser, then press Continue: Sign in to the shop");
    personUsesTheirKey();
    assertThat(turn).as("manual: only the person's Continue ends it").isNotDone();

    assertThat(session.continueUserStep(w.stepId(), "studio")).isTrue();
    TurnOutcome o = turn.get(15, TimeUnit.SECONDS);

    assertThat(o.ok()).as(o.error()).isTrue();
    assertThat(o.output().budget()).as("the turn is handed back").isEqualTo(20);
    assertThat(lastAnsweredBy()).isEqualTo("studio");
    // the page as it is after the person's step, and the pointer gone
    assertThat(session.latest().observation().headings()).extracting(h -> h.text()).contains("Sign in to the shop");
    await().atMost(Duration.ofSeconds(10)).until(() -> browser.eval("document.getElementById('waymark-gate-host') === null").asBoolean());
    assertThat(browser.eval("document.getElementById('account').textContent").asText()).isEqualTo("Signed in as Ada");
  }

  @Test
  void theSameSignInIsContinuedInTheSidePanel() throws Exception {
    CompletableFuture<TurnOutcome> turn = askForTheKey();
    openSidePanel();
    browser.cdp().waitForText(panelTab, "document.querySelector('.instruction') ? document.querySelector('.instruction').textContent : ''",
        "security key", Duration.ofSeconds(10));
    assertThat(inPanel("document.querySelector('section[data-kind=user_step]').textContent"))
        .contains("Sign in with your security key in the browser, then press Continue", "Method", "security key");
    personUsesTheirKey();

    inPanel("document.getElementById('continue').click(), 'clicked'");
    TurnOutcome o = turn.get(15, TimeUnit.SECONDS);

    assertThat(o.ok()).as(o.error()).isTrue();
    assertThat(o.output().step().method()).isEqualTo("security_key");
    assertThat(lastAnsweredBy()).isEqualTo("chrome");
    assertThat(session.latest().userStep()).isNull();
    // the studio's card closed with it, and the panel's card too
    browser.cdp().waitForText(panelTab, "document.querySelectorAll('section.card').length + ''", "0", Duration.ofSeconds(10));
    assertThat(inPanel("document.querySelectorAll('section.card').length + ''")).isEqualTo("0");
    assertThat(browser.eval("document.body.dataset.signedIn").asText()).isEqualTo("yes");
  }

  @Test
  void aRiskyClickIsApprovedInTheSidePanelAndThePageIsChanged() throws Exception {
    browser.open(browser.pageUrl("handover/order.html"));
    var page = session.observe().get(15, TimeUnit.SECONDS);
    String ref = page.nodes().stream().filter(n -> "Place order".equals(n.name())).findFirst().orElseThrow().ref();
    TurnOutcome held = session.submit("{\"reasoning\": \"the cart is ready\", \"step\": {\"type\": \"click\", \"ref\": \""
        + ref + "\"}}", Provenance.MODEL).get(15, TimeUnit.SECONDS);
    assertThat(held.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);

    openSidePanel();
    browser.cdp().waitForText(panelTab, "document.getElementById('approve') ? 'ready' : ''", "ready", Duration.ofSeconds(10));
    assertThat(inPanel("document.querySelector('section[data-kind=approval]').textContent"))
        .contains("click", "Place order", "the model: the cart is ready");
    assertThat(browser.eval("document.getElementById('status').textContent").asText()).isEqualTo("Not ordered");

    inPanel("document.getElementById('approve').click(), 'clicked'");
    await().atMost(Duration.ofSeconds(15)).until(() -> session.latest().pending() == null && !session.latest().steps().isEmpty());

    assertThat(browser.eval("document.getElementById('status').textContent").asText()).isEqualTo("Order placed");
    assertThat(lastAnsweredBy()).isEqualTo("chrome");
    browser.cdp().waitForText(panelTab, "document.querySelectorAll('section.card').length + ''", "0", Duration.ofSeconds(10));
  }

  @Test
  void aPageScriptThatTriesToApproveOrContinueIsRefused() throws Exception {
    browser.open(browser.pageUrl("handover/attack.html") + "?ext=" + browser.extensionId());
    var page = session.observe().get(15, TimeUnit.SECONDS);
    String ref = page.nodes().stream().filter(n -> "Place order".equals(n.name())).findFirst().orElseThrow().ref();

    // A userStep first: the page tries to press Continue for the person.
    CompletableFuture<TurnOutcome> turn = session.submit(SIGN_IN, Provenance.MODEL);
    await().atMost(Duration.ofSeconds(15)).until(() -> session.latest().userStep() != null);
    await().atMost(Duration.ofSeconds(15)).until(() -> browser.eval("document.body.dataset.tried || ''").asText().contains("host"));
    int seen = browser.eval("Number(document.body.dataset.rounds)").asInt();
    // The barrier: ten more rounds of attempts, all while the gate shows its pointer in this page.
    await().atMost(Duration.ofSeconds(15)).until(() -> browser.eval("Number(document.body.dataset.rounds)").asInt() >= seen + 10);
    assertThat(turn).isNotDone();
    assertThat(session.latest().userStep()).isNotNull();
    assertThat(session.continueUserStep(session.latest().userStep().stepId(), "studio")).isTrue();
    assertThat(turn.get(15, TimeUnit.SECONDS).ok()).isTrue();
    assertThat(lastAnsweredBy()).as("the person's Continue ended it, not the page").isEqualTo("studio");

    // Then a risky click waits for approval while the page keeps trying.
    TurnOutcome held = session.submit("{\"reasoning\": \"order it\", \"step\": {\"type\": \"click\", \"ref\": \"" + ref + "\"}}",
        Provenance.MODEL).get(15, TimeUnit.SECONDS);
    assertThat(held.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    int now = browser.eval("Number(document.body.dataset.rounds)").asInt();
    await().atMost(Duration.ofSeconds(15)).until(() -> browser.eval("Number(document.body.dataset.rounds)").asInt() >= now + 10);
    assertThat(session.latest().pending()).as("still waiting for the person").isNotNull();
    assertThat(browser.eval("document.getElementById('status').textContent").asText()).isEqualTo("Not ordered");
    TurnOutcome rejected = session.reject(held.pending().step().id(), "not today", "studio").get(15, TimeUnit.SECONDS);
    assertThat(rejected.error()).isEqualTo("not today");
    assertThat(lastAnsweredBy()).isEqualTo("studio");
    assertThat(browser.eval("document.getElementById('status').textContent").asText()).isEqualTo("Not ordered");
  }
}

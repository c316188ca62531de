package dev.waymark.bridge;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Cdp;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** highlight, gate, record and tab events against the real extension. */
@RealBrowser
class ExtensionRequestsChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<BrowserEvent> events = new CopyOnWriteArrayList<>();
  private final BridgeListener listener = new BridgeListener() {
    @Override
    public void event(ClientInfo client, BrowserEvent event) {
      events.add(event);
    }
  };

  @BeforeEach
  void listen() throws Exception {
    browser.open(browser.pageUrl("bridge/clicks.html"));
    browser.client().addListener(listener);
  }

  @AfterEach
  void unlisten() {
    browser.client().removeListener(listener);
  }

  private BrowserEvent awaitEvent(Predicate<BrowserEvent> match) {
    return await().alias("a matching event among " + events).atMost(java.time.Duration.ofSeconds(10))
        .until(() -> events.stream().filter(match).findFirst(), java.util.Optional::isPresent).orElseThrow();
  }

  private void awaitOverlay(boolean shown) {
    await().atMost(java.time.Duration.ofSeconds(10)).pollInterval(java.time.Duration.ofMillis(100))
        .until(() -> browser.eval("!!document.getElementById('waymark-gate-host')").asBoolean() == shown);
  }

  @Test
  void observeConvertsToThePageObservationRecord() throws Exception {
    PageObservation page = browser.client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS).page();
    assertThat(page.title()).isEqualTo("clicks: 0");
    assertThat(page.url()).endsWith("bridge/clicks.html");
  }

  @Test
  void highlightOutlinesASelector() throws Exception {
    ObjectNode selector = JSON.createObjectNode().put("css", "#count");
    assertThat(browser.client().highlight(selector).get(15, TimeUnit.SECONDS)).isTrue();
    assertThat(browser.client().highlight(null).get(15, TimeUnit.SECONDS)).isTrue();
  }

  private static dev.waymark.workflow.Step userStep(String prompt) {
    return dev.waymark.workflow.Step.builder("userStep").prompt(prompt).build();
  }

  @Test
  void aGateShowsItsPointerAndClearsWhenAnyOneConditionHolds() throws Exception {
    // text never shows; the selector appearing is enough: any one of them ends the wait
    ObjectNode continueOn = JSON.createObjectNode().put("selector", "#signed-in").put("text", "never on this page");
    CompletableFuture<GateResult> gate = browser.client().panel().gate("g1", userStep("Please sign in"), "Sign in, then press Continue",
        null, continueOn, 15_000);
    awaitOverlay(true);
    assertThat(gate).isNotDone();
    browser.eval("document.body.append(Object.assign(document.createElement('p'), {id: 'signed-in', textContent: 'Hello'}))");
    GateResult r = gate.get(10, TimeUnit.SECONDS);
    assertThat(r.ok()).isTrue();
    assertThat(r.how()).isEqualTo("condition");
    awaitOverlay(false);
  }

  @Test
  void aGateEndsWithThePersonsContinueFromTheStudioAndThePageHasNoButton() throws Exception {
    CompletableFuture<GateResult> gate = browser.client().panel().gate("g3", userStep("Enter the code we texted you"),
        "Enter the code you were sent in the browser, then press Continue", null, null, 15_000);
    awaitOverlay(true);
    // The page holds only a pointer to the side panel: no button even DevTools (piercing closed roots) can find.
    String target = browser.pageTarget();
    String session = browser.cdp().attach(target);
    try {
      JsonNode doc = browser.cdp().send(session, "DOM.getDocument", Cdp.params().put("depth", -1).put("pierce", true));
      assertThat(findButton(doc.path("root"), "Continue")).isNegative();
    } finally {
      browser.cdp().detach(session);
    }
    assertThat(gate).isNotDone();
    assertThat(browser.client().panel().waitingEnded("g-other", "studio").get(10, TimeUnit.SECONDS)).isTrue();
    assertThat(gate).as("a Continue for another gate").isNotDone();
    browser.client().panel().waitingEnded("g3", "studio").get(10, TimeUnit.SECONDS);
    GateResult r = gate.get(10, TimeUnit.SECONDS);
    assertThat(r.ok()).isTrue();
    assertThat(r.how()).isEqualTo("continue");
    assertThat(r.answeredBy()).isEqualTo("studio");
    awaitOverlay(false);
  }

  private static int findButton(JsonNode node, String text) {
    if ("BUTTON".equals(node.path("nodeName").asText())) {
      for (JsonNode c : node.path("children")) {
        if (c.path("nodeValue").asText().contains(text)) return node.path("nodeId").asInt();
      }
    }
    for (String kids : List.of("children", "shadowRoots", "contentDocument")) {
      JsonNode k = node.path(kids);
      if (k.isObject()) {
        int found = findButton(k, text);
        if (found > 0) return found;
      }
      for (JsonNode c : k) {
        int found = findButton(c, text);
        if (found > 0) return found;
      }
    }
    return -1;
  }

  @Test
  void aGateNobodyClearsTimesOut() throws Exception {
    GateResult r = browser.client().panel().gate("g2", userStep("Nobody will do this"), "Do this in the browser", null, null, 800)
        .get(15, TimeUnit.SECONDS);
    assertThat(r.ok()).isFalse();
    assertThat(r.how()).isEqualTo("timeout");
  }

  @Test
  void recordingReportsThePersonsClicksButNotTheExecutors() throws Exception {
    assertThat(browser.client().record(true).get(15, TimeUnit.SECONDS)).isTrue();
    try {
      ObjectNode step = JSON.createObjectNode().put("type", "click");
      step.putObject("selector").put("css", "#count");
      assertThat(browser.client().perform("rec-exec-1", step, java.util.Map.of(), 10_000).get(15, TimeUnit.SECONDS).ok()).isTrue();
      browser.trustedClick("#count");
      // Only clicks count here: the page load before the test may still report as the person's navigation.
      Predicate<BrowserEvent> click = ev -> "user_action".equals(ev.event()) && "click".equals(ev.text("action"));
      BrowserEvent e = awaitEvent(click);
      assertThat(e.body().path("selector").path("css").asText()).isEqualTo("#count");
      // Barrier: the person's next click is reported after anything the executor's click could still send.
      browser.trustedClick("body");
      await().atMost(java.time.Duration.ofSeconds(10)).until(() -> events.stream().filter(click).count() >= 2);
      assertThat(events.stream().filter(click).map(ev -> ev.body().path("selector").path("css").asText()))
          .as("the executor's click is not the person's").containsExactly("#count", "body");
    } finally {
      browser.client().record(false).get(15, TimeUnit.SECONDS);
    }
  }

  @Test
  void openingAndClosingATabAreReported() throws Exception {
    String target = browser.cdp().createTarget(browser.pageUrl("bridge/clicks.html?other"));
    BrowserEvent opened = awaitEvent(e -> "tab_opened".equals(e.event()));
    int tab = opened.body().path("tab").asInt();
    browser.cdp().closeTarget(target);
    awaitEvent(e -> "tab_closed".equals(e.event()) && e.body().path("tab").asInt() == tab);
  }
}

package dev.waymark.bridge;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.testing.BrowserHarness;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What happens to the connection and to steps when the worker or the socket goes away, in real Chromium. */
@RealBrowser
class ExtensionReliabilityChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static ObjectNode click(String id) {
    ObjectNode step = new ObjectMapper().createObjectNode();
    step.put("id", id);
    step.put("type", "click");
    step.putObject("selector").put("css", "#count");
    return step;
  }

  @Test
  void aStoppedServiceWorkerComesBackAndReconnectsByItself() throws Exception {
    browser.open(browser.pageUrl("bridge/clicks.html"));
    long before = browser.clientInfo().connection();
    browser.stopServiceWorker();
    // The socket closes with the worker; a worker that an event wakes at once may already be back on a new
    // connection by the time this looks, which is the same sign that the old one went.
    await().alias("the socket closes with the worker").atMost(java.time.Duration.ofSeconds(10))
        .until(() -> browser.client().client().map(c -> c.connection() != before).orElse(true));

    // nothing but the extension's alarm (every 30 s) wakes the worker here
    ClientInfo after = browser.awaitReconnect(before, Duration.ofSeconds(45));
    assertThat(after.clientId()).isEqualTo(browser.clientInfo().clientId());
    ObserveResult r = browser.client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS);
    assertThat(r.observation().path("title").asText()).isEqualTo("clicks: 0");
  }

  @Test
  void aSocketThatDropsDuringAClickLeavesTheStepUncertainAndItIsNotRepeated() throws Exception {
    browser.open(browser.pageUrl("bridge/clicks.html?slow=1500"));
    ClientInfo before = browser.clientInfo();
    var done = browser.client().perform("drop-1", click("drop-1"), Map.of(), 10_000);
    Thread.sleep(400); // the click has landed; the page's handler is busy for 1.5 s
    assertThat(browser.client().server().disconnect(before.clientId())).isTrue();

    PerformResult result = done.get(10, TimeUnit.SECONDS);
    assertThat(result.uncertain()).isTrue();
    assertThat(browser.client().ledger().get("drop-1").orElseThrow().state()).isEqualTo(StepLedger.State.UNCERTAIN);

    browser.awaitReconnect(before.connection(), Duration.ofSeconds(20));
    StepStatus status = await().atMost(java.time.Duration.ofSeconds(15)).pollInterval(java.time.Duration.ofMillis(200))
        .until(() -> browser.client().status("drop-1").get(10, TimeUnit.SECONDS), st -> st.state() == StepStatus.State.DONE);
    assertThat(status.result().ok()).as(String.valueOf(status.result().error())).isTrue();

    assertThatThrownBy(() -> browser.client().perform("drop-1", click("drop-1"), Map.of(), 10_000).get(5, TimeUnit.SECONDS))
        .cause().isInstanceOf(IllegalStateException.class);
    // The refused repeat never left the studio; an observe after it is the barrier for anything still in flight.
    assertThat(browser.client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS)
        .observation().path("title").asText()).isEqualTo("clicks: 1");
    assertThat(browser.eval("window.clicks").asInt()).as("clicks the page counted").isEqualTo(1);
  }

  @Test
  void aStepIdTheExtensionAlreadyPerformedIsAnsweredFromItsLedgerNotClickedAgain() throws Exception {
    browser.open(browser.pageUrl("bridge/clicks.html"));
    PerformResult first = browser.client().perform("twice-1", click("twice-1"), Map.of(), 10_000).get(15, TimeUnit.SECONDS);
    assertThat(first.ok()).as(String.valueOf(first.error())).isTrue();
    StepStatus status = browser.client().status("twice-1").get(10, TimeUnit.SECONDS);
    assertThat(status.state()).isEqualTo(StepStatus.State.DONE);
    assertThat(browser.client().status("never-sent").get(10, TimeUnit.SECONDS).state()).isEqualTo(StepStatus.State.NEVER_STARTED);
    assertThat(browser.eval("window.clicks").asInt()).isEqualTo(1);
  }

  // 40 s of idleness by design: it runs with -Plong, beside the other long runs, not in every verify.
  @Test
  @org.junit.jupiter.api.Tag("long")
  void anIdleConnectionOutlivesTheWorkersThirtySecondIdleLimit() throws Exception {
    // Chrome stops an extension worker 30 s after its last extension event; heartbeats both ways count as events
    long before = browser.clientInfo().connection();
    Thread.sleep(40_000);
    assertThat(browser.client().isConnected()).isTrue();
    assertThat(browser.clientInfo().connection()).as("the same connection, never dropped").isEqualTo(before);
    assertThat(browser.client().tabs().get(10, TimeUnit.SECONDS)).isNotEmpty();
  }
}

package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrowserClientTest {
  @TempDir
  Path config;
  PairingSecret secret;
  BrowserClient client;
  FakeExtension ext;

  @BeforeEach
  void start() throws Exception {
    secret = PairingSecret.loadOrCreate(config);
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0)
        .withRequestTimeout(Duration.ofMillis(500)).withPerformGrace(Duration.ofMillis(200))
        .withHeartbeat(Duration.ofMillis(300), Duration.ofSeconds(45)), secret);
    ext = FakeExtension.withOrigin(client.port());
    ext.pair(secret, "browser-1");
    client.awaitConnected().get(5, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() {
    client.close();
  }

  private static ObjectNode step() {
    ObjectNode s = FakeExtension.JSON.createObjectNode();
    s.put("type", "click");
    s.putObject("selector").put("css", "#go");
    return s;
  }

  @Test
  void repliesAreMatchedToTheirRequestsById() throws Exception {
    var first = client.observe(ObserveOptions.defaults());
    var second = client.observe(new ObserveOptions(7, 100, 1000, true));
    ObjectNode r1 = ext.next("observe");
    ObjectNode r2 = ext.next("observe");
    assertThat(r2.path("tab").asInt()).isEqualTo(7);
    assertThat(r2.path("include_text").asBoolean()).isTrue();
    ext.send("{\"type\":\"observation\",\"id\":\"" + r2.path("id").asText() + "\",\"ok\":true,\"tab\":7,\"observation\":{\"title\":\"two\"}}");
    ext.send("{\"type\":\"observation\",\"id\":\"" + r1.path("id").asText() + "\",\"ok\":true,\"tab\":3,\"observation\":{\"title\":\"one\"}}");
    assertThat(first.get(5, TimeUnit.SECONDS).observation().path("title").asText()).isEqualTo("one");
    assertThat(second.get(5, TimeUnit.SECONDS).observation().path("title").asText()).isEqualTo("two");
  }

  @Test
  void aReplyThatNeverComesFailsWithATimeout() {
    var tabs = client.tabs();
    assertThatThrownBy(() -> tabs.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause().isInstanceOf(BridgeException.Timeout.class)
        .hasMessageContaining("did not answer the tabs request within 500 ms");
  }

  @Test
  void anErrorReplyFailsTheRequestWithTheExtensionsText() throws Exception {
    var tabs = client.tabs();
    ObjectNode r = ext.next("tabs");
    ext.send("{\"type\":\"error\",\"id\":\"" + r.path("id").asText() + "\",\"error\":\"no window\"}");
    assertThatThrownBy(() -> tabs.get(5, TimeUnit.SECONDS)).cause()
        .isInstanceOf(BridgeException.Refused.class).hasMessage("no window");
  }

  @Test
  void performCarriesTheWorkflowIdOnTheWire() throws Exception {
    var done = client.perform("s7", step(), Map.of(), Map.of(), 3000, "site-login", null);
    ObjectNode p = ext.next("perform");
    assertThat(p.path("workflow_id").asText()).isEqualTo("site-login");
    ext.send("{\"type\":\"performed\",\"id\":\"" + p.path("id").asText() + "\",\"step_id\":\"s7\",\"ok\":true}");
    assertThat(done.get(5, TimeUnit.SECONDS).ok()).isTrue();
  }

  @Test
  void aClientHintSendsTheStepToThatBrowserWhenItIsConnected() throws Exception {
    FakeExtension second = FakeExtension.withOrigin(client.port());
    second.pair(secret, "browser-2");
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5))
        .until(() -> client.server().clients().stream().anyMatch(c -> c.clientId().equals("browser-2")));

    var toFirst = client.perform("s8", step(), Map.of(), Map.of(), 3000, null, "browser-1");
    ObjectNode p = ext.next("perform");
    ext.send("{\"type\":\"performed\",\"id\":\"" + p.path("id").asText() + "\",\"step_id\":\"s8\",\"ok\":true}");
    assertThat(toFirst.get(5, TimeUnit.SECONDS).ok()).isTrue();
    assertThat(second.received.stream().map(m -> m.path("type").asText())).doesNotContain("perform");

    // a hint naming no connected browser leaves the choice to the host (the most recently paired one)
    var elsewhere = client.perform("s9", step(), Map.of(), Map.of(), 3000, null, "browser-gone");
    ObjectNode q = second.next("perform");
    second.send("{\"type\":\"performed\",\"id\":\"" + q.path("id").asText() + "\",\"step_id\":\"s9\",\"ok\":true}");
    assertThat(elsewhere.get(5, TimeUnit.SECONDS).ok()).isTrue();
    assertThat(client.ledger().get("s9").orElseThrow().clientId()).isEqualTo("browser-2");
  }

  @Test
  void performCarriesStepValuesAndTimeoutAndReturnsTheResult() throws Exception {
    var done = client.perform("s1", step(), Map.of("user", "alice"), 3000);
    ObjectNode p = ext.next("perform");
    assertThat(p.path("step_id").asText()).isEqualTo("s1");
    assertThat(p.path("step").path("selector").path("css").asText()).isEqualTo("#go");
    assertThat(p.path("values").path("user").asText()).isEqualTo("alice");
    assertThat(p.path("timeout_ms").asLong()).isEqualTo(3000);
    ext.send("{\"type\":\"performed\",\"id\":\"" + p.path("id").asText() + "\",\"step_id\":\"s1\",\"ok\":true,"
        + "\"url\":\"http://x/\",\"title\":\"T\",\"dialogs\":[{\"kind\":\"alert\",\"message\":\"hi\",\"handled\":\"dismissed\"}]}");
    PerformResult r = done.get(5, TimeUnit.SECONDS);
    assertThat(r.ok()).isTrue();
    assertThat(r.uncertain()).isFalse();
    assertThat(r.title()).isEqualTo("T");
    assertThat(r.dialogs()).extracting(PerformResult.DialogInfo::kind).containsExactly("alert");
    assertThat(client.ledger().get("s1").orElseThrow().state()).isEqualTo(StepLedger.State.DONE);
  }

  @Test
  void aPerformWhoseSocketDropsComesBackUncertainAndIsNeverResent() throws Exception {
    var done = client.perform("s2", step(), Map.of(), 3000);
    ext.next("perform");
    ext.closeConnection(1006, "network gone");
    PerformResult r = done.get(5, TimeUnit.SECONDS);
    assertThat(r.uncertain()).isTrue();
    assertThat(r.ok()).isFalse();
    assertThat(r.error()).contains("dropped after step s2 was sent").contains("not repeated");
    assertThat(client.ledger().get("s2").orElseThrow().state()).isEqualTo(StepLedger.State.UNCERTAIN);

    FakeExtension again = FakeExtension.withOrigin(client.port());
    again.pair(secret, "browser-1");
    var resend = client.perform("s2", step(), Map.of(), 3000);
    assertThatThrownBy(() -> resend.get(5, TimeUnit.SECONDS)).cause()
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("never sent twice");
    assertThat(again.received.stream().map(m -> m.path("type").asText())).doesNotContain("perform");
  }

  @Test
  void aPerformWithoutAReplyWithinItsTimeoutIsUncertain() throws Exception {
    var done = client.perform("s3", step(), Map.of(), 100);
    ext.next("perform");
    PerformResult r = done.get(10, TimeUnit.SECONDS);
    assertThat(r.uncertain()).isTrue();
    assertThat(r.error()).contains("did not report on step s3");
  }

  @Test
  void aLateReplyIsKeptBesideTheUncertainResult() throws Exception {
    var done = client.perform("s4", step(), Map.of(), 100);
    ObjectNode p = ext.next("perform");
    assertThat(done.get(10, TimeUnit.SECONDS).uncertain()).isTrue();
    ext.send("{\"type\":\"performed\",\"id\":\"" + p.path("id").asText() + "\",\"step_id\":\"s4\",\"ok\":true}");
    await().atMost(java.time.Duration.ofSeconds(5)).until(() -> client.ledger().get("s4").orElseThrow().lateResult() != null);
    StepLedger.Entry e = client.ledger().get("s4").orElseThrow();
    assertThat(e.state()).isEqualTo(StepLedger.State.UNCERTAIN);
    assertThat(e.lateResult().ok()).isTrue();
  }

  @Test
  void performWithoutABrowserFailsAndCanBeSentLater() throws Exception {
    ext.closeBlocking();
    await().atMost(java.time.Duration.ofSeconds(5)).until(() -> !client.isConnected());
    var done = client.perform("s5", step(), Map.of(), 1000);
    assertThatThrownBy(() -> done.get(5, TimeUnit.SECONDS)).cause()
        .isInstanceOf(BridgeException.NotConnected.class).hasMessageContaining("No browser is connected");
    assertThat(client.ledger().get("s5")).isEmpty();
  }

  @Test
  void statusAfterReconnectReportsTheExtensionsLedger() throws Exception {
    var st = client.status("s6");
    ObjectNode r = ext.next("status");
    assertThat(r.path("step_id").asText()).isEqualTo("s6");
    ext.send("{\"type\":\"step_status\",\"id\":\"" + r.path("id").asText()
        + "\",\"step_id\":\"s6\",\"state\":\"done\",\"result\":{\"ok\":true,\"title\":\"after\"}}");
    StepStatus s = st.get(5, TimeUnit.SECONDS);
    assertThat(s.state()).isEqualTo(StepStatus.State.DONE);
    assertThat(s.result().title()).isEqualTo("after");
    assertThat(s.result().stepId()).isEqualTo("s6");
  }

  @Test
  void studioSendsHeartbeatsAndEventsReachListeners() throws Exception {
    List<BrowserEvent> events = new CopyOnWriteArrayList<>();
    List<String> threads = new CopyOnWriteArrayList<>();
    client.addListener(new BridgeListener() {
      @Override
      public void event(ClientInfo c, BrowserEvent e) {
        threads.add(Thread.currentThread().getName());
        events.add(e);
      }
    });
    assertThat(ext.next("heartbeat").path("at").asLong()).isPositive();
    ext.send("{\"type\":\"event\",\"event\":\"tab_opened\",\"tab\":5,\"url\":\"http://a/\"}");
    await().atMost(java.time.Duration.ofSeconds(5)).until(() -> !events.isEmpty());
    assertThat(events).extracting(BrowserEvent::event).containsExactly("tab_opened");
    assertThat(events.get(0).text("url")).isEqualTo("http://a/");
    assertThat(threads).allMatch(n -> n.startsWith("waymark-bridge-dispatch"));
  }

  @Test
  void aSilentClientIsClosed() throws Exception {
    client.close();
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0)
        .withHeartbeat(Duration.ofMillis(200), Duration.ofMillis(800)), secret);
    FakeExtension quiet = FakeExtension.withOrigin(client.port());
    quiet.pair(secret, "browser-2");
    assertThat(quiet.awaitClose()).isEqualTo(CloseCodes.SILENT);
    assertThat(client.server().stats().silent()).isEqualTo(1);
  }

  @Test
  void aClientThatSendsHeartbeatsStaysConnected() throws Exception {
    client.close();
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0)
        .withHeartbeat(Duration.ofMillis(200), Duration.ofMillis(800)), secret);
    FakeExtension alive = FakeExtension.withOrigin(client.port());
    alive.pair(secret, "browser-2");
    // Barrier: a second client, paired later and silent, is closed for its silence; the first one had longer.
    java.util.concurrent.ScheduledExecutorService beat = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
    try {
      beat.scheduleAtFixedRate(() -> alive.send("{\"type\":\"heartbeat\",\"at\":" + System.currentTimeMillis() + "}"),
          0, 200, TimeUnit.MILLISECONDS);
      FakeExtension quiet = FakeExtension.withOrigin(client.port());
      quiet.pair(secret, "browser-3");
      assertThat(quiet.awaitClose()).isEqualTo(CloseCodes.SILENT);
    } finally {
      beat.shutdownNow();
    }
    assertThat(alive.isOpen()).as("the client that kept sending heartbeats").isTrue();
    assertThat(client.server().stats().silent()).isEqualTo(1);
  }

  @Test
  void aPendingRequestFailsAsConnectionLostWhenTheStudioCloses() throws Exception {
    var tabs = client.tabs();
    ext.next("tabs");
    client.close();
    assertThatThrownBy(() -> tabs.get(5, TimeUnit.SECONDS)).cause()
        .isInstanceOf(BridgeException.ConnectionLost.class);
  }
}

package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BridgeSecurityTest {
  @TempDir
  Path config;
  PairingSecret secret;
  BrowserClient client;

  @BeforeEach
  void start() throws Exception {
    secret = PairingSecret.loadOrCreate(config);
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0)
        .withMaxMessageBytes(64 * 1024).withPairTimeout(Duration.ofMillis(700)), secret);
  }

  @AfterEach
  void stop() {
    client.close();
  }

  private BridgeStats stats() {
    return client.server().stats();
  }

  private FakeExtension connect(Map<String, String> headers) {
    return new FakeExtension(client.port(), headers);
  }

  @Test
  void upgradeWithoutOriginIsRefusedAndCounted() throws Exception {
    FakeExtension c = connect(Map.of());
    assertThat(c.open()).isFalse();
    assertThat(stats().refusedOrigin()).isEqualTo(1);
  }

  @Test
  void upgradeFromAWebPageOrAnotherExtensionIsRefused() throws Exception {
    assertThat(connect(Map.of("Origin", "https://evil.example")).open()).isFalse();
    assertThat(connect(Map.of("Origin", "chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")).open()).isFalse();
    assertThat(connect(Map.of("Origin", ExtensionId.origin(ExtensionId.WAYMARK) + ".evil.example")).open()).isFalse();
    assertThat(connect(Map.of("Origin", "null")).open()).isFalse();
    assertThat(stats().refusedOrigin()).isEqualTo(4);
    assertThat(client.isConnected()).isFalse();
  }

  @Test
  void upgradeWithAForeignHostIsRefused() throws Exception {
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 sends its own Host
    Map<String, String> h = new HashMap<>(Map.of("Origin", ExtensionId.origin(ExtensionId.WAYMARK)));
    h.put("Host", "evil.example:" + client.port());
    assertThat(connect(h).open()).isFalse();
    h.put("Host", "127.0.0.1:" + (client.port() + 1));
    assertThat(connect(h).open()).isFalse();
    assertThat(stats().refusedHost()).isEqualTo(2);
    h.put("Host", "localhost:" + client.port());
    assertThat(connect(h).open()).isTrue();
  }

  @Test
  void serverListensOnLoopbackOnly() throws Exception {
    InetAddress external = Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
        .filter(i -> !isLoopback(i))
        .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
        .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress())
        .findFirst().orElse(null);
    assertThat(client.server().port()).isPositive();
    if (external != null) {
      try (Socket s = new Socket()) {
        s.connect(new java.net.InetSocketAddress(external, client.port()), 1000);
        throw new AssertionError("connected through " + external);
      } catch (java.io.IOException refused) {
        // expected: nothing listens there
      }
    }
    try (Socket s = new Socket("127.0.0.1", client.port())) {
      assertThat(s.isConnected()).isTrue();
    }
  }

  private static boolean isLoopback(NetworkInterface i) {
    try {
      return i.isLoopback();
    } catch (java.net.SocketException e) {
      return true;
    }
  }

  @Test
  void helloWithoutProofIsRefusedAndCounted() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    assertThat(c.open()).isTrue();
    c.next("challenge");
    c.send(FakeExtension.hello("browser-1", "nonce-nonce-nonce-1", null));
    assertThat(c.next("error").path("error").asText()).contains("pairing failed");
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.UNAUTHORIZED);
    assertThat(stats().refusedProof()).isEqualTo(1);
    assertThat(client.isConnected()).isFalse();
  }

  @Test
  void helloWithAProofFromAnotherSecretIsRefused() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    assertThat(c.open()).isTrue();
    String s = c.next("challenge").path("nonce").asText();
    String wrong = PairingSecret.generate().extensionProof(s, "nonce-nonce-nonce-2");
    c.send(FakeExtension.hello("browser-1", "nonce-nonce-nonce-2", wrong));
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.UNAUTHORIZED);
    assertThat(stats().refusedProof()).isEqualTo(1);
    assertThat(stats().paired()).isZero();
  }

  @Test
  void proofForAnotherChallengeIsRefused() throws Exception {
    // a proof recorded from an earlier connection must not open a new one
    FakeExtension c = FakeExtension.withOrigin(client.port());
    assertThat(c.open()).isTrue();
    c.next("challenge");
    String replayed = secret.extensionProof("an-earlier-server-nonce", "nonce-nonce-nonce-3");
    c.send(FakeExtension.hello("browser-1", "nonce-nonce-nonce-3", replayed));
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.UNAUTHORIZED);
    assertThat(stats().refusedProof()).isEqualTo(1);
  }

  @Test
  void anyMessageBeforePairingIsRefused() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    assertThat(c.open()).isTrue();
    c.next("challenge");
    c.send("{\"type\":\"performed\",\"id\":\"r1\",\"ok\":true}");
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.UNAUTHORIZED);
    assertThat(stats().refusedBeforePairing()).isEqualTo(1);
  }

  @Test
  void typeOutsideTheClosedSetClosesTheConnection() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    c.pair(secret, "browser-1");
    c.send("{\"type\":\"eval\",\"id\":\"x\",\"code\":\"alert(1)\"}");
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.BAD_MESSAGE);
    assertThat(stats().badMessages()).isEqualTo(1);
  }

  @Test
  void requestVerbsOfTheStudioAreNotAcceptedFromTheExtension() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    c.pair(secret, "browser-1");
    c.send("{\"type\":\"perform\",\"id\":\"x\"}");
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.BAD_MESSAGE);
  }

  @Test
  void unpairedConnectionIsClosedAfterThePairTimeout() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    assertThat(c.open()).isTrue();
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.PAIR_TIMEOUT);
    assertThat(stats().pairTimeouts()).isEqualTo(1);
  }

  @Test
  void correctProofPairsAndTheStudioProvesItselfBack() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    ObjectNode welcome = c.pair(secret, "browser-1");
    assertThat(welcome.path("heartbeat_ms").asLong()).isEqualTo(15_000);
    assertThat(client.awaitConnected().get(5, TimeUnit.SECONDS).clientId()).isEqualTo("browser-1");
    // Barrier: a connection opened after it that never pairs is closed by the pair timeout; by then the
    // paired one's timeout would have fired too, had pairing not cancelled it.
    FakeExtension late = FakeExtension.withOrigin(client.port());
    assertThat(late.open()).isTrue();
    assertThat(late.awaitClose()).isEqualTo(CloseCodes.PAIR_TIMEOUT);
    assertThat(c.isOpen()).isTrue();
    assertThat(stats().pairTimeouts()).isEqualTo(1);
  }

  @Test
  void anUnauthenticatedConnectionCannotEvictThePairedOne() throws Exception {
    FakeExtension paired = FakeExtension.withOrigin(client.port());
    paired.pair(secret, "browser-1");
    client.awaitConnected().get(5, TimeUnit.SECONDS);

    FakeExtension intruder = FakeExtension.withOrigin(client.port());
    assertThat(intruder.open()).isTrue();
    intruder.next("challenge");
    intruder.send(FakeExtension.hello("browser-1", "nonce-nonce-nonce-4", "00"));
    assertThat(intruder.awaitClose()).isEqualTo(CloseCodes.UNAUTHORIZED);

    FakeExtension idle = FakeExtension.withOrigin(client.port());
    assertThat(idle.open()).isTrue();
    assertThat(idle.awaitClose()).isEqualTo(CloseCodes.PAIR_TIMEOUT);

    assertThat(paired.isOpen()).isTrue();
    assertThat(client.client().orElseThrow().clientId()).isEqualTo("browser-1");
    var tabs = client.tabs();
    ObjectNode request = paired.next("tabs");
    paired.send("{\"type\":\"tab_list\",\"id\":\"" + request.path("id").asText() + "\",\"tabs\":[]}");
    assertThat(tabs.get(5, TimeUnit.SECONDS)).isEmpty();
  }

  @Test
  void aNewPairedConnectionOfTheSameClientReplacesTheOldOne() throws Exception {
    FakeExtension first = FakeExtension.withOrigin(client.port());
    first.pair(secret, "browser-1");
    FakeExtension second = FakeExtension.withOrigin(client.port());
    second.pair(secret, "browser-1");
    assertThat(first.awaitClose()).isEqualTo(CloseCodes.REPLACED);
    assertThat(second.isOpen()).isTrue();
    assertThat(client.server().clients()).hasSize(1);
    var tabs = client.tabs();
    ObjectNode request = second.next("tabs");
    second.send("{\"type\":\"tab_list\",\"id\":\"" + request.path("id").asText() + "\",\"tabs\":[]}");
    assertThat(tabs.get(5, TimeUnit.SECONDS)).isEmpty();
  }

  @Test
  void anOversizedFrameClosesTheConnection() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    c.pair(secret, "browser-1");
    c.send("{\"type\":\"event\",\"event\":\"tab_changed\",\"title\":\"" + "x".repeat(100 * 1024) + "\"}");
    assertClosedForSize(c);
  }

  @Test
  void anOversizedFrameBeforePairingClosesTheConnection() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    assertThat(c.open()).isTrue();
    c.send("x".repeat(200 * 1024));
    assertClosedForSize(c);
  }

  /** The server closes with 1009; a client still writing its big frame may see the TCP reset (1006) first. */
  private void assertClosedForSize(FakeExtension c) throws Exception {
    assertThat(c.awaitClose()).isIn(CloseCodes.TOO_BIG, 1006);
    await().atMost(java.time.Duration.ofSeconds(5)).until(() -> stats().oversized() > 0 && !client.isConnected());
    assertThat(stats().oversized()).isEqualTo(1);
    assertThat(client.isConnected()).isFalse();
  }

  @Test
  void deeplyNestedJsonIsRefused() throws Exception {
    FakeExtension c = FakeExtension.withOrigin(client.port());
    c.pair(secret, "browser-1");
    c.send("{\"type\":\"event\",\"event\":\"x\",\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}");
    assertThat(c.awaitClose()).isEqualTo(CloseCodes.BAD_MESSAGE);
  }
}

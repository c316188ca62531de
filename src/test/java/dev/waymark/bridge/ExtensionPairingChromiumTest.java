package dev.waymark.bridge;

import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.Browsers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Cdp;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.java_websocket.WebSocket;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.server.WebSocketServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Pairing seen from the real extension: the popup's states, a wrong code, and a server that cannot prove the code. */
@RealBrowser
class ExtensionPairingChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path tmp;

  private static final String STATE = "document.getElementById('state').textContent + ' | ' + document.getElementById('detail').textContent";

  private static String popupText(Cdp cdp, String expected) throws Exception {
    String popup = cdp.createTarget("chrome-extension://" + ExtensionId.WAYMARK + "/popup.html");
    try {
      return cdp.waitForText(popup, STATE, expected, Duration.ofSeconds(15));
    } finally {
      cdp.closeTarget(popup);
    }
  }

  private LaunchedBrowser launchOther(int port, PairingSecret secret) throws Exception {
    return ChromiumLauncher.launch(ChromiumLauncher.Options.defaults().withChromium(Browsers.chromium())
        .withHeadless(true).withRemoteDebugging(true), tmp, port, secret);
  }

  @Test
  void thePopupSaysConnected() throws Exception {
    assertThat(popupText(browser.cdp(), "Connected")).startsWith("Connected to the studio");
  }

  @Test
  void aCodePastedIntoThePopupPairsABrowserTheStudioDidNotLaunch() throws Exception {
    String mine = browser.clientInfo().clientId();
    try (LaunchedBrowser other = launchOther(browser.client().port(), null);
         Cdp cdp = Cdp.connect(other.devToolsPort(Duration.ofSeconds(10)).orElseThrow())) {
      String popup = cdp.createTarget("chrome-extension://" + ExtensionId.WAYMARK + "/popup.html");
      assertThat(cdp.waitForText(popup, STATE, "Not paired", Duration.ofSeconds(15))).startsWith("Not paired");
      String code = browser.client().pairingCode().toLowerCase().replace("-", " ");
      cdp.evaluate(popup, "document.getElementById('code').value = '" + code + "';"
          + "document.getElementById('port').value = '" + browser.client().port() + "';"
          + "document.getElementById('pair').requestSubmit(); true");
      assertThat(cdp.waitForText(popup, STATE, "Connected", Duration.ofSeconds(15))).startsWith("Connected to the studio");
      assertThat(browser.client().server().clients()).hasSize(2);
      cdp.closeTarget(popup);
    }
    // requests go to the most recently paired browser: wait until the harness's is the only one again
    await().atMost(java.time.Duration.ofSeconds(10)).until(() -> browser.client().server().clients().size() <= 1);
    assertThat(browser.client().client().orElseThrow().clientId()).isEqualTo(mine);
  }

  @Test
  void aBrowserWithAnotherCodeIsRefusedAndItsPopupSaysSo() throws Exception {
    long refusedBefore = browser.client().server().stats().refusedProof();
    try (LaunchedBrowser other = launchOther(browser.client().port(), PairingSecret.generate());
         Cdp cdp = Cdp.connect(other.devToolsPort(Duration.ofSeconds(10)).orElseThrow())) {
      assertThat(popupText(cdp, "refused")).startsWith("Pairing code refused");
      assertThat(browser.client().server().stats().refusedProof()).isGreaterThan(refusedBefore);
      assertThat(browser.client().server().clients()).hasSize(1);
    }
  }

  @Test
  void theExtensionObeysNothingFromAServerThatCannotProveTheCode() throws Exception {
    ObjectMapper json = new ObjectMapper();
    BlockingQueue<String> fromExtension = new LinkedBlockingQueue<>();
    CompletableFuture<Integer> closedWith = new CompletableFuture<>();
    CompletableFuture<Boolean> listening = new CompletableFuture<>();
    WebSocketServer impostor = new WebSocketServer(new InetSocketAddress("127.0.0.1", 0)) {
      @Override
      public void onOpen(WebSocket conn, ClientHandshake handshake) {
        conn.send("{\"type\":\"challenge\",\"id\":\"pair\",\"protocol\":1,\"nonce\":\"impostor-nonce-0123456789\"}");
      }

      @Override
      public void onMessage(WebSocket conn, String message) {
        fromExtension.add(message);
        if (message.contains("\"hello\"")) {
          // a welcome with a made-up proof, then an order
          conn.send("{\"type\":\"welcome\",\"id\":\"pair\",\"proof\":\"" + "0".repeat(64) + "\",\"heartbeat_ms\":15000}");
          conn.send("{\"type\":\"tabs\",\"id\":\"r1\"}");
        }
      }

      @Override
      public void onClose(WebSocket conn, int code, String reason, boolean remote) {
        closedWith.complete(code);
      }

      @Override
      public void onError(WebSocket conn, Exception ex) {
      }

      @Override
      public void onStart() {
        listening.complete(true);
      }
    };
    impostor.setReuseAddr(true);
    impostor.start();
    // the port is 0 until the server is bound
    listening.get(10, TimeUnit.SECONDS);
    try (LaunchedBrowser other = launchOther(impostor.getPort(), PairingSecret.generate());
         Cdp cdp = Cdp.connect(other.devToolsPort(Duration.ofSeconds(10)).orElseThrow())) {
      assertThat(closedWith.get(20, TimeUnit.SECONDS)).isEqualTo(CloseCodes.UNAUTHORIZED);
      List<String> types = fromExtension.stream().map(m -> {
        try {
          return ((ObjectNode) json.readTree(m)).path("type").asText();
        } catch (Exception e) {
          return "?";
        }
      }).toList();
      assertThat(types).containsExactly("hello");
      assertThat(popupText(cdp, "Not your studio")).startsWith("Not your studio");
    } finally {
      impostor.stop(1000);
    }
  }
}

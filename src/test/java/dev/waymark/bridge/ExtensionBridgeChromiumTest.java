package dev.waymark.bridge;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.BrowserHarness;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The real extension in headless Chromium, paired by the launcher's pairing.json. */
@RealBrowser
class ExtensionBridgeChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @Test
  void launchedBrowserPairsByItselfWithTheStudiosProof() {
    ClientInfo info = browser.clientInfo();
    assertThat(info.clientId()).startsWith("ext-");
    assertThat(info.extensionVersion()).isEqualTo("0.1.0");
    assertThat(info.browser()).isNotBlank();
    assertThat(browser.client().server().stats().refusedProof()).isZero();
  }

  @Test
  void tabsListsTheTaskTab() throws Exception {
    browser.open(browser.pageUrl("bridge/clicks.html"));
    browser.client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS);
    List<TabInfo> tabs = browser.client().tabs().get(15, TimeUnit.SECONDS);
    assertThat(tabs).anySatisfy(t -> {
      assertThat(t.task()).isTrue();
      assertThat(t.url()).endsWith("bridge/clicks.html");
    });
  }

  @Test
  void observeReturnsThePageOfTheTaskTab() throws Exception {
    browser.open(browser.pageUrl("bridge/clicks.html"));
    ObserveResult r = browser.client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS);
    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.observation().path("title").asText()).isEqualTo("clicks: 0");
    assertThat(r.observation().path("url").asText()).endsWith("bridge/clicks.html");
  }

  @Test
  void aRequestSentTheMomentTheExtensionPairsIsAnswered() throws Exception {
    // the studio may send right after its welcome, while the extension is still checking the proof
    java.util.concurrent.CompletableFuture<List<TabInfo>> early = new java.util.concurrent.CompletableFuture<>();
    BridgeListener sendAtOnce = new BridgeListener() {
      @Override
      public void connected(ClientInfo client) {
        browser.client().tabs().whenComplete((tabs, error) -> {
          if (error != null) {
            early.completeExceptionally(error);
          } else {
            early.complete(tabs);
          }
        });
      }
    };
    browser.client().addListener(sendAtOnce);
    try {
      long before = browser.clientInfo().connection();
      browser.client().server().disconnect(browser.clientInfo().clientId());
      browser.awaitReconnect(before, java.time.Duration.ofSeconds(20));
      assertThat(early.get(15, TimeUnit.SECONDS)).isNotEmpty();
    } finally {
      browser.client().removeListener(sendAtOnce);
    }
  }
}

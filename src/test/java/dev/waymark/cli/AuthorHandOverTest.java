package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.PairingSecret;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A hand-off from author: a browser the person can see stays open; a headless one is closed, and the person is told. */
class AuthorHandOverTest {
  private final AtomicInteger closed = new AtomicInteger();
  private final StringWriter text = new StringWriter();
  private final PrintWriter err = new PrintWriter(text, true);

  private PairedChromium paired() throws Exception {
    BrowserClient client = BrowserClient.start(BridgeConfig.defaults().withPort(0), PairingSecret.generate());
    return new PairedChromium(client, closed::incrementAndGet, null);
  }

  @Test
  void aVisibleBrowserStaysOpenWithTheTabInFront() throws Exception {
    PairedChromium browser = paired();
    AuthorBrowser.handOver(browser, false, "http://127.0.0.1:8080/cart", err);
    browser.close();

    assertThat(closed).hasValue(0);
    assertThat(text.toString()).contains("The browser stays open for you, with the tab at http://127.0.0.1:8080/cart in front");
  }

  @Test
  void aHeadlessBrowserIsClosedAndThePersonIsToldWhereTheTabWas() throws Exception {
    PairedChromium browser = paired();
    AuthorBrowser.handOver(browser, true, "http://127.0.0.1:8080/cart", err);
    browser.close();

    assertThat(closed).hasValue(1);
    assertThat(text.toString()).contains("ran headless", "closes now", "The tab was at http://127.0.0.1:8080/cart", "--no-headless");
  }
}

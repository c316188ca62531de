package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.PairingSecret;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bridge with no extension connected: the replay's browser says it was lost before anything was sent. */
class BridgeReplayBrowserLostTest {
  @TempDir
  Path config;
  BrowserClient client;

  @BeforeEach
  void start() throws Exception {
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0), PairingSecret.loadOrCreate(config));
  }

  @AfterEach
  void stop() {
    client.close();
  }

  @Test
  void aStepWithNoExtensionConnectedIsABrowserLostBeforeItWasSent() {
    BridgeReplayBrowser browser = new BridgeReplayBrowser(client);
    Step click = Step.builder("click").id("go").selector(Selector.css("#go")).build();

    assertThatThrownBy(() -> browser.perform(click, Map.of(), 1000))
        .isInstanceOfSatisfying(BrowserLostException.class, e -> assertThat(e.sent()).isFalse());
    assertThatThrownBy(() -> browser.gate(Step.builder("userStep").id("check").prompt("Check it").build(), 1000))
        .isInstanceOfSatisfying(BrowserLostException.class, e -> assertThat(e.sent()).isFalse());
  }
}

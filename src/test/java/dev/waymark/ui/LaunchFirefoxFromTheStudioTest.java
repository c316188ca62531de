package dev.waymark.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.FileTrees;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.RealBrowser;
import dev.waymark.ui.common.LaunchEngine;
import dev.waymark.ui.connection.BridgeConnectionService;
import dev.waymark.ui.connection.ConnectionService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: the studio's Launch browser with Firefox chosen starts a real Firefox whose add-on pairs with the
 * studio's bridge, says so in words while it does, lists it as a connected browser, and observes its page.
 */
@RealBrowser
class LaunchFirefoxFromTheStudioTest {
  @Test
  void launchBrowserStartsFirefoxWithTheAddOnPaired() throws Exception {
    Browsers.firefox(); // a missing Firefox fails here with how to install it
    Path config = Files.createTempDirectory("waymark-studio-firefox-");
    BrowserClient client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0));
    try (BridgeConnectionService connection = new BridgeConnectionService(client, null, ChromiumLauncher.Options.defaults().withHeadless(true))) {
      connection.useEngine(LaunchEngine.FIREFOX);
      assertThat(connection.canLaunch()).isTrue();
      List<String> progress = new CopyOnWriteArrayList<>();

      connection.launchBrowser(progress::add).get(90, TimeUnit.SECONDS);

      assertThat(progress).first().asString().isEqualTo("Starting Firefox with the add-on…");
      List<ConnectionService.Browser> browsers = connection.status().browsers();
      assertThat(browsers).singleElement().satisfies(b -> assertThat(b.browser()).containsIgnoringCase("firefox"));
      var observed = client.observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS);
      assertThat(observed.ok()).as(observed.error()).isTrue();
    } finally {
      client.close();
      FileTrees.deleteTree(config);
    }
  }
}

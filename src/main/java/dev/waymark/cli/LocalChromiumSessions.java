package dev.waymark.cli;

import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplaySession;
import dev.waymark.replay.ReplaySessions;
import dev.waymark.replay.RunReport;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Replay sessions on this computer: each one a Chromium that Waymark launches (headless unless asked otherwise) with
 * its own bridge on a free port and its own temporary profile, the extension paired to that bridge alone, so runs in
 * parallel never share a page, a cookie or a socket. Closing a session stops its browser and its bridge.
 */
final class LocalChromiumSessions implements ReplaySessions {
  /**
   * How each session's browser is launched and driven.
   *
   * @param connectTimeoutS how long the extension may take to connect
   * @param pageInput       untrusted page-script input instead of the debugger's trusted input
   * @param captures        where captured files go (shared: names never collide, files are never overwritten)
   */
  record Settings(Path chromium, boolean headless, int connectTimeoutS, boolean pageInput, boolean trustedInput,
                  Path captures) {}

  private final Settings settings;
  private final AtomicInteger opened = new AtomicInteger();

  LocalChromiumSessions(Settings settings) {
    this.settings = settings;
  }

  @Override
  public ReplaySession open() throws Unavailable, InterruptedException {
    int n = opened.incrementAndGet();
    PairedChromium paired;
    try {
      paired = PairedChromium.launch(settings.chromium(), settings.headless(), settings.connectTimeoutS(), "run-" + n);
    } catch (PairedChromium.Unavailable e) {
      throw new Unavailable(e.getMessage(), e);
    }
    BrowserClient client = paired.client();
    if (settings.pageInput()) client.usePageInput();
    else client.useTrustedInput(settings.trustedInput());
    ReplayBrowser browser = new BridgeReplayBrowser(client, new CaptureFolder(settings.captures()));
    String description = "local Chromium " + n + " (bridge on 127.0.0.1:" + client.port() + ")";
    return ReplaySession.of(browser, description,
        selector -> client.screenshot(selector).get(RunCommand.SCREENSHOT_TIMEOUT_S, TimeUnit.SECONDS), paired::close);
  }
}

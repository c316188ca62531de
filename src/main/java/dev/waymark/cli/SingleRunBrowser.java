package dev.waymark.cli;

import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.firefox.FirefoxLocator;
import dev.waymark.firefox.FirefoxSessions;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.RunReport;
import dev.waymark.webdriver.SessionStartException;
import dev.waymark.webdriver.WebDriverReplayBrowser;
import dev.waymark.webdriver.WebDriverSession;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The browser a single {@code waymark run} replays in: the paired one the command was given, a Chromium it launches
 * and pairs through the extension, or a Firefox it starts and speaks to over its own BiDi endpoint; with how to take
 * the report's screenshots there and the engine's name. Apart from {@link RunCommand} because starting, pairing and
 * closing a browser (and which exit code each failure to do so is) does not depend on what is replayed in it.
 */
final class SingleRunBrowser {
  /** The replay, given the browser it runs in; answers the run's exit code. */
  @FunctionalInterface
  interface Replay {
    int run(ReplayBrowser browser, RunReport.Camera camera, String engine);
  }

  private final RunCommand c;
  private final PrintWriter err;
  private final Consumer<String> progress;

  SingleRunBrowser(RunCommand command, PrintWriter err, Consumer<String> progress) {
    this.c = command;
    this.err = err;
    this.progress = progress;
  }

  /** Runs the replay in the browser the command line names and closes what was started for it. */
  int replayIn(Replay replay) {
    if (c.connectedClient != null) return replayOverBridge(c.connectedClient, replay);
    boolean headless = c.headlessOption != null ? c.headlessOption : !SessionOptions.hasDisplay();
    if (c.engine() == Engine.FIREFOX) return replayInFirefox(headless, replay);
    progress.accept("starting Chromium" + (headless ? " (headless)" : ""));
    return PairedChromium.runIn(Engine.CHROMIUM, c.chromium, null, headless, c.connectTimeout, "run", err,
        RunCommand.EXIT_STOPPED, "Stopped.", browser -> replayOverBridge(browser.client(), replay));
  }

  /**
   * One run in a Firefox started for it, spoken to over its own BiDi endpoint with the WebDriver driver's step code:
   * the same identity checks, heals, expects, dialogs, downloads and captures as on Chromium.
   */
  private int replayInFirefox(boolean headless, Replay replay) {
    Optional<Path> exe = FirefoxLocator.system().find(c.engineOptions.firefox);
    if (exe.isEmpty()) {
      err.println("waymark run: " + FirefoxLocator.notFoundMessage(c.engineOptions.firefox));
      err.flush();
      return RunCommand.EXIT_NO_BROWSER;
    }
    progress.accept("starting Firefox" + (headless ? " (headless)" : ""));
    WebDriverSession session;
    try {
      session = new FirefoxSessions(exe.get(), headless).open();
    } catch (SessionStartException e) {
      err.println("waymark run: " + e.getMessage());
      err.flush();
      return RunCommand.EXIT_NO_BROWSER;
    }
    String engine = session.engine();
    try (WebDriverReplayBrowser browser = new WebDriverReplayBrowser(session, !c.pageInput, new CaptureFolder(c.outputDir))) {
      return replay.run(browser, session::screenshot, engine);
    }
  }

  private int replayOverBridge(BrowserClient client, Replay replay) {
    if (c.pageInput) client.usePageInput();
    else client.useTrustedInput(c.trustedClicks);
    String engine = client.client().map(ClientInfo::browser).orElse("Chromium");
    return replay.run(new BridgeReplayBrowser(client, new CaptureFolder(c.outputDir)),
        selector -> client.screenshot(selector).get(RunCommand.SCREENSHOT_TIMEOUT_S, TimeUnit.SECONDS), engine);
  }
}

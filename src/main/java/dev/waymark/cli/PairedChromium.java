package dev.waymark.cli;

import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BridgeStartException;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.BrowserLocator;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.LaunchedBrowser;
import dev.waymark.firefox.FirefoxLauncher;
import dev.waymark.firefox.FirefoxLocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A bridge on a free port and a Chromium launched with the extension paired to it, for a command that drives a
 * browser of its own. Closing it (also from a shutdown hook, on Ctrl+C) stops the browser and the bridge.
 */
final class PairedChromium implements AutoCloseable {
  /** Why no paired browser could be had, with the shared exit code and a sentence for the person. */
  static final class Unavailable extends Exception {
    private final int exitCode;

    Unavailable(int exitCode, String message) {
      super(message);
      this.exitCode = exitCode;
    }

    int exitCode() {
      return exitCode;
    }
  }

  private final BrowserClient client;
  private final AutoCloseable browser;
  private final Thread cleanup;
  private volatile boolean leaveOpen;

  // The browser is only closed through here, so a test can stand in for Chromium (the hand-off seam).
  PairedChromium(BrowserClient client, AutoCloseable browser, Thread cleanup) {
    this.client = client;
    this.browser = browser;
    this.cleanup = cleanup;
  }

  /**
   * A hand-off: closing stops the bridge but leaves the browser running, its tab in front of the person, and its
   * profile where it is. Ctrl+C after this leaves it too.
   */
  void leaveOpen() {
    leaveOpen = true;
    if (cleanup != null) removeHook(cleanup);
  }

  /** What a command does in the browser it launched: its exit code. */
  @FunctionalInterface
  interface InBrowser {
    int run(PairedChromium browser) throws InterruptedException;
  }

  /**
   * Launches the browser, runs {@code work} in it and closes it (unless the work left it open for the person). A browser
   * that cannot start or pair says why on {@code err} and gives its exit code; an interrupt gives {@code stoppedCode},
   * after {@code stoppedNote} when there is one.
   */
  static int runIn(Engine engine, Path chromium, Path firefox, boolean headless, int connectTimeoutSeconds, String who,
      PrintWriter err, int stoppedCode, String stoppedNote, InBrowser work) {
    try (PairedChromium browser = launch(engine, chromium, firefox, headless, connectTimeoutSeconds, who)) {
      return work.run(browser);
    } catch (Unavailable e) {
      err.println(e.getMessage());
      err.flush();
      return e.exitCode();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      if (stoppedNote != null) err.println(stoppedNote);
      return stoppedCode;
    }
  }

  /**
   * Launches on about:blank and waits until the extension pairs. The command opens its first page through the
   * extension afterwards: a page that loaded while the extension was still starting may never run the
   * extension's scripts (seen on a loaded machine: every injection into it went unanswered).
   */
  static PairedChromium launch(Path chromium, boolean headless, int connectTimeoutSeconds, String who) throws Unavailable, InterruptedException {
    return launch(Engine.CHROMIUM, chromium, null, headless, connectTimeoutSeconds, who);
  }

  /** The same on {@code engine}: Chromium ({@code chromium}, null: found) or Firefox ({@code firefox}, null: found). */
  static PairedChromium launch(Engine engine, Path chromium, Path firefox, boolean headless, int connectTimeoutSeconds,
      String who) throws Unavailable, InterruptedException {
    boolean onFirefox = engine == Engine.FIREFOX;
    if (onFirefox && FirefoxLocator.system().find(firefox).isEmpty()) {
      throw new Unavailable(ExitCodes.NO_BROWSER, FirefoxLocator.notFoundMessage(firefox));
    }
    if (!onFirefox && ChromiumLauncher.findChromium(chromium).isEmpty()) {
      throw new Unavailable(ExitCodes.NO_BROWSER, BrowserLocator.notFoundMessage(chromium));
    }
    BrowserClient client;
    try {
      // Port 0: a headless run must not collide with a studio or another run on the default port.
      client = BrowserClient.start(BridgeConfig.defaults().withPort(0));
    } catch (BridgeStartException | IOException e) {
      throw new Unavailable(ExitCodes.NO_BROWSER, "Cannot start the bridge: " + e.getMessage());
    }
    LaunchedBrowser[] launched = new LaunchedBrowser[1];
    Thread cleanup = new Thread(() -> {
      if (launched[0] != null) launched[0].close();
      client.close();
    }, "waymark-" + who + "-shutdown");
    Runtime.getRuntime().addShutdownHook(cleanup);
    boolean ok = false;
    try {
      launched[0] = onFirefox ? FirefoxLauncher.launch(client, firefox, headless)
          : ChromiumLauncher.launch(client, ChromiumLauncher.Options.defaults().withChromium(chromium).withHeadless(headless));
      try {
        client.awaitConnected().get(connectTimeoutSeconds, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        throw new Unavailable(ExitCodes.NOT_CONNECTED, "The Waymark extension did not connect within " + connectTimeoutSeconds
            + " s" + (launched[0].isRunning() ? "." : " (the browser exited).")
            + (onFirefox ? " Check that this Firefox runs the Waymark add-on (about:debugging); its output is in "
                + launched[0].userDataDir().getParent().resolve("firefox.log")
                : " Check that this Chromium loads unpacked extensions; its output is in "
                + launched[0].userDataDir().getParent().resolve("chromium.log")));
      } catch (ExecutionException e) {
        throw new Unavailable(ExitCodes.NOT_CONNECTED, "The bridge stopped before the extension connected: " + e.getCause().getMessage());
      }
      ok = true;
      return new PairedChromium(client, launched[0], cleanup);
    } catch (IOException e) {
      throw new Unavailable(ExitCodes.NO_BROWSER, "Cannot launch " + (onFirefox ? "Firefox" : "Chromium") + ": " + e.getMessage());
    } finally {
      if (!ok) {
        if (launched[0] != null) launched[0].close();
        client.close();
        removeHook(cleanup);
      }
    }
  }

  BrowserClient client() {
    return client;
  }

  @Override
  public void close() {
    if (!leaveOpen) {
      try {
        browser.close();
      } catch (Exception e) {
        org.slf4j.LoggerFactory.getLogger(PairedChromium.class).warn("closing the browser failed", e);
      }
    }
    client.close();
    if (cleanup != null) removeHook(cleanup);
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running: it closes the same things again, harmlessly
    }
  }
}

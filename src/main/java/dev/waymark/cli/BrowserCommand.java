package dev.waymark.cli;

import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BridgeStartException;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.BrowserLocator;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.bridge.LaunchedBrowser;
import dev.waymark.firefox.FirefoxLauncher;
import dev.waymark.firefox.FirefoxLocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code waymark browser}: starts the bridge, launches Chromium with the extension paired to it,
 * reports the connection, and runs until interrupted or until the browser is closed.
 */
@Command(name = "browser", mixinStandardHelpOptions = true,
    description = "Start the studio's bridge and a Chromium paired with it; run until interrupted.")
public final class BrowserCommand implements Callable<Integer> {
  public static final int EXIT_NO_BROWSER = ExitCodes.NO_BROWSER;
  public static final int EXIT_PORT_IN_USE = 5;
  public static final int EXIT_NOT_CONNECTED = ExitCodes.NOT_CONNECTED;

  @Option(names = "--headless", description = "run Chromium without a window")
  boolean headless;

  @Option(names = "--profile", paramLabel = "NAME", description = "keep the browser profile under the config folder by this name (default: a fresh temporary profile)")
  String profile;

  @Option(names = "--chromium", paramLabel = "PATH", description = "a Chromium-family browser (default: -Dwaymark.chromium, $WAYMARK_CHROMIUM, then chromium, google-chrome, microsoft-edge, brave-browser… on PATH or in their install folders)")
  Path chromium;

  @picocli.CommandLine.Mixin
  EngineOptions engineOptions = new EngineOptions();

  @Option(names = "--port", paramLabel = "N", defaultValue = "17345", description = "port on 127.0.0.1 (0: any free port; default: ${DEFAULT-VALUE})")
  int port;

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "30", description = "how long to wait for the extension to connect (default: ${DEFAULT-VALUE})")
  int connectTimeout;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String engineProblem = engineOptions.problem(chromium);
    if (engineProblem != null) {
      err.println("waymark browser: " + engineProblem);
      return ExitCodes.USAGE;
    }
    boolean onFirefox = engineOptions.engine() == Engine.FIREFOX;
    if (onFirefox && FirefoxLocator.system().find(engineOptions.firefox).isEmpty()) {
      err.println(FirefoxLocator.notFoundMessage(engineOptions.firefox));
      return EXIT_NO_BROWSER;
    }
    if (!onFirefox && ChromiumLauncher.findChromium(chromium).isEmpty()) {
      err.println(BrowserLocator.notFoundMessage(chromium));
      return EXIT_NO_BROWSER;
    }
    String engine = onFirefox ? "Firefox" : "Chromium";
    BrowserClient client;
    try {
      client = BrowserClient.start(BridgeConfig.defaults().withPort(port));
    } catch (BridgeStartException e) {
      err.println(e.getMessage());
      return EXIT_PORT_IN_USE;
    } catch (IOException e) {
      err.println("Cannot read or create the pairing secret: " + e.getMessage());
      return EXIT_PORT_IN_USE;
    }
    LaunchedBrowser[] launched = new LaunchedBrowser[1];
    // Ctrl-C ends the JVM through shutdown hooks, not by interrupting this thread
    Thread cleanup = new Thread(() -> {
      if (launched[0] != null) {
        launched[0].close();
      }
      client.close();
    }, "waymark-browser-shutdown");
    Runtime.getRuntime().addShutdownHook(cleanup);
    LaunchedBrowser browser = null;
    try {
      out.println("listening on 127.0.0.1:" + client.port());
      out.flush();
      client.addListener(new BridgeListener() {
        @Override
        public void connected(ClientInfo c) {
          out.println("extension connected (" + c.browser() + ", extension " + c.extensionVersion() + ")");
          out.flush();
        }

        @Override
        public void disconnected(ClientInfo c, int code, String reason, boolean replaced) {
          if (!replaced) {
            out.println("extension disconnected (" + code + "); it reconnects by itself");
            out.flush();
          }
        }
      });
      browser = onFirefox ? FirefoxLauncher.launch(client, engineOptions.firefox, headless, profile)
          : ChromiumLauncher.launch(client, ChromiumLauncher.Options.defaults().withChromium(chromium).withHeadless(headless)
              .withProfile(profile));
      launched[0] = browser;
      try {
        client.awaitConnected().get(connectTimeout, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        err.println("The Waymark extension did not connect within " + connectTimeout + " s"
            + (browser.isRunning() ? "." : " (the browser exited).")
            + (onFirefox ? " Check that this Firefox runs the Waymark add-on (about:debugging); its output is in "
                + browser.userDataDir().getParent().resolve("firefox.log")
                : " Check that this Chromium loads unpacked extensions; its output is in "
                + browser.userDataDir().getParent().resolve("chromium.log")));
        return EXIT_NOT_CONNECTED;
      }
      browser.process().waitFor();
      out.println(engine + " closed; stopping");
      return 0;
    } catch (IOException e) {
      err.println("Cannot launch " + engine + ": " + e.getMessage());
      return EXIT_NO_BROWSER;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    } catch (java.util.concurrent.ExecutionException e) {
      err.println("The bridge stopped before the extension connected: " + e.getCause().getMessage());
      return EXIT_NOT_CONNECTED;
    } finally {
      if (browser != null) {
        browser.close();
      }
      client.close();
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or about to: it closes the same things again, harmlessly
      }
    }
  }
}

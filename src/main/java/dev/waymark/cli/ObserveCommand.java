package dev.waymark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.ObservationDigest;
import dev.waymark.bridge.BridgeConfig;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.FileTrees;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Step;
import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.BrowserLocator;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.firefox.FirefoxLauncher;
import dev.waymark.firefox.FirefoxLocator;
import dev.waymark.bridge.LaunchedBrowser;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.ObserveResult;
import dev.waymark.bridge.PairingSecret;
import dev.waymark.bridge.TabInfo;
import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code waymark observe URL [--text] [--with-text] [--chromium PATH]}: opens the page in a headless Chromium
 * with the Waymark extension, waits for it to settle and prints its PageObservation as JSON (or, with
 * {@code --text}, the compact form a model reads). The sizes go to stderr, and {@code observe_ms=N} (the observer's
 * time in the page: the median over the settled observations, which read the same) on a line of its own.
 */
@Command(name = "observe", mixinStandardHelpOptions = true,
    description = "Open URL in headless Chromium (or Firefox) with the Waymark extension and print what the observer sees.")
public final class ObserveCommand implements Callable<Integer> {
  public static final int EXIT_USAGE = ExitCodes.USAGE;
  public static final int EXIT_NO_BROWSER = ExitCodes.NO_BROWSER;
  public static final int EXIT_NOT_CONNECTED = ExitCodes.NOT_CONNECTED;
  public static final int EXIT_NOT_LOADED = 5;

  private static final Logger LOG = LoggerFactory.getLogger(ObserveCommand.class);
  private static final Duration POLL = Duration.ofMillis(250);

  @Parameters(index = "0", paramLabel = "URL", description = "the page to observe (http, https or file)")
  String url;

  @Option(names = "--text", description = "print the compact text form instead of JSON")
  boolean text;

  @Option(names = "--with-text", description = "include the readable page text in the observation")
  boolean withText;

  @Option(names = "--chromium", paramLabel = "PATH", description = "a Chromium-family browser (default: -Dwaymark.chromium, $WAYMARK_CHROMIUM, then chromium, google-chrome, microsoft-edge, brave-browser… on PATH or in their install folders)")
  Path chromium;

  @picocli.CommandLine.Mixin
  EngineOptions engineOptions = new EngineOptions();

  @Option(names = "--max-nodes", paramLabel = "N", description = "node cap (default: the extension's, 400)")
  int maxNodes;

  @Option(names = "--quiet", paramLabel = "MS", defaultValue = "1000",
      description = "how long the page must read the same before it counts as settled (default: ${DEFAULT-VALUE})")
  int quietMs;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
      description = "how long to wait for the browser, the extension and the page together (default: ${DEFAULT-VALUE})")
  int timeoutSeconds;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String scheme = scheme(url);
    if (!"http".equals(scheme) && !"https".equals(scheme) && !"file".equals(scheme)) {
      err.println(url + ": not an http, https or file address");
      return EXIT_USAGE;
    }
    String engineProblem = engineOptions.problem(chromium);
    if (engineProblem != null) {
      err.println("waymark observe: " + engineProblem);
      return EXIT_USAGE;
    }
    boolean onFirefox = engineOptions.engine() == Engine.FIREFOX;
    Optional<Path> exe = onFirefox ? FirefoxLocator.system().find(engineOptions.firefox) : ChromiumLauncher.findChromium(chromium);
    if (exe.isEmpty()) {
      err.println(onFirefox ? FirefoxLocator.notFoundMessage(engineOptions.firefox) : BrowserLocator.notFoundMessage(chromium));
      return EXIT_NO_BROWSER;
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Math.max(5, timeoutSeconds));
    Path configDir = null;
    try {
      // a private config folder and a one-off pairing secret: this run never touches the studio's pairing
      configDir = Files.createTempDirectory("waymark-observe-");
      BridgeConfig config = BridgeConfig.defaults(configDir).withPort(0);
      try (BrowserClient client = BrowserClient.start(config, PairingSecret.generate());
           LaunchedBrowser browser = onFirefox ? FirefoxLauncher.launch(client, exe.get(), true)
               : ChromiumLauncher.launch(client, ChromiumLauncher.Options.defaults().withHeadless(true).withChromium(exe.get()))) {
        try {
          client.awaitConnected().get(remaining(deadline), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          err.println("The Waymark extension did not connect to this command within " + timeoutSeconds
              + " s" + (browser.isRunning() ? "." : ": " + browser.engine() + " exited.") + " Check that the extension is built (mvn compile).");
          LOG.info("Chromium output: {}", browser.logTail(20));
          return EXIT_NOT_CONNECTED;
        }
        // Opened through the extension, not at launch: its worker then sees every request of the page, which is
        // how the wait below knows the network went quiet.
        String failed = open(client, deadline);
        if (failed != null) {
          err.println("The page did not load: " + failed + ". Check the address; Chromium's net:: error names the cause"
              + " (ERR_CONNECTION_REFUSED: nothing listens there, ERR_NAME_NOT_RESOLVED: no such host).");
          return EXIT_NOT_LOADED;
        }
        Settled settled = settle(client, deadline);
        if (settled.observation == null) {
          err.println("The page did not load: " + settled.error);
          return EXIT_NOT_LOADED;
        }
        String json = settled.json;
        String compact = CompactObservation.render(settled.observation);
        if (text) {
          out.print(compact);
        } else {
          out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(settled.observation));
        }
        out.flush();
        err.println("observation: " + CompactObservation.size(settled.observation, json, compact)
            + (settled.stable ? "" : " (the page was still changing when the wait ran out)"));
        // one machine-readable line for scripts (bench/): the observer's time in the page, the median over the
        // observations that read the same while the page settled
        if (settled.observeMs != null) err.println("observe_ms=" + settled.observeMs);
        err.flush();
        return 0;
      }
    } catch (IOException e) {
      err.println("Cannot start the browser: " + e.getMessage());
      LOG.debug("observe failed", e);
      return EXIT_NO_BROWSER;
    } catch (Exception e) {
      err.println("Observing failed: " + e.getMessage());
      LOG.debug("observe failed", e);
      return EXIT_NOT_LOADED;
    } finally {
      deleteTree(configDir);
    }
  }

  private static final long NETWORK_QUIET_MS = 500;

  /** Opens the page; returns the browser's own error when it gave up on the address (refused, no such host), else null. */
  private String open(BrowserClient client, long deadline) throws InterruptedException {
    Step navigate = Step.builder(StepTypes.NAVIGATE).id("observe-open").url(url).build();
    try {
      PerformResult r = client.perform("observe-open", navigate, Map.of(), Math.max(1000, remaining(deadline)))
          .get(remaining(deadline) + 1000, TimeUnit.MILLISECONDS);
      if (!r.ok()) LOG.info("opening {} reported: {}", url, r.error());
      // A net:: error is the browser's final word on this address; a page slow to load is the wait's to judge.
      if (!r.ok() && r.error() != null && r.error().contains(" failed: net::")) return r.error();
    } catch (ExecutionException | TimeoutException e) {
      // The wait that follows says whether the page loaded; this only explains it in the log.
      LOG.info("opening {} did not answer: {}", url, e.toString());
    }
    return null;
  }

  private record Settled(PageObservation observation, String json, boolean stable, String error, Double observeMs) {}

  /**
   * Observes every quarter second until the page has settled: the observation has read the same for {@code --quiet}
   * (1 s), so the DOM stopped changing, and the network is quiet (no request of the tab open, none of the page's
   * scripts, fetches or frames and not its load for half a second, long polls left out: decision 0072), so nothing
   * still loading is about to change it.
   * Bounded by the deadline. A page the browser could not load shows as Chromium's error page, which no
   * extension may read: that ends the wait at once.
   */
  private Settled settle(BrowserClient client, long deadline) throws Exception {
    ObserveOptions options = new ObserveOptions(null, Math.max(0, maxNodes), 0, withText);
    String lastDigest = null;
    long sameSince = 0;
    PageObservation last = null;
    String lastJson = null;
    Double lastMs = null;
    List<Double> stableMs = new java.util.ArrayList<>(); // in-page times of the observations that read the same
    String error = "no answer from the page";
    while (remaining(deadline) > 0) {
      ObserveResult r;
      try {
        r = client.observe(options).get(remaining(deadline), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        break;
      } catch (ExecutionException e) {
        error = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
        Thread.sleep(POLL.toMillis());
        continue;
      }
      if (r.ok() && r.observation() != null && !r.observation().isNull()) {
        JsonNode node = r.observation();
        String json = Json.mapper().writeValueAsString(node);
        PageObservation o = Json.read(json, PageObservation.class);
        if (o.url() != null && o.url().startsWith("chrome-error:")) return new Settled(null, null, false, "Chromium shows an error page for " + url, null);
        String digest = ObservationDigest.of(o);
        boolean loading = o.url() == null || o.url().equals("about:blank");
        long now = System.nanoTime();
        if (r.observeMs() != null && !loading && digest.equals(lastDigest)) stableMs.add(r.observeMs());
        else stableMs.clear();
        if (loading || !digest.equals(lastDigest)) {
          sameSince = now;
          if (r.observeMs() != null) stableMs.add(r.observeMs());
        } else if (TimeUnit.NANOSECONDS.toMillis(now - sameSince) >= Math.max(0, quietMs) && r.networkQuiet(NETWORK_QUIET_MS)) {
          return new Settled(o, json, true, null, median(stableMs));
        }
        lastDigest = loading ? null : digest;
        last = loading ? null : o;
        lastJson = json;
        lastMs = r.observeMs();
      } else {
        error = r.error() == null ? "the extension could not read the page" : r.error();
        String failed = errorPage(client);
        if (failed != null) return new Settled(null, null, false, failed, null);
      }
      Thread.sleep(POLL.toMillis());
    }
    return last == null ? new Settled(null, null, false, error, null) : new Settled(last, lastJson, false, null, stableMs.isEmpty() ? lastMs : median(stableMs));
  }

  /** The median of the times (one page, one reading, several runs): one run alone is at the mercy of a busy machine. */
  static Double median(List<Double> ms) {
    if (ms.isEmpty()) return null;
    List<Double> sorted = new java.util.ArrayList<>(ms);
    java.util.Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }

  private String errorPage(BrowserClient client) {
    try {
      List<TabInfo> tabs = client.tabs().get(2, TimeUnit.SECONDS);
      for (TabInfo t : tabs) {
        if (t.url() != null && t.url().startsWith("chrome-error:")) return "Chromium could not open " + url + " (" + t.title() + ")";
      }
    } catch (Exception e) {
      LOG.debug("tabs failed", e);
    }
    return null;
  }

  private static long remaining(long deadline) {
    return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
  }

  private static String scheme(String u) {
    try {
      String s = URI.create(u).getScheme();
      return s == null ? null : s.toLowerCase(java.util.Locale.ROOT);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static void deleteTree(Path dir) {
    if (!FileTrees.deleteTree(dir)) LOG.debug("could not delete {}", dir);
  }

}

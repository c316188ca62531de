package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import java.net.ConnectException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.openqa.selenium.remote.http.ClientConfig;

/**
 * Where replay's WebDriver sessions come from: a chromedriver started here for each session (local headless
 * Chromium), or a Selenium Grid that queues them and tunnels each session's BiDi connection through its own port.
 * Every session asks for {@code webSocketUrl} (BiDi) and leaves dialogs to Waymark ({@code unhandledPromptBehavior:
 * ignore}), which answers each by the step's rule and reports it.
 */
public final class WebDriverSessions implements SessionSource {
  /** How long a Grid may keep a new session queued before it has a free node. */
  private static final Duration GRID_QUEUE_WAIT = Duration.ofMinutes(10);
  private static final Duration CONNECT = Duration.ofSeconds(20);
  // Selenium logs through java.util.logging, at INFO for every session it augments; a run's stderr is the person's
  // progress, so only its warnings go there (the reference keeps the level: JUL holds loggers weakly).
  private static final java.util.logging.Logger SELENIUM_LOG = quiet(java.util.logging.Logger.getLogger("org.openqa.selenium"));

  private static java.util.logging.Logger quiet(java.util.logging.Logger logger) {
    logger.setLevel(java.util.logging.Level.WARNING);
    return logger;
  }

  private final URI grid;
  private final Path chromium;
  private final Path chromedriver;
  private final boolean headless;
  private final boolean managedDownloads;

  private WebDriverSessions(URI grid, Path chromium, Path chromedriver, boolean headless, boolean managedDownloads) {
    this.grid = grid;
    this.chromium = chromium;
    this.chromedriver = chromedriver;
    this.headless = headless;
    this.managedDownloads = managedDownloads;
  }

  /** Sessions of a chromedriver started here for each, driving {@code chromium}. */
  public static WebDriverSessions local(Path chromium, Path chromedriver, boolean headless) {
    return new WebDriverSessions(null, chromium, chromedriver, headless, false);
  }

  /** Sessions of a Selenium Grid (its router's address); the Grid's nodes say which browser binary runs. */
  public static WebDriverSessions grid(URI grid, boolean headless) {
    return grid(grid, headless, true);
  }

  /**
   * The same, asking the nodes for managed downloads ({@code se:downloadsEnabled}: an allowed download is fetched
   * back to this computer) only when {@code managedDownloads}: a Grid as it comes has them off, and a session that
   * asks for them there is never matched.
   */
  public static WebDriverSessions grid(URI grid, boolean headless, boolean managedDownloads) {
    return new WebDriverSessions(grid, null, null, headless, managedDownloads);
  }

  @Override
  public String describe() {
    return grid != null ? "the Selenium Grid at " + grid : "chromedriver " + chromedriver;
  }

  @Override
  public WebDriverSession open() throws SessionStartException {
    SELENIUM_LOG.fine("opening a session");
    ChromeOptions options = options();
    RemoteWebDriver driver = grid != null ? onGrid(options) : locally(options);
    SessionHost host = new SeleniumHost(driver);
    BidiConnection bidi = null;
    try {
      Object ws = driver.getCapabilities().getCapability("webSocketUrl");
      if (!(ws instanceof String url) || url.isBlank()) {
        throw new SessionStartException(describe() + " gave a session without a BiDi connection (webSocketUrl): "
            + "it needs Chromium 116 or later and a chromedriver of the same version");
      }
      bidi = BidiConnection.open(URI.create(url), CONNECT);
      return WebDriverSession.start(host, bidi);
    } catch (BidiConnection.BidiException e) {
      end(host, bidi);
      throw new SessionStartException(e.getMessage(), e);
    } catch (SessionStartException | RuntimeException e) {
      end(host, bidi);
      throw e;
    }
  }

  private static void end(SessionHost host, BidiConnection bidi) {
    if (bidi != null) {
      host.quit(bidi);
      bidi.close();
    } else {
      host.quit(null);
    }
  }

  private ChromeOptions options() {
    ChromeOptions options = new ChromeOptions();
    options.setCapability("webSocketUrl", true);
    options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
    List<String> args = new ArrayList<>(List.of("--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"));
    if (headless) {
      args.add("--headless=new");
      args.add("--disable-gpu");
    }
    // Chromium refuses to start as root with its sandbox; on a Grid the node's own configuration decides.
    if (grid == null && "root".equals(System.getProperty("user.name"))) args.add("--no-sandbox");
    options.addArguments(args);
    if (chromium != null) options.setBinary(chromium.toFile());
    // A Grid keeps an allowed download on its node; managed downloads let Waymark fetch it to this computer.
    if (grid != null && managedDownloads) options.setCapability("se:downloadsEnabled", true);
    return options;
  }

  private RemoteWebDriver locally(ChromeOptions options) throws SessionStartException {
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(chromedriver.toFile()).usingAnyFreePort().build();
    try {
      return new ChromeDriver(service, options);
    } catch (org.openqa.selenium.WebDriverException e) {
      service.stop();
      throw new SessionStartException("chromedriver " + chromedriver + " could not start " + chromium + ": "
          + firstLine(e) + " (a chromedriver must match the browser's version: Debian's chromium-driver matches chromium)", e);
    }
  }

  private RemoteWebDriver onGrid(ChromeOptions options) throws SessionStartException {
    String missing = GridOffer.missing(grid, managedDownloads);
    if (missing != null) throw new SessionStartException(missing);
    URL address;
    try {
      address = grid.toURL();
    } catch (Exception e) {
      throw new SessionStartException("the Grid address " + grid + " is not a URL", e);
    }
    try {
      return (RemoteWebDriver) RemoteWebDriver.builder().oneOf(options)
          .config(ClientConfig.defaultConfig().baseUrl(address).connectionTimeout(CONNECT).readTimeout(GRID_QUEUE_WAIT))
          .build();
    } catch (org.openqa.selenium.WebDriverException e) {
      String said = String.valueOf(e.getMessage());
      if (causedBy(e, ConnectException.class) || said.contains("Connection refused") || said.contains("Connection error")) {
        throw new SessionStartException("cannot reach the Selenium Grid at " + grid + " (connection refused): check that "
            + "the Grid runs and that the address and port are right", e);
      }
      throw new SessionStartException("the Selenium Grid at " + grid + " gave no Chromium session: " + firstLine(e)
          + " (check that a node offers chrome and that its browser and chromedriver match)", e);
    }
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) if (type.isInstance(t)) return true;
    return false;
  }

  static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return (nl < 0 ? m : m.substring(0, nl)).strip();
  }

}

package dev.waymark.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Selenium Grid standalone (router, distributor, session queue and one node) as a child process on a free
 * loopback port, with the system Chromium and Debian's chromedriver: no Docker, no download at run time (Selenium
 * Manager off, the driver's path given). Register with {@code @RegisterExtension static GridHarness grid =
 * GridHarness.create(4);}.
 */
public final class GridHarness implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
  private final int maxSessions;
  private final boolean managedDownloads;
  private Process process;
  private int port;
  private Path dir;

  private GridHarness(int maxSessions, boolean managedDownloads) {
    this.maxSessions = maxSessions;
    this.managedDownloads = managedDownloads;
  }

  /** A Grid of this test class alone, whose node runs at most {@code maxSessions} browsers at once. */
  public static GridHarness create(int maxSessions) {
    return new GridHarness(maxSessions, true);
  }

  /** The same with managed downloads off, as a Grid comes when nobody turned them on. */
  public static GridHarness withoutManagedDownloads(int maxSessions) {
    return new GridHarness(maxSessions, false);
  }

  /** The most sessions a test of the default suite asks of the shared Grid at once (RunAtScaleChromiumTest's 4), plus room. */
  private static final int SHARED_SESSIONS = 6;
  private static GridHarness shared;

  /**
   * The Grid the test classes of one JVM share: started by the first class that needs it, stopped when the JVM exits,
   * so the suite pays its start (about 4 s) once instead of once per class. Its node runs up to {@value #SHARED_SESSIONS}
   * browsers, more than any class asks at once, so a session a test left broken (a killed browser holds its slot until
   * the Grid's session timeout) never makes another class wait.
   */
  public static synchronized GridHarness shared() {
    if (shared == null) {
      shared = new GridHarness(SHARED_SESSIONS, true);
      shared.keepRunning = true;
      Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "waymark-test-grid-stop"));
    }
    return shared;
  }

  private boolean keepRunning;

  /** Where chromedriver is (Debian's chromium-driver), for the node and for tests that need it. */
  public static Path chromedriver() {
    return dev.waymark.webdriver.DriverLocator.find(null)
        .orElseThrow(() -> new IllegalStateException(dev.waymark.webdriver.DriverLocator.notFoundMessage(null)));
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    if (Browsers.skipped()) return;
    synchronized (GridHarness.class) {
      if (process != null && process.isAlive()) return;
      start();
    }
  }

  /** Starts the Grid and waits until it says it is ready. */
  public GridHarness start() throws Exception {
    dir = Files.createTempDirectory("waymark-grid");
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String chromium = Browsers.chromium().toString().replace("\\", "\\\\");
    // The node's own settings for its browser: the binary, and no sandbox when it runs as root (as here).
    String args = "root".equals(System.getProperty("user.name")) ? ", \"args\": [\"--no-sandbox\"]" : "";
    String stereotype = "{\"browserName\": \"chrome\", \"goog:chromeOptions\": {\"binary\": \"" + chromium + "\"" + args + "}}";
    String toml = String.join("\n",
        "[server]", "host = \"127.0.0.1\"", "port = " + port, "",
        "[sessionqueue]", "session-request-timeout = 300", "session-retry-interval = 1", "",
        "[node]", "detect-drivers = false", "selenium-manager = false", "max-sessions = " + maxSessions,
        "override-max-sessions = true", "session-timeout = 120", "enable-managed-downloads = " + managedDownloads, "",
        "[[node.driver-configuration]]", "display-name = \"Chromium\"",
        "webdriver-executable = \"" + chromedriver().toString().replace("\\", "\\\\") + "\"",
        "max-sessions = " + maxSessions, "stereotype = '" + stereotype + "'", "");
    Path config = dir.resolve("grid.toml");
    Files.writeString(config, toml);
    List<String> cmd = new ArrayList<>(List.of(
        ProcessHandle.current().info().command().orElse("java"), "-cp", System.getProperty("java.class.path"),
        "-Dwebdriver.chrome.driver=" + chromedriver(),
        "org.openqa.selenium.grid.Main", "standalone", "--config", config.toString()));
    // Through a shell that ends the Grid's whole process group (its JVM, chromedrivers and their Chromiums) when this
    // JVM's end of its stdin closes: a test JVM killed with SIGKILL (no shutdown hook runs) leaves nothing behind. The
    // shell waits for the Grid, so it exits when the Grid does and isAlive() below tells a Grid that died at start.
    List<String> watched = new ArrayList<>(List.of("sh", "-c", "exec 3<&0; setsid \"$@\" </dev/null & g=$!; "
        + "{ read -r _ <&3; kill -TERM -$g 2>/dev/null; sleep 2; kill -KILL -$g 2>/dev/null; } & wait $g", "grid"));
    watched.addAll(cmd);
    process = new ProcessBuilder(watched).redirectErrorStream(true).redirectOutput(dir.resolve("grid.log").toFile()).start();
    HttpClient http = HttpClient.newHttpClient();
    long until = System.currentTimeMillis() + 60_000;
    while (System.currentTimeMillis() < until) {
      if (!process.isAlive()) throw new IllegalStateException("the Grid exited at start: " + log());
      try {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url() + "/status")).timeout(Duration.ofSeconds(2)).build(),
            HttpResponse.BodyHandlers.ofString());
        if (r.body().contains("\"ready\": true") || r.body().contains("\"ready\":true")) return this;
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("the Grid did not become ready in 60 s: " + log());
  }

  /** The Grid's address ({@code http://127.0.0.1:PORT}). */
  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** The Grid's log so far. */
  public String log() {
    try {
      return dir == null ? "" : Files.readString(dir.resolve("grid.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /**
   * Kills (SIGKILL) the browser of a Grid session: every process whose command line names the session's profile
   * folder (chromedriver starts Chromium with {@code --user-data-dir} of its own, told in the session's capabilities).
   */
  public static int killBrowser(String userDataDir) {
    int killed = 0;
    for (ProcessHandle p : ProcessHandle.allProcesses().toList()) {
      Optional<String> line = p.info().commandLine();
      if (line.isPresent() && line.get().contains("--user-data-dir=" + userDataDir) && p.destroyForcibly()) killed++;
    }
    return killed;
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (!keepRunning) close();
  }

  @Override
  public void close() {
    if (!keepRunning) stop();
  }

  private synchronized void stop() {
    if (process == null) return;
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process = null;
  }
}

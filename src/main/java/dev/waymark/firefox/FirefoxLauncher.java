package dev.waymark.firefox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection;
import dev.waymark.bidi.BidiConnection.BidiException;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.ConfigDir;
import dev.waymark.bridge.ExtensionId;
import dev.waymark.bridge.LaunchedBrowser;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches Firefox with the Waymark add-on paired to a studio, as {@link ChromiumLauncher} does for Chromium: a
 * private copy of the Firefox package with {@code pairing.json}, a fresh profile that pins the add-on's UUID (so the
 * bridge knows its Origin), and the add-on installed over Firefox's own BiDi endpoint ({@code webExtension.install},
 * temporary, no driver binary). The BiDi connection stays open for the browser's life and closes it at the end.
 */
public final class FirefoxLauncher {
  private static final Logger LOG = LoggerFactory.getLogger(FirefoxLauncher.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Duration START = Duration.ofSeconds(30);
  /** The Firefox build of the extension beside Chromium's (resources/extension/build.mjs). */
  static final String PACKAGE = "extension-firefox";

  private FirefoxLauncher() {}

  /**
   * Launches {@code firefox} (null: found by {@link FirefoxLocator}) with a private add-on copy paired with
   * {@code client}'s bridge. Throws with what to do when Firefox is missing, does not start, or refuses the add-on.
   */
  public static LaunchedBrowser launch(BrowserClient client, Path firefox, boolean headless) throws IOException {
    return launch(client, firefox, headless, null);
  }

  /**
   * The same with the profile kept under the config folder as {@code profileName} (null: a fresh temporary profile,
   * deleted when the browser closes). The add-on is installed again at each launch (a temporary add-on).
   */
  public static LaunchedBrowser launch(BrowserClient client, Path firefox, boolean headless, String profileName) throws IOException {
    return launchWithControl(client, firefox, headless, profileName).browser();
  }

  /**
   * A launched Firefox and the BiDi connection that installed its add-on, which stays open for the browser's life
   * (closing the browser closes it): for what the add-on cannot do in Firefox, and for tests that read a page.
   */
  public record Launched(LaunchedBrowser browser, BidiConnection control) {}

  /** {@link #launch(BrowserClient, Path, boolean, String)}, keeping the BiDi connection at hand. */
  public static Launched launchWithControl(BrowserClient client, Path firefox, boolean headless, String profileName) throws IOException {
    return launchWithControl(client, firefox, headless, profileName, List.of());
  }

  /**
   * The same with {@code moreArguments} on Firefox's command line (a test's {@code -remote-allow-system-access}, which
   * lets its BiDi connection open the add-on's own pages as the person would from the toolbar).
   */
  public static Launched launchWithControl(BrowserClient client, Path firefox, boolean headless, String profileName,
      List<String> moreArguments) throws IOException {
    Path configDir = client.server().config().configDir();
    Path exe = FirefoxLocator.system().find(firefox).orElseThrow(() -> new IOException(FirefoxLocator.notFoundMessage(firefox)));
    Path browsers = ConfigDir.ensureOwnerOnlyDir(configDir.resolve("browsers"));
    boolean temporary = profileName == null;
    byte[] name = new byte[6];
    RANDOM.nextBytes(name);
    Path root = ConfigDir.ensureOwnerOnlyDir(browsers.resolve(temporary ? ".tmp-firefox-" + HexFormat.of().formatHex(name)
        : profileName + "-firefox"));
    Path extension = root.resolve("extension");
    Path profile = ConfigDir.ensureOwnerOnlyDir(root.resolve("profile"));
    // Firefox has no chrome.debugger: the add-on asks the studio for trusted input, which sends it over this
    // browser's BiDi connection (FirefoxTrustedInput); the key in launch.json says which Firefox asks.
    ChromiumLauncher.pairedCopy(client, PACKAGE, extension, true);
    byte[] key = new byte[16];
    RANDOM.nextBytes(key);
    String browserKey = HexFormat.of().formatHex(key);
    ObjectNode launchFile = JSON.createObjectNode().put("trusted_input", true).put("input_over", "studio")
        .put("browser_key", browserKey);
    java.nio.file.Files.writeString(extension.resolve("launch.json"), launchFile.toString());
    String uuids = "{\\\"" + ExtensionId.FIREFOX_ADDON + "\\\":\\\"" + ExtensionId.FIREFOX_UUID + "\\\"}";
    List<String> prefs = List.of("user_pref(\"extensions.webextensions.uuids\", \"" + uuids + "\");");
    LaunchedFirefox browser;
    try {
      browser = LaunchedFirefox.launch(exe, headless, START, profile, prefs, root.resolve("firefox.log"), moreArguments);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      if (temporary) ChromiumLauncher.deleteTreeQuietly(root);
      throw new IOException("interrupted while starting Firefox", e);
    } catch (IOException e) {
      if (temporary) ChromiumLauncher.deleteTreeQuietly(root);
      throw e;
    }
    BidiConnection bidi = null;
    try {
      bidi = BidiConnection.open(URI.create(browser.bidiEndpoint() + "/session"), START);
      FirefoxSessions.newSession(bidi);
      ObjectNode install = JSON.createObjectNode();
      install.putObject("extensionData").put("type", "path").put("path", extension.toAbsolutePath().toString());
      JsonNode installed = bidi.call("webExtension.install", install, START.toMillis());
      LOG.info("Firefox {} (pid {}) runs the Waymark add-on {} from {}", exe, browser.pid(),
          installed.path("extension").asText(), extension);
    } catch (BidiException e) {
      closeQuietly(bidi);
      browser.close();
      if (temporary) ChromiumLauncher.deleteTreeQuietly(root);
      throw new IOException("Firefox " + exe + " did not take the Waymark add-on: " + e.getMessage()
          + " (Waymark needs Firefox 128 or later with WebDriver BiDi)", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(bidi);
      browser.close();
      if (temporary) ChromiumLauncher.deleteTreeQuietly(root);
      throw new IOException("interrupted while installing the add-on into Firefox", e);
    }
    BidiConnection control = bidi;
    FirefoxTrustedInput input = new FirefoxTrustedInput(client, control, browserKey);
    client.addListener(input);
    return new Launched(LaunchedBrowser.of("Firefox", browser.process(), root, extension, profile, root.resolve("firefox.log"),
        temporary, () -> {
          input.close();
          closeBrowser(control);
        }), control);
  }

  /** Asks Firefox to close over BiDi (it saves its profile and exits), then closes the connection. */
  private static void closeBrowser(BidiConnection bidi) {
    if (bidi.isOpen()) {
      try {
        bidi.call("browser.close", JSON.createObjectNode(), 3_000);
      } catch (BidiException e) {
        LOG.debug("browser.close answered: {}", e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    bidi.close();
  }

  private static void closeQuietly(BidiConnection bidi) {
    if (bidi != null) bidi.close();
  }
}

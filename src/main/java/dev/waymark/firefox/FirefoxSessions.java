package dev.waymark.firefox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection;
import dev.waymark.bidi.BidiConnection.BidiException;
import dev.waymark.webdriver.SessionSource;
import dev.waymark.webdriver.SessionStartException;
import dev.waymark.webdriver.WebDriverSession;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Replay sessions in Firefox without a driver binary (decision 0058): each session is a Firefox started here in a
 * fresh profile, its own WebDriver BiDi endpoint opened ({@code --remote-debugging-port=0}), a BiDi
 * {@code session.new} on it, and the WebDriver driver's step code over that connection.
 */
public final class FirefoxSessions implements SessionSource {
  private static final Duration CONNECT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path firefox;
  private final boolean headless;

  public FirefoxSessions(Path firefox, boolean headless) {
    this.firefox = firefox;
    this.headless = headless;
  }

  @Override
  public String describe() {
    return "Firefox " + firefox + " over its own BiDi endpoint";
  }

  @Override
  public WebDriverSession open() throws SessionStartException {
    LaunchedFirefox browser;
    try {
      browser = LaunchedFirefox.launch(firefox, headless, CONNECT);
    } catch (IOException e) {
      throw new SessionStartException(e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SessionStartException("interrupted while starting Firefox", e);
    }
    BidiConnection bidi = null;
    FirefoxHost host = new FirefoxHost(browser, "none", JSON.createObjectNode());
    try {
      bidi = BidiConnection.open(URI.create(browser.bidiEndpoint() + "/session"), CONNECT);
      JsonNode created = newSession(bidi);
      host = new FirefoxHost(browser, created.path("sessionId").asText(), created.path("capabilities"));
      return WebDriverSession.start(host, bidi);
    } catch (BidiException e) {
      end(host, bidi);
      throw new SessionStartException("Firefox " + firefox + " gave no BiDi session: " + e.getMessage()
          + " (Waymark needs Firefox 128 or later)", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      end(host, bidi);
      throw new SessionStartException("interrupted while starting the Firefox session", e);
    } catch (SessionStartException | RuntimeException e) {
      end(host, bidi);
      throw e;
    }
  }

  /**
   * A BiDi session on a fresh connection: dialogs left to Waymark, which answers each by the step's rule (as on
   * Chromium), and certificates checked.
   */
  static JsonNode newSession(BidiConnection bidi) throws BidiException, InterruptedException {
    ObjectNode always = JSON.createObjectNode();
    always.putObject("unhandledPromptBehavior").put("default", "ignore");
    always.put("acceptInsecureCerts", false);
    ObjectNode params = JSON.createObjectNode();
    params.putObject("capabilities").set("alwaysMatch", always);
    return bidi.call("session.new", params, CONNECT.toMillis());
  }

  private static void end(FirefoxHost host, BidiConnection bidi) {
    host.quit(bidi);
    if (bidi != null) bidi.close();
  }
}

package dev.waymark.firefox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.bidi.BidiConnection;
import dev.waymark.webdriver.SessionHost;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Firefox that Waymark launched, spoken to over its own BiDi endpoint (no driver binary): the session is BiDi's
 * {@code session.new}, the browser is gone when its process has exited, and closing it asks Firefox to close
 * ({@code browser.close}) before the process is ended and its profile deleted.
 */
final class FirefoxHost implements SessionHost {
  private static final Logger LOG = LoggerFactory.getLogger(FirefoxHost.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private final LaunchedFirefox firefox;
  private final String sessionId;
  private final JsonNode capabilities;

  FirefoxHost(LaunchedFirefox firefox, String sessionId, JsonNode capabilities) {
    this.firefox = firefox;
    this.sessionId = sessionId;
    this.capabilities = capabilities;
  }

  @Override
  public String id() {
    return sessionId;
  }

  @Override
  public Object capability(String name) {
    JsonNode v = capabilities.get(name);
    if (v == null || v.isNull()) return null;
    return v.isValueNode() ? v.asText() : JSON.convertValue(v, Object.class);
  }

  @Override
  public String whyGone() {
    return firefox.whyGone();
  }

  @Override
  public boolean managedDownloads() {
    return false;
  }

  @Override
  public void fetchDownload(String name, Path folder) throws IOException {
    throw new IOException("a Firefox on this computer saves its downloads here; there is nothing to fetch");
  }

  @Override
  public void quit(BidiConnection bidi) {
    boolean asked = false;
    if (bidi != null && bidi.isOpen() && firefox.isRunning()) {
      try {
        bidi.call("browser.close", JSON.createObjectNode(), 5_000);
        asked = true;
      } catch (BidiConnection.BidiException e) {
        // Firefox closes the connection as it goes: a "closed" answer is the close itself.
        asked = e.gone();
        LOG.debug("browser.close answered: {}", e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    firefox.close(asked ? Duration.ofSeconds(10) : Duration.ZERO);
  }
}

package dev.waymark.firefox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection;
import dev.waymark.bidi.BidiConnection.BidiException;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.BrowserEvent;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.webdriver.TrustedInput;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Trusted input for the add-on of a Firefox Waymark launched. Firefox gives add-ons no debugger, so the add-on asks
 * the studio instead: a {@code trusted_input} event names its browser (the key written into its copy's launch.json),
 * the tab's address and the input (a click at a point, text to type, a chord); this sends it through Firefox's own
 * pipeline ({@code input.performActions} on the BiDi connection that installed the add-on) and answers with
 * {@code trusted_input_done}. The events are the browser's, as a person's: {@code isTrusted}, popups from a click.
 * Events run off the bridge's dispatch thread, one at a time, in the order they came.
 */
final class FirefoxTrustedInput implements BridgeListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(FirefoxTrustedInput.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String EVENT = "trusted_input";

  private final BrowserClient client;
  private final BidiConnection bidi;
  private final String browserKey;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "waymark-firefox-input");
    t.setDaemon(true);
    return t;
  });

  FirefoxTrustedInput(BrowserClient client, BidiConnection bidi, String browserKey) {
    this.client = client;
    this.bidi = bidi;
    this.browserKey = browserKey;
  }

  @Override
  public void event(ClientInfo from, BrowserEvent e) {
    if (!EVENT.equals(e.event()) || !browserKey.equals(e.body().path("browser_key").asText(null))) return;
    ObjectNode body = e.body().deepCopy();
    worker.execute(() -> dispatch(body));
  }

  private void dispatch(ObjectNode body) {
    String request = body.path("request").asText("");
    JsonNode input = body.path("input");
    int sent = 0;
    String error = null;
    try {
      String context = contextOf(body.path("url").asText(""));
      // From here on the browser may have taken some of it, so a failure leaves the effect unknown: as the debugger
      // path counts them, the events that may have reached the page (a click's press is its second).
      sent = "click".equals(input.path("kind").asText("")) ? 2 : 1;
      switch (input.path("kind").asText("")) {
        case "click" -> TrustedInput.click(bidi, context, input.path("x").asDouble(), input.path("y").asDouble());
        case "type" -> TrustedInput.type(bidi, context, input.path("text").asText(""));
        case "press" -> TrustedInput.press(bidi, context, input.path("chord").asText(""));
        default -> {
          sent = 0;
          throw new IllegalArgumentException("unknown trusted input '" + input.path("kind").asText("") + "'");
        }
      }
    } catch (BidiException ex) {
      if (!ex.timedOut() && !ex.gone()) sent = 0; // refused outright: nothing reached the page
      error = "Firefox refused the trusted input: " + ex.getMessage();
    } catch (IllegalArgumentException | IllegalStateException ex) {
      error = ex.getMessage();
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      error = "the studio stopped before the trusted input was sent";
    }
    if (error != null) LOG.info("trusted input {} in Firefox failed: {}", request, error);
    client.trustedInputDone(request, sent, error).exceptionally(ex -> {
      LOG.debug("the add-on did not take the trusted input's answer", ex);
      return false;
    });
  }

  /**
   * The top-level browsing context that shows {@code url}: the only one, else the one in front (the add-on acts on
   * the task tab, which is the selected tab of its window). Throws with what it found otherwise.
   */
  private String contextOf(String url) throws BidiException, InterruptedException {
    JsonNode tree = bidi.call("browsingContext.getTree", JSON.createObjectNode().put("maxDepth", 0), 5_000);
    List<String> showing = new ArrayList<>();
    for (JsonNode c : tree.path("contexts")) {
      if (url.equals(c.path("url").asText())) showing.add(c.path("context").asText());
    }
    if (showing.size() == 1) return showing.get(0);
    if (showing.isEmpty()) throw new IllegalStateException("no tab of this Firefox shows " + url + " any more");
    List<String> visible = new ArrayList<>();
    for (String context : showing) {
      ObjectNode p = JSON.createObjectNode().put("expression", "document.visibilityState").put("awaitPromise", false);
      p.putObject("target").put("context", context).put("sandbox", "waymark-input");
      JsonNode r = bidi.call("script.evaluate", p, 5_000);
      if ("visible".equals(r.path("result").path("value").asText())) visible.add(context);
    }
    if (visible.size() == 1) return visible.get(0);
    throw new IllegalStateException(showing.size() + " tabs of this Firefox show " + url + " and " + visible.size()
        + " of them are in front: bring the task's tab to the front and repeat the step");
  }

  @Override
  public void close() {
    client.removeListener(this);
    worker.shutdownNow();
  }
}

package dev.waymark.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.BrowserEvent;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Take-over recording over the bridge: turns the extension's {@code user_action} events (the person's own
 * clicks, typing, selects, key presses and navigations in the task tab) into steps of the session through
 * {@link AuthoringSession#recordPerformed}. {@link #start} turns recording on and listens; closing turns it off.
 * Declared values typed by the person arrive as their tokens: the extension compares salted digests
 * ({@link AuthoringSession#valueDigests}), so the values are not sent for it.
 */
public final class RecordedActions implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RecordedActions.class);
  /** What the extension sends for a password field: the typed text never leaves the page. */
  public static final String MASKED = "••••••••";

  private final BrowserClient client;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final BridgeListener listener;
  private final CompletableFuture<Boolean> ready;

  private RecordedActions(BrowserClient client, BridgeListener listener, CompletableFuture<Boolean> ready) {
    this.client = client;
    this.listener = listener;
    this.ready = ready;
  }

  /**
   * Records the person's actions into {@code session} until closed. {@code outcomes} hears each recorded turn
   * (or the failure to record it, as an exceptionally completed future); it runs on the session's thread.
   */
  public static RecordedActions start(BrowserClient client, AuthoringSession session,
      Consumer<CompletableFuture<TurnOutcome>> outcomes) {
    BridgeListener l = new BridgeListener() {
      @Override
      public void event(ClientInfo c, BrowserEvent e) {
        if (!"user_action".equals(e.event())) return;
        TakeOver a = fromEvent(e);
        if (a == null) return;
        // Called on the socket thread: hand off at once, the session queues it behind the turn in progress.
        CompletableFuture<TurnOutcome> f = session.recordPerformed(a);
        if (outcomes != null) outcomes.accept(f);
        f.exceptionally(err -> {
          LOG.info("a recorded {} was not kept: {}", a.type(), err.getMessage());
          return null;
        });
      }
    };
    client.addListener(l);
    byte[] salt = new byte[32];
    RANDOM.nextBytes(salt);
    CompletableFuture<Boolean> ready = session.valueDigests(salt)
        .thenCompose(d -> client.record(true, Base64.getUrlEncoder().withoutPadding().encodeToString(salt), d));
    return new RecordedActions(client, l, ready);
  }

  /** Completes when the page records (true), or exceptionally when recording could not start there. */
  public CompletableFuture<Boolean> ready() {
    return ready;
  }

  /** The step a user_action event describes, or null for one that cannot be a step (a masked password). */
  public static TakeOver fromEvent(BrowserEvent e) {
    String action = e.text("action");
    if (action == null) return null;
    Selector selector = null;
    JsonNode s = e.body().get("selector");
    if (s != null && s.isObject()) {
      try {
        selector = Json.mapper().treeToValue(s, Selector.class);
      } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
        LOG.debug("unreadable recorded selector", ex);
        return null;
      }
    }
    return switch (action) {
      case "click" -> selector == null ? null : new TakeOver("click", null, selector, null, null, null);
      case "fill", "select" -> {
        String v = e.text("value");
        // A password's text stays in the page; a step that would type the mask is worse than none.
        if (selector == null || MASKED.equals(v)) yield null;
        yield new TakeOver(action, null, selector, v == null ? "" : v, null, null);
      }
      case "press" -> {
        String key = e.text("key");
        yield key == null ? null : new TakeOver("press", null, selector, key, null, null);
      }
      case "navigate" -> {
        String url = e.text("url");
        yield url == null ? null : TakeOver.navigate(url);
      }
      default -> null;
    };
  }

  @Override
  public void close() {
    client.removeListener(listener);
    client.record(false);
  }
}

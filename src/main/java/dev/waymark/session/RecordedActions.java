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
 * {@link AuthoringSession#recordPersonAction}. {@link #start} turns recording on and listens; closing turns it off.
 * Declared values typed by the person arrive as their tokens: the extension compares salted digests
 * ({@link AuthoringSession#valueDigests}), so the values are not sent for it.
 */
public final class RecordedActions implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RecordedActions.class);
  // The extension may add fields to a selector before the studio knows them.
  private static final com.fasterxml.jackson.databind.ObjectMapper LENIENT = Json.mapper().copy()
      .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

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
        PersonAction a = fromEvent(e);
        if (a == null) return;
        // Called on the socket thread: hand off at once, the session queues it behind the turn in progress.
        CompletableFuture<TurnOutcome> f = session.recordPersonAction(a);
        if (outcomes != null) outcomes.accept(f);
        f.exceptionally(err -> {
          LOG.info("a recorded {} was not kept: {}", a.action(), err.getMessage());
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

  /** The person's action a user_action event reports, or null for an event without one. */
  public static PersonAction fromEvent(BrowserEvent e) {
    String action = e.text("action");
    if (action == null) return null;
    Selector selector = null;
    JsonNode s = e.body().get("selector");
    if (s != null && s.isObject()) {
      try {
        selector = LENIENT.treeToValue(s, Selector.class);
      } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
        LOG.warn("unreadable selector in a recorded action: {}", ex.getOriginalMessage());
      }
    }
    return new PersonAction(action, selector, e.text("value"), e.text("key"), e.text("url"));
  }

  @Override
  public void close() {
    client.removeListener(listener);
    client.record(false);
  }
}

package dev.waymark.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * What the person is shown in the browser's side panel, through one client (its task's, so the cards say which task
 * asks): approval cards and their end, a userStep's gate, and the line saying what Waymark is doing. The requests
 * are the client's; this is where the ones for the person live (docs/protocol.md, "The side panel").
 */
public final class BrowserPanel {
  /** Upper bound for a gate with no timeout: a person may take long, but not forever. */
  static final long GATE_MAX_MS = Duration.ofHours(12).toMillis();

  private final BrowserClient client;

  BrowserPanel(BrowserClient client) {
    this.client = client;
  }

  /**
   * Asks the person for a userStep: the extension lists it in its side panel (reason, method, {@code instruction},
   * {@code continues}) and completes when a {@link #waitingEnded} names it, one of {@code conditions} holds (any
   * one), or it times out ({@code timeoutMs} 0: no timeout of its own).
   */
  public CompletableFuture<GateResult> gate(String gateId, dev.waymark.workflow.Step step, String instruction, String continues,
      Object conditions, long timeoutMs) {
    ObjectNode m = client.message(MessageType.GATE);
    m.put("step_id", gateId);
    m.put("prompt", step.prompt());
    if (step.method() != null) m.put("method", step.method());
    m.put("instruction", instruction);
    if (continues != null) m.put("continues", continues);
    m.set("continue_on", conditions == null ? NullNode.instance
        : conditions instanceof JsonNode n ? n : client.mapper().valueToTree(conditions));
    m.put("timeout_ms", timeoutMs);
    long wait = timeoutMs <= 0 ? GATE_MAX_MS : timeoutMs + client.server().config().performGrace().toMillis();
    return client.send(m, Duration.ofMillis(wait)).thenApply(r -> client.convert(r, GateResult.class));
  }

  /**
   * Tells the extension that something waits for the person (an approval card, see docs/protocol.md): its side
   * panel shows {@code item} and the toolbar icon says so. Completes with how the person is shown it
   * ({@code opened}: the side panel opened; {@code badge}: Chrome wanted a gesture, so the icon carries a badge).
   */
  public CompletableFuture<String> waiting(ObjectNode item) {
    ObjectNode m = client.message(MessageType.WAITING);
    m.set("item", item);
    return client.send(m, client.server().config().requestTimeout()).thenApply(r -> r.path("shown").asText(null));
  }

  /** The item no longer waits (answered by {@code answeredBy}, or withdrawn when null): the side panel closes it. */
  public CompletableFuture<Boolean> waitingEnded(String itemId, String answeredBy) {
    ObjectNode m = client.message(MessageType.WAITING_ENDED);
    m.put("item_id", itemId);
    if (answeredBy != null) m.put("answered_by", answeredBy);
    return client.send(m, client.server().config().requestTimeout()).thenApply(r -> r.path("ok").asBoolean(false));
  }

  /** The side panel's line for what Waymark is doing now (null: nothing). */
  public CompletableFuture<Boolean> activity(String text) {
    ObjectNode m = client.message(MessageType.ACTIVITY);
    if (text == null) m.putNull("text");
    else m.put("text", text);
    return client.send(m, client.server().config().requestTimeout()).thenApply(r -> r.path("ok").asBoolean(false));
  }
}

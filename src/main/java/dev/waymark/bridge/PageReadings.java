package dev.waymark.bridge;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.PagePicture;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The requests that read the task tab or show something on it without acting (observe, highlight, screenshot,
 * picture): how each is asked and its reply read. The public calls are {@link BrowserClient}'s.
 */
final class PageReadings {
  private final BrowserClient client;

  PageReadings(BrowserClient client) {
    this.client = client;
  }

  CompletableFuture<ObserveResult> observe(ObserveOptions options) {
    return client.send(observeMessage(options), client.server().config().requestTimeout())
        .thenApply(r -> client.convert(r, ObserveResult.class));
  }

  CompletableFuture<ObserveResult> observeSettled(ObserveOptions options, long quietMs, long limitMs) {
    ObjectNode m = observeMessage(options);
    m.put("settle_ms", quietMs);
    m.put("settle_limit_ms", limitMs);
    // the extension may wait up to the limit before it starts to read
    return client.send(m, client.server().config().requestTimeout().plusMillis(limitMs))
        .thenApply(r -> client.convert(r, ObserveResult.class));
  }

  private ObjectNode observeMessage(ObserveOptions options) {
    ObjectNode m = client.message(MessageType.OBSERVE);
    if (options.tab() == null) {
      m.putNull("tab");
    } else {
      m.put("tab", options.tab());
    }
    m.put("max_nodes", options.maxNodes());
    m.put("max_text", options.maxText());
    m.put("include_text", options.includeText());
    return m;
  }

  CompletableFuture<Boolean> highlight(Object selector) {
    return client.send(withSelector(MessageType.HIGHLIGHT, selector), client.server().config().requestTimeout()).thenApply(r -> {
      BrowserClient.okOrRefuse(r, "highlight");
      return true;
    });
  }

  CompletableFuture<byte[]> screenshot(Object selector) {
    return client.send(withSelector(MessageType.SCREENSHOT, selector), client.server().config().requestTimeout()).thenApply(r -> {
      BrowserClient.okOrRefuse(r, "screenshot");
      return Base64.getDecoder().decode(r.path("image").asText(""));
    });
  }

  private ObjectNode withSelector(MessageType type, Object selector) {
    ObjectNode m = client.message(type);
    m.set("selector", selector == null ? NullNode.instance
        : selector instanceof JsonNode n ? n : client.mapper().valueToTree(selector));
    return m;
  }

  CompletableFuture<PagePicture> picture(Map<String, ?> refs, List<?> blur) {
    ObjectNode m = client.message(MessageType.PICTURE);
    ArrayNode r = m.putArray("refs");
    refs.forEach((ref, sel) -> r.addObject().put("ref", ref).set("selector", client.mapper().valueToTree(sel)));
    m.set("blur", client.mapper().valueToTree(blur));
    return client.send(m, client.server().config().requestTimeout()).thenApply(reply -> {
      BrowserClient.okOrRefuse(reply, "picture");
      List<PagePicture.Box> boxes = client.mapper().convertValue(reply.path("boxes"), new TypeReference<List<PagePicture.Box>>() { });
      JsonNode vp = reply.path("viewport");
      return new PagePicture(Base64.getDecoder().decode(reply.path("image").asText("")),
          vp.path("w").asInt(), vp.path("h").asInt(), vp.path("dpr").asDouble(1), boxes, reply.path("blurred").asInt());
    });
  }
}

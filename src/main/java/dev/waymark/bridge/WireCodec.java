package dev.waymark.bridge;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON encoding of wire messages with explicit parser limits, so a hostile frame cannot exhaust memory or stack. */
public final class WireCodec {
  private final ObjectMapper mapper;

  /** A codec whose documents and strings may be at most {@code maxMessageBytes} long. */
  public WireCodec(int maxMessageBytes) {
    StreamReadConstraints limits = StreamReadConstraints.builder()
        .maxDocumentLength(maxMessageBytes)
        .maxStringLength(maxMessageBytes)
        .maxNestingDepth(64)
        .maxNumberLength(64)
        .maxNameLength(1_000)
        .build();
    JsonFactory factory = JsonFactory.builder().streamReadConstraints(limits).build();
    this.mapper = JsonMapper.builder(factory)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }

  /** The mapper, for turning payloads into records. */
  public ObjectMapper mapper() {
    return mapper;
  }

  /** Parses one message; it must be a JSON object whose {@code type} is in the closed set. */
  public Decoded decode(String text) throws WireException {
    JsonNode node;
    try {
      node = mapper.readTree(text);
    } catch (JsonProcessingException e) {
      // the parser message can quote the frame, which may hold a value: keep it out
      throw new WireException("the message is not valid JSON");
    }
    if (!(node instanceof ObjectNode object)) {
      throw new WireException("a message must be a JSON object");
    }
    if (holdsNonFinite(object)) {
      // 1e400 parses as Infinity and would be written back as the string "Infinity": a frame that does not mean
      // what it says. JSON.stringify never writes such a number, so no message of our extension holds one.
      throw new WireException("a number in the message is out of range");
    }
    JsonNode type = object.get("type");
    if (type == null || !type.isTextual()) {
      throw new WireException("a message needs a string \"type\"");
    }
    MessageType messageType = MessageType.fromWire(type.asText())
        .orElseThrow(() -> new WireException("unknown message type"));
    return new Decoded(messageType, object);
  }

  private static boolean holdsNonFinite(JsonNode node) {
    if (node.isFloatingPointNumber()) return !Double.isFinite(node.doubleValue());
    if (!node.isContainerNode()) return false;
    // depth is bounded by the parser's nesting limit, so recursion is safe here
    for (JsonNode child : node) {
      if (holdsNonFinite(child)) return true;
    }
    return false;
  }

  /** A new message object of {@code type}. */
  public ObjectNode message(MessageType type) {
    ObjectNode node = mapper.createObjectNode();
    node.put("type", type.wire());
    return node;
  }

  /** Serializes a message. */
  public String encode(JsonNode message) {
    try {
      return mapper.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a wire message could not be written", e);
    }
  }

  /** A decoded message: its type and its JSON. */
  public record Decoded(MessageType type, ObjectNode body) {
    /** The request id, or null for events. */
    public String id() {
      JsonNode id = body.get("id");
      return id != null && id.isTextual() ? id.asText() : null;
    }
  }

  /** A frame that is not a well-formed message of the protocol. */
  public static final class WireException extends Exception {
    WireException(String message) {
      super(message);
    }
  }
}

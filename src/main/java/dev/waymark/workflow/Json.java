package dev.waymark.workflow;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one JSON mapper configuration of Waymark. Every parser gets explicit limits because decisions come
 * from a model and messages from a browser: neither is trusted to be small or shallow.
 */
public final class Json {
  public static final int MAX_NESTING_DEPTH = 64;
  public static final int MAX_STRING_LENGTH = 20 * 1024 * 1024;
  public static final long MAX_DOCUMENT_LENGTH = 32L * 1024 * 1024;
  public static final int MAX_NUMBER_LENGTH = 100;

  private static final ObjectMapper MAPPER = create();

  private Json() {}

  public static StreamReadConstraints readConstraints() {
    return StreamReadConstraints.builder()
        .maxNestingDepth(MAX_NESTING_DEPTH)
        .maxStringLength(MAX_STRING_LENGTH)
        .maxDocumentLength(MAX_DOCUMENT_LENGTH)
        .maxNumberLength(MAX_NUMBER_LENGTH)
        .maxNameLength(10_000)
        .build();
  }

  private static ObjectMapper create() {
    JsonFactory factory = JsonFactory.builder()
        .streamReadConstraints(readConstraints())
        .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH + 16).build())
        .build();
    return JsonMapper.builder(factory)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
        .build();
  }

  /** The shared, thread-safe mapper (strict about unknown properties). */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** Compact JSON of any value; a value that cannot be written is a programming error. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }

  public static <T> T read(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(e.getOriginalMessage(), e);
    }
  }
}

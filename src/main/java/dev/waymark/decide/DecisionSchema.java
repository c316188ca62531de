package dev.waymark.decide;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The JSON Schema of one decision (reasoning, done, step, blocked, handoff, and the step vocabulary with its
 * fields), kept in {@code src/main/resources/decision.schema.json} and loaded once. Model sources send it as
 * structured output or as a tool's input schema; docs/decision-schema.md shows the same text, and a test keeps
 * the two, the step vocabulary and the may-write fields in step.
 */
public final class DecisionSchema {
  public static final String RESOURCE = "/decision.schema.json";
  /** The name the schema goes by in a request: a response format's name, a tool's name. */
  public static final String NAME = "decision";
  private static final ObjectNode SCHEMA = load();
  private static final ObjectNode FOR_MODELS = forModels(SCHEMA);

  private DecisionSchema() {}

  /** The schema as the resource holds it. */
  public static ObjectNode schema() {
    return SCHEMA.deepCopy();
  }

  /** The schema without the document keywords ($schema, $id, title) that some servers refuse inside a request. */
  public static ObjectNode forRequest() {
    return FOR_MODELS.deepCopy();
  }

  private static ObjectNode forModels(ObjectNode s) {
    ObjectNode copy = s.deepCopy();
    copy.remove("$schema");
    copy.remove("$id");
    copy.remove("title");
    return copy;
  }

  private static ObjectNode load() {
    try (InputStream in = DecisionSchema.class.getResourceAsStream(RESOURCE)) {
      if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the classpath");
      return (ObjectNode) Json.mapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

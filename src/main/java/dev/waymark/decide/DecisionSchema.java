package dev.waymark.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.StepTypes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Set;

/**
 * The JSON Schema of one decision (reasoning, done, step, blocked, handoff, and the step vocabulary with its
 * fields), kept in {@code src/main/resources/decision.schema.json} and loaded once. Model sources send it as
 * structured output or as a tool's input schema; docs/decision-schema.md shows the same text, and a test keeps
 * the two, the step vocabulary and the may-write fields in step. A request carries its shape only (decision 0065):
 * the system text is where a model reads what each field means, so the descriptions stay in the resource and the
 * docs, and the fields the system text never teaches a model (the replay flags a person sets in the editor) are
 * not sent; the parser still accepts them. A session is sent {@link #forSession}: only the step types it may write
 * and the fields those types take, so a model is neither offered what would be refused nor billed for it on every
 * request.
 */
public final class DecisionSchema {
  public static final String RESOURCE = "/decision.schema.json";
  /** The name the schema goes by in a request: a response format's name, a tool's name. */
  public static final String NAME = "decision";
  /**
   * Step fields the studio accepts from a decision but the system text does not teach a model: the replay flags a
   * person sets in the editor (optional, always, condition, resume, a step's own timeout) and an extractList's own
   * columns (the observer gives a list's fields). Sent, they cost every request tokens for what no turn asks for.
   */
  static final Set<String> NOT_TAUGHT = Set.of("optional", "always", "condition", "resume", "timeout_ms", "fields");
  private static final ObjectNode SCHEMA = load();
  private static final ObjectNode FOR_MODELS = forModels(SCHEMA);

  private DecisionSchema() {}

  /** The schema as the resource holds it. */
  public static ObjectNode schema() {
    return SCHEMA.deepCopy();
  }

  /**
   * The schema a request carries for the whole vocabulary: without the document keywords ($schema, $id, title) that
   * some servers refuse inside a request, the descriptions and the fields a model is not taught ({@link #NOT_TAUGHT}).
   */
  public static ObjectNode forRequest() {
    return FOR_MODELS.deepCopy();
  }

  /**
   * Step fields that only some step types take (the rest, such as ref, label, value, store and the approvals, belong
   * to every step); a field is left out of a session's schema when none of its types is.
   */
  static final Map<String, Set<String>> FIELD_TYPES = Map.ofEntries(
      Map.entry("format", Set.of(StepTypes.EXTRACT, StepTypes.CAPTURE_PAGE_FILE)),
      Map.entry("attribute", Set.of(StepTypes.EXTRACT)),
      Map.entry("fields", Set.of(StepTypes.EXTRACT_LIST)),
      Map.entry("limit", Set.of(StepTypes.EXTRACT_LIST)),
      Map.entry("url", Set.of(StepTypes.NAVIGATE, StepTypes.CAPTURE_URL)),
      Map.entry("fn", Set.of(StepTypes.EVAL)),
      Map.entry("args", Set.of(StepTypes.EVAL)),
      Map.entry("body_params", Set.of(StepTypes.CAPTURE_URL, StepTypes.CAPTURE_DOWNLOAD)),
      Map.entry("method", Set.of(StepTypes.CAPTURE_URL, StepTypes.USER_STEP)),
      Map.entry("filename", Set.of(StepTypes.CAPTURE_URL, StepTypes.CAPTURE_DOWNLOAD, StepTypes.CAPTURE_PAGE_FILE)),
      Map.entry("output", Set.of(StepTypes.CAPTURE_URL, StepTypes.CAPTURE_DOWNLOAD, StepTypes.CAPTURE_PAGE_FILE)),
      Map.entry("wait", Set.of(StepTypes.WAIT)),
      Map.entry("prompt", Set.of(StepTypes.USER_STEP)),
      Map.entry("continue_on", Set.of(StepTypes.USER_STEP)));

  /**
   * Whether a session with {@code caps} is offered step type {@code type} at all: a type that needs a capability
   * the session does not allow is not offered (decision 0028).
   */
  public static boolean offered(String type, Capabilities caps) {
    return switch (type) {
      case StepTypes.UPLOAD -> caps.fileUpload();
      case StepTypes.SET_VIEWPORT -> caps.viewportControl();
      case StepTypes.CAPTURE_DOWNLOAD -> caps.download();
      default -> true;
    };
  }

  /**
   * The request schema narrowed to what a session may write on one turn: the step types of {@code writable} that
   * {@code caps} offers and the fields those types take. Decision 0075: {@code accept_dialog} only once the session
   * has met a dialog ({@code dialogSeen}), {@code allow_download} only once it has met a download and only when it
   * allows downloads. Both only widen within a session (its trail keeps its turns), so the schema a provider caches
   * changes at most twice.
   */
  public static ObjectNode forSession(Set<String> writable, Capabilities caps, boolean dialogSeen, boolean downloadSeen) {
    ObjectNode copy = FOR_MODELS.deepCopy();
    ObjectNode step = (ObjectNode) copy.path("properties").path("step");
    ObjectNode fields = (ObjectNode) step.path("properties");
    ArrayNode types = (ArrayNode) fields.path("type").path("enum");
    Set<String> kept = new java.util.LinkedHashSet<>();
    for (JsonNode t : types) {
      if (writable.contains(t.asText()) && offered(t.asText(), caps)) kept.add(t.asText());
    }
    types.removeAll();
    kept.forEach(types::add);
    for (Map.Entry<String, Set<String>> e : FIELD_TYPES.entrySet()) {
      if (e.getValue().stream().noneMatch(kept::contains)) fields.remove(e.getKey());
    }
    if (!caps.download() || !downloadSeen) fields.remove("allow_download");
    if (!dialogSeen) fields.remove("accept_dialog");
    JsonNode required = step.path("required");
    if (required.isArray()) {
      for (int i = required.size() - 1; i >= 0; i--) {
        if (!fields.has(required.get(i).asText())) ((ArrayNode) required).remove(i);
      }
    }
    return copy;
  }

  private static ObjectNode forModels(ObjectNode s) {
    ObjectNode copy = s.deepCopy();
    copy.remove("$schema");
    copy.remove("$id");
    copy.remove("title");
    withoutDescriptions(copy);
    ObjectNode stepFields = (ObjectNode) copy.path("properties").path("step").path("properties");
    NOT_TAUGHT.forEach(stepFields::remove);
    return copy;
  }

  /** Drops every "description" keyword (a text); a property named description, an object, would stay. */
  private static void withoutDescriptions(JsonNode node) {
    if (node instanceof ObjectNode o) {
      if (o.path("description").isTextual()) o.remove("description");
      o.elements().forEachRemaining(DecisionSchema::withoutDescriptions);
    } else if (node instanceof ArrayNode a) {
      a.elements().forEachRemaining(DecisionSchema::withoutDescriptions);
    }
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

package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads and writes workflow YAML. Reading checks the whole document and reports every problem with its line:
 * unknown fields and step types, rewinds that do not point back, duplicate ids, undeclared variables. The
 * parser never builds objects from YAML tags, refuses anchors and aliases, and is bounded in depth, string
 * length and document size, because a workflow file may come from anyone.
 */
public final class WorkflowYaml {
  public static final int MAX_DOCUMENT_CHARS = 2 * 1024 * 1024;
  public static final int MAX_STRING_CHARS = 256 * 1024;
  public static final int MAX_DEPTH = 32;
  public static final int MAX_ALIASES = 0;
  /**
   * SnakeYAML's reader copies its look-ahead window for every buffer it fills, so one line costs time
   * quadratic in its length (a 2 MiB line took over a second); a longer line is refused before parsing.
   * Twice the string limit leaves room for a long value's key, indentation and escapes.
   */
  public static final int MAX_LINE_CHARS = 2 * MAX_STRING_CHARS;

  private static final YAMLMapper WRITER = YAMLMapper.builder(YAMLFactory.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
          .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .build())
      .build();

  private static final ObjectMapper BINDER = Json.mapper().copy()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private WorkflowYaml() {}

  /** The normalized YAML of a workflow: same workflow, same bytes. */
  public static String write(Workflow workflow) {
    try {
      return WRITER.writeValueAsString(workflow);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write workflow YAML: " + e.getOriginalMessage(), e);
    }
  }

  /** A value as workflow YAML writes it (same style as {@link #write}), for editing one part of a file. */
  public static String writeFragment(Object value) {
    try {
      return WRITER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write YAML: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * The line (1-based) of every key in a readable document, by JSON pointer ({@code /steps/2/selector}), so an
   * edit can touch one part of a file and leave the rest byte for byte as it was.
   */
  public static Map<String, Integer> keyLines(String yaml) throws WorkflowLoadException {
    List<WorkflowProblem> problems = new ArrayList<>();
    Located doc = parse(yaml, problems);
    if (doc == null || !problems.isEmpty()) throw new WorkflowLoadException(problems);
    return java.util.Collections.unmodifiableMap(doc.lines);
  }

  public static Workflow read(String yaml) throws WorkflowLoadException {
    List<WorkflowProblem> problems = new ArrayList<>();
    Located doc = parse(yaml, problems);
    if (doc == null || !problems.isEmpty()) throw new WorkflowLoadException(problems);
    if (!(doc.tree instanceof ObjectNode root)) {
      throw new WorkflowLoadException(List.of(new WorkflowProblem(1, "", "a workflow is a mapping with id, name, variables and steps")));
    }
    checkShape(root, Workflow.class, "", doc.lines, problems);
    WorkflowMeaningChecks.check(root, doc.lines, problems);
    if (!problems.isEmpty()) {
      problems.sort(java.util.Comparator.comparingInt(WorkflowProblem::line));
      throw new WorkflowLoadException(problems);
    }
    try {
      return BINDER.treeToValue(root, Workflow.class);
    } catch (JsonMappingException e) {
      String pointer = pointerOf(e);
      throw new WorkflowLoadException(List.of(new WorkflowProblem(doc.lines.getOrDefault(pointer, 0), fieldOf(pointer),
          "has the wrong shape: " + e.getOriginalMessage())));
    } catch (JsonProcessingException e) {
      throw new WorkflowLoadException(List.of(new WorkflowProblem(0, "", e.getOriginalMessage())));
    }
  }

  private record Located(JsonNode tree, Map<String, Integer> lines) {}

  private static YAMLFactory boundedFactory() {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(Math.max(1, MAX_ALIASES));
    options.setNestingDepthLimit(MAX_DEPTH);
    options.setCodePointLimit(MAX_DOCUMENT_CHARS);
    options.setAllowDuplicateKeys(false);
    options.setAllowRecursiveKeys(false);
    return YAMLFactory.builder()
        .loaderOptions(options)
        .streamReadConstraints(StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH)
            .maxStringLength(MAX_STRING_CHARS)
            .maxDocumentLength(MAX_DOCUMENT_CHARS)
            .maxNumberLength(40)
            .build())
        .build();
  }

  /** Builds the tree by hand so every value keeps its line, and tags and aliases are seen, not obeyed. */
  private static Located parse(String yaml, List<WorkflowProblem> problems) {
    WorkflowProblem tooBig = sizeProblem(yaml);
    if (tooBig != null) {
      problems.add(tooBig);
      return null;
    }
    Map<String, Integer> lines = new HashMap<>();
    try (YAMLParser p = (YAMLParser) boundedFactory().createParser(yaml.getBytes(StandardCharsets.UTF_8))) {
      JsonToken t = p.nextToken();
      if (t == null) {
        problems.add(new WorkflowProblem(1, "", "the file is empty"));
        return null;
      }
      JsonNode tree = readValue(p, "", lines, problems);
      if (p.nextToken() != null) {
        problems.add(new WorkflowProblem(p.currentLocation().getLineNr(), "", "the file holds more than one document"));
      }
      return new Located(tree, lines);
    } catch (IOException | RuntimeException e) {
      // A limit (depth, length) is reported without a location: the last value read is where the reader stopped.
      int line = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe && jpe.getLocation() != null
          ? jpe.getLocation().getLineNr() : lines.values().stream().mapToInt(Integer::intValue).max().orElse(0);
      String msg = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
      problems.add(new WorkflowProblem(line, "", "not readable as YAML: " + firstLine(msg)));
      return null;
    }
  }

  /** A document too big, or with a line too long, to hand to the parser; null when it may be parsed. */
  private static WorkflowProblem sizeProblem(String yaml) {
    if (yaml.length() > MAX_DOCUMENT_CHARS) {
      return new WorkflowProblem(0, "", "the file is larger than " + MAX_DOCUMENT_CHARS / (1024 * 1024)
          + " MiB; a workflow is never that big");
    }
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i <= yaml.length(); i++) {
      char c = i < yaml.length() ? yaml.charAt(i) : '\n';
      // the line breaks of YAML 1.1, as SnakeYAML counts lines (NEL, LS and PS too)
      if (c != '\n' && c != '\r' && c != '\u0085' && c != '\u2028' && c != '\u2029') continue;
      if (i - lineStart > MAX_LINE_CHARS) {
        return new WorkflowProblem(line, "", "the line is longer than " + MAX_LINE_CHARS
            + " characters; no workflow needs a line that long");
      }
      if (c == '\r' && i + 1 < yaml.length() && yaml.charAt(i + 1) == '\n') i++;
      line++;
      lineStart = i + 1;
    }
    return null;
  }

  private static JsonNode readValue(YAMLParser p, String pointer, Map<String, Integer> lines,
      List<WorkflowProblem> problems) throws IOException {
    int line = p.currentTokenLocation().getLineNr();
    lines.put(pointer, line);
    String tag = p.getTypeId();
    if (tag != null) {
      problems.add(new WorkflowProblem(line, fieldOf(pointer), "YAML tags such as !" + tag.replaceFirst("^!+", "")
          + " are not allowed in a workflow"));
    }
    if (p.isCurrentAlias() || p.getObjectId() != null) {
      problems.add(new WorkflowProblem(line, fieldOf(pointer), "anchors and aliases are not allowed in a workflow"));
    }
    JsonNodeFactory f = JsonNodeFactory.instance;
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT -> {
        ObjectNode obj = f.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          int keyLine = p.currentTokenLocation().getLineNr();
          String child = pointer + "/" + escape(name);
          p.nextToken();
          JsonNode value = readValue(p, child, lines, problems);
          lines.put(child, keyLine);
          if (obj.has(name)) problems.add(new WorkflowProblem(keyLine, fieldOf(child), "appears twice"));
          obj.set(name, value);
        }
        return obj;
      }
      case START_ARRAY -> {
        ArrayNode arr = f.arrayNode();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
          arr.add(readValue(p, pointer + "/" + i++, lines, problems));
        }
        return arr;
      }
      case VALUE_STRING -> {
        String text = p.getText();
        if (text.length() > MAX_STRING_CHARS) {
          problems.add(new WorkflowProblem(line, fieldOf(pointer), "text longer than the length limit of "
              + MAX_STRING_CHARS + " characters"));
          return f.textNode("");
        }
        return f.textNode(text);
      }
      case VALUE_NUMBER_INT -> {
        return switch (p.getNumberType()) {
          case INT -> f.numberNode(p.getIntValue());
          case LONG -> f.numberNode(p.getLongValue());
          default -> f.numberNode(p.getBigIntegerValue());
        };
      }
      case VALUE_NUMBER_FLOAT -> {
        return f.numberNode(p.getDecimalValue());
      }
      case VALUE_TRUE -> {
        return f.booleanNode(true);
      }
      case VALUE_FALSE -> {
        return f.booleanNode(false);
      }
      case VALUE_NULL -> {
        return f.nullNode();
      }
      default -> {
        problems.add(new WorkflowProblem(line, fieldOf(pointer), "unexpected " + t));
        return f.nullNode();
      }
    }
  }

  /** Unknown fields, anywhere: the known ones are the JSON names of the records the document binds to. */
  private static void checkShape(JsonNode node, Type type, String pointer, Map<String, Integer> lines,
      List<WorkflowProblem> problems) {
    Class<?> raw = rawClass(type);
    if (raw == null || node == null || node.isNull()) return;
    if (raw.isRecord()) {
      if (raw == ExtractField.class && node.isTextual()) return;
      if (!node.isObject()) {
        problems.add(new WorkflowProblem(lines.getOrDefault(pointer, 0), fieldOf(pointer), "must be a mapping"));
        return;
      }
      Map<String, RecordComponent> byName = new HashMap<>();
      for (RecordComponent c : raw.getRecordComponents()) {
        JsonProperty jp = c.getAccessor().getAnnotation(JsonProperty.class);
        byName.put(jp != null ? jp.value() : c.getName(), c);
      }
      node.fields().forEachRemaining(e -> {
        String child = pointer + "/" + escape(e.getKey());
        RecordComponent c = byName.get(e.getKey());
        if (c == null) {
          problems.add(new WorkflowProblem(lines.getOrDefault(child, 0), fieldOf(child),
              "unknown field \"" + e.getKey() + "\"" + (raw == Step.class ? " in a step" : "")));
        } else {
          checkShape(e.getValue(), c.getGenericType(), child, lines, problems);
        }
      });
      if (raw == Step.class) {
        JsonNode t = node.get("type");
        String where = pointer + "/type";
        if (t == null || !t.isTextual()) {
          problems.add(new WorkflowProblem(lines.getOrDefault(pointer, 0), fieldOf(where), "every step needs a type"));
        } else if (!StepTypes.known(t.asText())) {
          problems.add(new WorkflowProblem(lines.getOrDefault(where, 0), fieldOf(where),
              "unknown step type \"" + t.asText() + "\"; known types: " + new java.util.TreeSet<>(StepTypes.ALL)));
        }
      }
    } else if (List.class.isAssignableFrom(raw) && type instanceof ParameterizedType pt) {
      if (!node.isArray()) {
        problems.add(new WorkflowProblem(lines.getOrDefault(pointer, 0), fieldOf(pointer), "must be a list"));
        return;
      }
      for (int i = 0; i < node.size(); i++) checkShape(node.get(i), pt.getActualTypeArguments()[0], pointer + "/" + i, lines, problems);
    } else if (Map.class.isAssignableFrom(raw) && type instanceof ParameterizedType pt) {
      if (!node.isObject()) {
        problems.add(new WorkflowProblem(lines.getOrDefault(pointer, 0), fieldOf(pointer), "must be a mapping"));
        return;
      }
      node.fields().forEachRemaining(e -> checkShape(e.getValue(), pt.getActualTypeArguments()[1],
          pointer + "/" + escape(e.getKey()), lines, problems));
    }
  }

  private static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) return c;
    if (type instanceof ParameterizedType pt && pt.getRawType() instanceof Class<?> c) return c;
    return null;
  }

  private static String pointerOf(JsonMappingException e) {
    StringBuilder sb = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      sb.append('/').append(r.getFieldName() != null ? escape(r.getFieldName()) : String.valueOf(r.getIndex()));
    }
    return sb.toString();
  }

  /** A pointer as a person reads it: steps[2].selector.css */
  static String fieldOf(String pointer) {
    if (pointer.isEmpty()) return "";
    StringBuilder sb = new StringBuilder();
    for (String part : pointer.substring(1).split("/", -1)) {
      String name = part.replace("~1", "/").replace("~0", "~");
      if (name.matches("\\d+")) sb.append('[').append(name).append(']');
      else sb.append(sb.length() == 0 ? "" : ".").append(name);
    }
    return sb.toString();
  }

  /** A key as one segment of a JSON pointer (RFC 6901), as the line map and the problems name it. */
  static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  private static String firstLine(String s) {
    if (s == null) return "";
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

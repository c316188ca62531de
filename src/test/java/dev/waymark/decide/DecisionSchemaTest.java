package dev.waymark.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.apply.DecisionException;
import dev.waymark.apply.DecisionParser;
import dev.waymark.apply.StepWriter;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.StepTypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The one decision schema agrees with the parser, the step vocabulary, the docs and every example decision. */
class DecisionSchemaTest {
  private static final JsonNode SCHEMA = DecisionSchema.schema();
  private static final Pattern JSON_BLOCK = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern JAVA_STRING = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
  private static final List<String> OPENINGS = List.of("{\"reasoning\"", "{\"done\"", "{\"step\"", "{\"blocked\"", "{\"handoff\"",
      "{\"resolve\"");

  @Test
  void theSchemaNamesExactlyTheDecisionFieldsTheStepFieldsAndTheStepTypes() {
    assertThat(names(SCHEMA.path("properties"))).containsExactlyInAnyOrder("reasoning", "done", "step", "blocked", "handoff",
        "resolve");
    JsonNode step = SCHEMA.path("properties").path("step");
    assertThat(names(step.path("properties"))).isEqualTo(StepWriter.DECISION_FIELDS);
    Set<String> types = new HashSet<>();
    step.path("properties").path("type").path("enum").forEach(t -> types.add(t.asText()));
    assertThat(types).isEqualTo(StepTypes.ALL);
    assertThat(SCHEMA.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(step.path("additionalProperties").asBoolean(true)).isFalse();
  }

  @Test
  void aSessionIsSentOnlyTheStepTypesItMayWriteAndTheFieldsTheyTake() {
    Set<String> writable = new HashSet<>(StepTypes.ALL);
    writable.remove(StepTypes.EVAL);
    ObjectNode narrowed = DecisionSchema.forSession(writable, new dev.waymark.apply.Capabilities(false, true, true), true, true);
    JsonNode fields = narrowed.path("properties").path("step").path("properties");
    Set<String> types = new HashSet<>();
    fields.path("type").path("enum").forEach(t -> types.add(t.asText()));

    assertThat(types).doesNotContain(StepTypes.EVAL, StepTypes.CAPTURE_DOWNLOAD).contains(StepTypes.CAPTURE_URL, StepTypes.UPLOAD);
    assertThat(names(fields)).doesNotContain("fn", "args", "allow_download").contains("body_params", "filename", "accept_dialog");
    assertThat(Json.write(narrowed).length()).isLessThan(Json.write(DecisionSchema.forRequest()).length());

    ObjectNode clicksOnly = DecisionSchema.forSession(Set.of(StepTypes.CLICK, StepTypes.FILL), dev.waymark.apply.Capabilities.NONE, true, true);
    assertThat(names(clicksOnly.path("properties").path("step").path("properties"))).doesNotContainAnyElementsOf(
        DecisionSchema.FIELD_TYPES.keySet()).contains("type", "ref", "value", "label");
    // what stays is what every decision may hold: reasoning, done, blocked, handoff, resolve, and the replay flags
    assertThat((double) Json.write(clicksOnly).length()).isLessThan(0.6 * Json.write(DecisionSchema.forRequest()).length());

    assertThat(DecisionSchema.forSession(StepTypes.ALL, dev.waymark.apply.Capabilities.ALL, true, true)).isEqualTo(DecisionSchema.forRequest());
  }

  @Test
  void eachFieldKeptForSomeStepTypesIsOneTheirDocumentationNames() throws IOException {
    Set<String> stepFields = names(SCHEMA.path("properties").path("step").path("properties"));
    DecisionSchema.FIELD_TYPES.forEach((field, types) -> {
      assertThat(stepFields).as("a step field").contains(field);
      assertThat(StepTypes.ALL).as(field + "'s types").containsAll(types);
    });
    // every field step-types.txt lists for a type is offered with that type
    String doc;
    try (InputStream in = DecisionSchema.class.getResourceAsStream("/prompts/step-types.txt")) {
      doc = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Pattern quoted = Pattern.compile("\"([a-z_]+)\"");
    for (String line : doc.split("\n")) {
      int colon = line.indexOf(':');
      int fieldsAt = line.indexOf("Fields:");
      if (colon < 0 || fieldsAt < 0 || !StepTypes.ALL.contains(line.substring(0, colon).strip())) continue;
      String type = line.substring(0, colon).strip();
      Matcher m = quoted.matcher(line.substring(fieldsAt));
      while (m.find()) {
        String field = m.group(1);
        if (!stepFields.contains(field)) continue;
        assertThat(DecisionSchema.FIELD_TYPES.getOrDefault(field, Set.of(type))).as(type + " takes " + field).contains(type);
      }
    }
  }

  @Test
  void docsShowTheSchemaAsTheResourceHoldsIt() throws IOException {
    String doc = Files.readString(Path.of("docs/decision-schema.md"));
    Matcher m = JSON_BLOCK.matcher(doc);
    assertThat(m.find()).as("docs/decision-schema.md holds the schema in a ```json block").isTrue();
    assertThat(Json.mapper().readTree(m.group(1))).isEqualTo(SCHEMA);
    assertThat(DecisionSchema.forRequest().has("$schema")).isFalse();
  }

  @Test
  void aRequestCarriesTheSchemasShapeWithoutTheTextTheSystemPromptSaysAndWithoutFieldsItDoesNotTeach() {
    ObjectNode request = DecisionSchema.forRequest();
    assertThat(Json.write(request)).doesNotContain("\"description\"");
    Set<String> sent = names(request.path("properties").path("step").path("properties"));
    Set<String> taught = names(SCHEMA.path("properties").path("step").path("properties"));
    taught.removeAll(DecisionSchema.NOT_TAUGHT);
    assertThat(sent).isEqualTo(taught);
    assertThat(names(request.path("properties"))).isEqualTo(names(SCHEMA.path("properties")));
    // the studio's checks, not the sent schema, decide what a decision may hold: a field not taught is still accepted
    assertThat(StepWriter.DECISION_FIELDS).containsAll(DecisionSchema.NOT_TAUGHT);
  }

  @Test
  void everyExampleDecisionInTheDocsAndThePromptsIsAccepted() throws IOException {
    List<String> texts = new ArrayList<>();
    try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
      for (Path p : docs.filter(p -> p.toString().endsWith(".md")).toList()) texts.add(Files.readString(p));
    }
    texts.add(Files.readString(Path.of("README.md")));
    texts.add(resource("/prompts/system.txt"));
    texts.add(resource("/prompts/step-types.txt"));
    List<JsonNode> examples = new ArrayList<>();
    for (String t : texts) examples.addAll(decisionsIn(t).stream().filter(DecisionSchemaTest::wellFormed).toList());
    assertThat(examples).hasSizeGreaterThanOrEqualTo(10);
    for (JsonNode d : examples) assertThat(SchemaCheck.errors(SCHEMA, d)).as("schema check of %s", d).isEmpty();
  }

  @Test
  void everyWellFormedDecisionTheTestsWriteIsAccepted() throws IOException {
    List<JsonNode> examples = new ArrayList<>();
    try (Stream<Path> sources = Files.walk(Path.of("src/test/java"))) {
      for (Path p : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = JAVA_STRING.matcher(Files.readString(p));
        while (m.find()) {
          String literal = unescape(m.group(1));
          if (OPENINGS.stream().noneMatch(o -> literal.replace(" ", "").startsWith(o))) continue;
          JsonNode d = tryJson(literal);
          if (d != null && wellFormed(d)) examples.add(d);
        }
      }
    }
    assertThat(examples).hasSizeGreaterThanOrEqualTo(40);
    for (JsonNode d : examples) assertThat(SchemaCheck.errors(SCHEMA, d)).as("schema check of %s", d).isEmpty();
  }

  @Test
  void whatTheParserRefusesTheSchemaRefusesToo() throws IOException {
    for (String bad : List.of("{\"reasoning\": \"x\", \"step\": {\"type\": \"click\", \"selector\": \"#go\"}}",
        "{\"reasoning\": \"x\", \"step\": {\"type\": \"hover\", \"ref\": \"e1\"}}",
        "{\"reasoning\": \"x\", \"done\": \"yes\"}",
        "{\"reasoning\": \"x\", \"next\": {\"type\": \"click\"}}",
        "{\"reasoning\": \"x\", \"step\": {\"ref\": \"e1\"}}")) {
      assertThat(SchemaCheck.errors(SCHEMA, Json.mapper().readTree(bad))).as(bad).isNotEmpty();
    }
  }

  /** Parsed, with a known step type and only the fields a decision's step may carry: what the engine reads. */
  private static boolean wellFormed(JsonNode d) {
    try {
      var decision = DecisionParser.parse(d.toString());
      ObjectNode step = decision.step();
      if (step == null) return true;
      if (!StepTypes.known(step.path("type").asText(null))) return false;
      return StepWriter.DECISION_FIELDS.containsAll(names(step));
    } catch (DecisionException e) {
      return false;
    }
  }

  /** Every JSON object in a text that opens like a decision and parses as one. */
  static List<JsonNode> decisionsIn(String text) {
    List<JsonNode> out = new ArrayList<>();
    for (int i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
      String rest = text.substring(i).replaceFirst("^\\{\\s+", "{");
      if (OPENINGS.stream().noneMatch(rest::startsWith)) continue;
      String obj = balanced(text, i);
      JsonNode d = obj == null ? null : tryJson(obj);
      if (d != null && d.isObject()) out.add(d);
    }
    return out;
  }

  private static String balanced(String s, int start) {
    int depth = 0;
    boolean inString = false;
    boolean escaped = false;
    for (int i = start; i < s.length(); i++) {
      char c = s.charAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c == '\\') escaped = true;
        else if (c == '"') inString = false;
      } else if (c == '"') {
        inString = true;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return s.substring(start, i + 1);
      }
    }
    return null;
  }

  private static JsonNode tryJson(String s) {
    try {
      JsonNode n = Json.mapper().readTree(s);
      return n != null && n.isObject() ? n : null;
    } catch (IOException e) {
      return null;
    }
  }

  private static String unescape(String s) {
    return s.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\");
  }

  private static Set<String> names(JsonNode object) {
    Set<String> out = new HashSet<>();
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) out.add(it.next());
    return out;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = DecisionSchemaTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}

package dev.waymark.travel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A JSON document read into a tree with the line of every value by JSON pointer, so a problem can say where it is. */
record JsonLines(JsonNode tree, Map<String, Integer> lines) {

  int line(String pointer) {
    return lines.getOrDefault(pointer, 0);
  }

  /** Reads {@code json} with the shared limits of {@link Json}; unreadable JSON is one problem with its line. */
  static JsonLines read(String json) throws WorkflowLoadException {
    Map<String, Integer> lines = new HashMap<>();
    try (JsonParser p = Json.mapper().getFactory().createParser(json)) {
      if (p.nextToken() == null) throw problem(1, "the file is empty");
      JsonNode tree = value(p, "", lines);
      if (p.nextToken() != null) throw problem(p.currentLocation().getLineNr(), "there is more after the flow's closing }");
      return new JsonLines(tree, lines);
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      String msg = e.getOriginalMessage();
      throw problem(line, "not readable as JSON: " + (msg == null ? "" : msg.lines().findFirst().orElse("")));
    } catch (IOException e) {
      throw problem(0, "not readable as JSON: " + e.getMessage());
    }
  }

  static WorkflowLoadException problem(int line, String message) {
    return new WorkflowLoadException(List.of(new WorkflowProblem(line, "", message)));
  }

  private static JsonNode value(JsonParser p, String pointer, Map<String, Integer> lines) throws IOException {
    lines.put(pointer, p.currentTokenLocation().getLineNr());
    JsonNodeFactory f = JsonNodeFactory.instance;
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      ObjectNode o = f.objectNode();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        o.set(name, value(p, pointer + "/" + name.replace("~", "~0").replace("/", "~1"), lines));
      }
      return o;
    }
    if (t == JsonToken.START_ARRAY) {
      ArrayNode a = f.arrayNode();
      int i = 0;
      while (p.nextToken() != JsonToken.END_ARRAY) a.add(value(p, pointer + "/" + i++, lines));
      return a;
    }
    return Json.mapper().readTree(p);
  }
}

package dev.waymark.decide;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Checks a JSON value against the part of JSON Schema the decision schema uses (type, enum, properties, required,
 * additionalProperties, items, anyOf), so a test can hold examples to it without a schema library.
 */
final class SchemaCheck {
  private SchemaCheck() {}

  static List<String> errors(JsonNode schema, JsonNode value) {
    List<String> out = new ArrayList<>();
    check(schema, value, "$", out);
    return out;
  }

  private static void check(JsonNode schema, JsonNode value, String at, List<String> out) {
    if (schema == null || schema.isMissingNode() || schema.isEmpty()) return;
    for (String k : List.of("$ref", "oneOf", "allOf", "not", "const", "pattern", "minimum", "maximum")) {
      if (schema.has(k)) throw new IllegalArgumentException("SchemaCheck does not know " + k + " (at " + at + ")");
    }
    if (schema.has("type") && !typeMatches(schema.get("type"), value)) {
      out.add(at + ": expected " + schema.get("type") + " but was " + value.getNodeType());
      return;
    }
    if (schema.has("enum")) {
      boolean found = false;
      for (JsonNode e : schema.get("enum")) found |= e.equals(value);
      if (!found) out.add(at + ": " + value + " is not one of " + schema.get("enum"));
    }
    if (schema.has("anyOf")) {
      boolean any = false;
      for (JsonNode alt : schema.get("anyOf")) any |= errors(alt, value).isEmpty();
      if (!any) out.add(at + ": matches none of anyOf");
    }
    if (value.isObject()) {
      JsonNode props = schema.path("properties");
      for (JsonNode r : schema.path("required")) {
        if (!value.has(r.asText())) out.add(at + ": lacks required " + r.asText());
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        if (props.has(f.getKey())) {
          check(props.get(f.getKey()), f.getValue(), at + "." + f.getKey(), out);
        } else if (schema.has("additionalProperties")) {
          JsonNode extra = schema.get("additionalProperties");
          if (extra.isBoolean() && !extra.asBoolean()) out.add(at + ": field " + f.getKey() + " is not allowed");
          else if (extra.isObject()) check(extra, f.getValue(), at + "." + f.getKey(), out);
        }
      }
    }
    if (value.isArray() && schema.has("items")) {
      int i = 0;
      for (JsonNode item : value) check(schema.get("items"), item, at + "[" + i++ + "]", out);
    }
  }

  private static boolean typeMatches(JsonNode type, JsonNode v) {
    if (type.isArray()) {
      for (JsonNode t : type) if (typeMatches(t, v)) return true;
      return false;
    }
    return switch (type.asText()) {
      case "string" -> v.isTextual();
      case "boolean" -> v.isBoolean();
      case "integer" -> v.isIntegralNumber();
      case "number" -> v.isNumber();
      case "object" -> v.isObject();
      case "array" -> v.isArray();
      case "null" -> v.isNull();
      default -> throw new IllegalArgumentException("unknown type " + type);
    };
  }
}

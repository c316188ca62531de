package dev.waymark.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code {{ name }}} placeholders of workflow text, and their substitution. */
public final class Tokens {
  /** What a variable (or a stored slot) may be called: a letter or _, then letters, digits, _ . or -. */
  public static final String NAME = "[A-Za-z_][A-Za-z0-9_.-]*";
  private static final Pattern NAME_PATTERN = Pattern.compile(NAME);
  public static final Pattern TOKEN = Pattern.compile("\\{\\{\\s*(" + NAME + ")\\s*}}");

  private Tokens() {}

  /** True when {@code name} can be a variable's name. */
  public static boolean isName(String name) {
    return name != null && NAME_PATTERN.matcher(name).matches();
  }

  /** Names used in one string, in order of first use. */
  public static Set<String> names(String text) {
    Set<String> out = new LinkedHashSet<>();
    if (text == null) return out;
    Matcher m = TOKEN.matcher(text);
    while (m.find()) out.add(m.group(1));
    return out;
  }

  /** Names used anywhere in a step: every string field, nested ones included. */
  public static Set<String> names(Step step) {
    Set<String> out = new LinkedHashSet<>();
    collect(Json.mapper().valueToTree(withoutProvenance(step)), out);
    return out;
  }

  private static Step withoutProvenance(Step step) {
    // Reasoning is prose about the step, not part of what replays.
    return step.provenance() == null ? step : step.withProvenance(null);
  }

  private static void collect(JsonNode node, Set<String> out) {
    if (node == null) return;
    if (node.isTextual()) {
      out.addAll(names(node.asText()));
    } else if (node.isContainerNode()) {
      node.forEach(child -> collect(child, out));
      if (node.isObject()) node.fieldNames().forEachRemaining(name -> out.addAll(names(name)));
    }
  }

  /** Replaces each token whose name has a value; unknown tokens stay as written. */
  public static String substitute(String text, Map<String, String> values) {
    if (text == null) return null;
    Matcher m = TOKEN.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String v = values.get(m.group(1));
      m.appendReplacement(sb, Matcher.quoteReplacement(v != null ? v : m.group()));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  public static String token(String name) {
    return "{{ " + name + " }}";
  }
}

package dev.waymark.agent;

import java.util.Map;

/**
 * What one tool call answers: the text an agent reads (what happened, the generation, the page in compact form),
 * the same facts as structured fields, and whether the call is an error (nothing happened, or not what was asked).
 * It never holds a variable's value: every string in it comes from masked session outputs.
 */
public record TaskReply(boolean error, String text, Map<String, Object> structured) {
  public TaskReply {
    structured = structured == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(structured));
  }

  public static TaskReply failure(String text) {
    return new TaskReply(true, text, Map.of("error", text));
  }
}

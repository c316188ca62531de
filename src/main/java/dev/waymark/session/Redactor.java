package dev.waymark.session;

import dev.waymark.apply.SecretMask;
import dev.waymark.workflow.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The last guard before any session text reaches a file: replaces every real value, raw or JSON-escaped, by
 * its token. The engine already masks what it produces; this also covers page text the extension sent back.
 */
final class Redactor {
  private final SecretMask raw;
  private final SecretMask escaped;

  Redactor(Map<String, String> values) {
    raw = new SecretMask(values);
    Map<String, String> esc = new LinkedHashMap<>();
    values.forEach((k, v) -> {
      if (v == null) return;
      String quoted = Json.write(v);
      esc.put(k, quoted.substring(1, quoted.length() - 1));
    });
    escaped = new SecretMask(esc);
  }

  String redact(String text) {
    return escaped.mask(raw.mask(text));
  }

  /** Whether a text still holds a value, for tests and a final assertion before writing. */
  boolean leaks(String text) {
    return raw.leakedName(text) != null || escaped.leakedName(text) != null;
  }
}

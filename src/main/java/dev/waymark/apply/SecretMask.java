package dev.waymark.apply;

import dev.waymark.workflow.Tokens;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Replaces every real value in a text by its {@code {{ token }}}. Longest values first, so a value that
 * contains another is masked whole. Values of one character are left alone: masking them would mangle all text
 * while protecting nothing.
 */
public final class SecretMask {
  public static final int MIN_MASKED_LENGTH = 2;
  private static final SecretMask NONE = new SecretMask(Map.of());

  private final List<Map.Entry<String, String>> byLength;

  public SecretMask(Map<String, String> values) {
    List<Map.Entry<String, String>> entries = new ArrayList<>();
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getValue() != null && e.getValue().length() >= MIN_MASKED_LENGTH) entries.add(Map.entry(e.getKey(), e.getValue()));
    }
    entries.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getValue().length()).reversed());
    this.byLength = List.copyOf(entries);
  }

  public static SecretMask none() {
    return NONE;
  }

  public String mask(String text) {
    if (text == null || byLength.isEmpty()) return text;
    String out = text;
    for (Map.Entry<String, String> e : byLength) {
      if (out.contains(e.getValue())) out = out.replace(e.getValue(), Tokens.token(e.getKey()));
    }
    return out;
  }

  /** The name of the first variable whose real value appears in the text, or null. */
  public String leakedName(String text) {
    if (text == null) return null;
    for (Map.Entry<String, String> e : byLength) {
      if (text.contains(e.getValue())) return e.getKey();
    }
    return null;
  }

  public boolean isEmpty() {
    return byLength.isEmpty();
  }
}

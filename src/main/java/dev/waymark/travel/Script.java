package dev.waymark.travel;

/** Text that goes into generated JavaScript/TypeScript: string literals and one-line comments that cannot break out. */
final class Script {
  private Script() {}

  /** A single-quoted JS string literal holding exactly {@code s}. */
  static String str(String s) {
    if (s == null) return "undefined";
    StringBuilder b = new StringBuilder(s.length() + 2).append('\'');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\'' -> b.append("\\'");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          // Line separators end a line in older parsers, control characters are unreadable in an editor.
          if (c < 0x20 || c == 0x2028 || c == 0x2029 || c == 0x7f) b.append(String.format("\\u%04x", (int) c));
          else b.append(c);
        }
      }
    }
    return b.append('\'').toString();
  }

  /** Text for a {@code //} comment: one line, whatever the workflow's labels hold. */
  static String comment(String s) {
    if (s == null) return "";
    return s.replaceAll("[\\r\\n\\u2028\\u2029]+", " ").strip();
  }

  /** {@code name} as a JS identifier or, when it is not one, as a quoted property name. */
  static String prop(String name) {
    return name.matches("[A-Za-z_$][A-Za-z0-9_$]*") ? name : str(name);
  }
}

package dev.waymark.risk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The word groups of the rule gate, read from {@code /risk/vocabulary.txt}: each group is a list of phrases in
 * several languages, matched on whole words of normalized text (lower case, hyphens and underscores as spaces,
 * curly apostrophes straight). A trailing {@code *} matches any ending; a phrase in a script written without
 * spaces matches anywhere.
 */
final class Vocabulary {
  private final Map<String, Group> groups;

  private Vocabulary(Map<String, Group> groups) {
    this.groups = groups;
  }

  static Vocabulary load() {
    try (InputStream in = Vocabulary.class.getResourceAsStream("/risk/vocabulary.txt")) {
      if (in == null) throw new IllegalStateException("/risk/vocabulary.txt is missing from the classpath");
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Vocabulary parse(String text) {
    Map<String, List<String>> raw = new LinkedHashMap<>();
    List<String> current = null;
    for (String line : text.split("\n")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) continue;
      if (l.startsWith("[") && l.endsWith("]")) {
        current = raw.computeIfAbsent(l.substring(1, l.length() - 1), k -> new ArrayList<>());
      } else if (current != null) {
        current.add(l);
      }
    }
    Map<String, Group> out = new LinkedHashMap<>();
    raw.forEach((name, phrases) -> out.put(name, new Group(name, phrases)));
    return new Vocabulary(out);
  }

  Group group(String name) {
    Group g = groups.get(name);
    if (g == null) throw new IllegalStateException("vocabulary group [" + name + "] is missing");
    return g;
  }

  static String normalize(String s) {
    if (s == null) return "";
    String n = Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT)
        .replace('’', '\'').replace('‘', '\'').replace('‐', ' ').replace('–', ' ');
    return n.replaceAll("[-_]+", " ").replaceAll("\\s+", " ").strip();
  }

  /** One word group, compiled into a single pattern. */
  static final class Group {
    final String name;
    private final Pattern pattern;
    private final Pattern whole;

    Group(String name, List<String> phrases) {
      this.name = name;
      StringBuilder alt = new StringBuilder();
      StringBuilder all = new StringBuilder();
      for (String p : phrases) {
        String n = normalize(p);
        boolean prefix = n.endsWith("*");
        if (prefix) n = n.substring(0, n.length() - 1).strip();
        if (n.isEmpty()) continue;
        boolean spaceless = n.codePoints().anyMatch(Group::spacelessScript);
        boolean symbol = n.codePoints().noneMatch(Character::isLetterOrDigit);
        String q = Pattern.quote(n).replace(" ", "\\E\\s+\\Q");
        if (all.length() > 0) all.append('|');
        all.append(q).append(prefix ? "[\\p{L}\\p{N}]*" : "");
        if (alt.length() > 0) alt.append('|');
        if (spaceless || symbol) {
          alt.append(q);
        } else {
          // Word edges only where the phrase itself starts or ends with a letter or digit ("/mo" follows "9").
          if (Character.isLetterOrDigit(n.codePointAt(0))) alt.append("(?<![\\p{L}\\p{N}])");
          alt.append(q);
          if (prefix) alt.append("[\\p{L}\\p{N}]*");
          else if (Character.isLetterOrDigit(n.codePointBefore(n.length()))) alt.append("(?![\\p{L}\\p{N}])");
        }
      }
      this.pattern = Pattern.compile(alt.length() == 0 ? "(?!)" : alt.toString());
      this.whole = Pattern.compile(all.length() == 0 ? "(?!)" : "(?:" + all + ")");
    }

    private static boolean spacelessScript(int cp) {
      Character.UnicodeScript s = Character.UnicodeScript.of(cp);
      return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
          || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.THAI;
    }

    /** The first phrase of this group found in the text, as it appears there, or null. */
    String find(String text) {
      if (text == null || text.isEmpty()) return null;
      Matcher m = pattern.matcher(normalize(text));
      return m.find() ? m.group() : null;
    }

    boolean in(String text) {
      return find(text) != null;
    }

    /** Whether the whole text, leaving out punctuation and symbols around it, is one phrase of this group. */
    boolean isWhole(String text) {
      if (text == null) return false;
      String n = normalize(text).replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
      return !n.isEmpty() && whole.matcher(n).matches();
    }
  }
}

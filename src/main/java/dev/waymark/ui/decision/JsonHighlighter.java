package dev.waymark.ui.decision;

import dev.waymark.ui.common.Styles;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Computes JSON highlighting as style spans: keys, strings, numbers, literals, punctuation, and an error range
 * when one is known. Pure, so it runs off the FX thread and the editor applies the result in one go.
 */
public final class JsonHighlighter {
  private static final Pattern TOKENS = Pattern.compile(
      "(?<KEY>\"(?:[^\"\\\\]|\\\\.)*\"(?=\\s*:))"
          + "|(?<STRING>\"(?:[^\"\\\\]|\\\\.)*\"?)"
          + "|(?<NUMBER>-?\\b\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?\\b)"
          + "|(?<LITERAL>\\b(?:true|false|null)\\b)"
          + "|(?<PUNCT>[{}\\[\\]:,])");

  private JsonHighlighter() {}

  /** Spans for the text; characters from {@code errorStart} (inclusive) to {@code errorEnd} also get the error style. */
  public static StyleSpans<Collection<String>> spans(String text, int errorStart, int errorEnd) {
    StyleSpansBuilder<Collection<String>> b = new StyleSpansBuilder<>();
    Matcher m = TOKENS.matcher(text);
    int last = 0;
    boolean any = false;
    while (m.find()) {
      String cls = m.group("KEY") != null ? Styles.JSON_KEY
          : m.group("STRING") != null ? Styles.JSON_STRING
          : m.group("NUMBER") != null ? Styles.JSON_NUMBER
          : m.group("LITERAL") != null ? Styles.JSON_LITERAL : Styles.JSON_PUNCT;
      any |= add(b, text, last, m.start(), null, errorStart, errorEnd);
      any |= add(b, text, m.start(), m.end(), cls, errorStart, errorEnd);
      last = m.end();
    }
    any |= add(b, text, last, text.length(), null, errorStart, errorEnd);
    if (!any) b.add(List.of(), 0);
    return b.create();
  }

  /** Adds [from, to) with a class, split where the error range begins and ends. */
  private static boolean add(StyleSpansBuilder<Collection<String>> b, String text, int from, int to, String cls,
      int errorStart, int errorEnd) {
    if (to <= from) return false;
    int[] cuts = {from, clamp(errorStart, from, to), clamp(errorEnd, from, to), to};
    for (int i = 0; i < 3; i++) {
      int a = cuts[i], z = cuts[i + 1];
      if (z <= a) continue;
      boolean err = errorStart >= 0 && a >= errorStart && z <= errorEnd;
      if (cls == null && !err) b.add(List.of(), z - a);
      else if (cls == null) b.add(List.of(Styles.JSON_ERROR), z - a);
      else if (!err) b.add(List.of(cls), z - a);
      else b.add(List.of(cls, Styles.JSON_ERROR), z - a);
    }
    return true;
  }

  private static int clamp(int v, int lo, int hi) {
    return Math.max(lo, Math.min(hi, v));
  }
}

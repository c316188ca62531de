package dev.waymark.scale;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The table a run at scale ends with (on stderr): one row per run, then the counts by status. */
public final class ScaleSummary {
  /** Longest a cell of the table gets; the JSON lines and the report carry the whole text. */
  static final int CELL = 48;

  private ScaleSummary() {}

  /** How many runs ended with each status, passed first, only statuses that occurred. */
  public static Map<String, Integer> counts(List<RunLine> lines) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String s : List.of(RunLine.PASSED, RunLine.FAILED, RunLine.UNCERTAIN, RunLine.BROWSER_LOST,
        RunLine.START_NOT_REACHED, RunLine.NO_SESSION, RunLine.STOPPED, RunLine.ERROR)) {
      long n = lines.stream().filter(l -> s.equals(l.status())).count();
      if (n > 0) counts.put(s, (int) n);
    }
    return counts;
  }

  /** The table's lines. */
  public static List<String> table(List<RunLine> lines) {
    String[] head = {"run", "workflow", "row", "status", "time", "tries", "stopped at", "error"};
    List<String[]> rows = new java.util.ArrayList<>();
    rows.add(head);
    for (RunLine l : lines) {
      rows.add(new String[] {String.valueOf(l.run()), cut(l.file()), l.row() == null ? "-" : String.valueOf(l.row()),
          l.status(), String.format(Locale.ROOT, "%.1fs", l.timeMs() / 1000.0), String.valueOf(l.attempts()),
          l.failedStep() == null ? "-" : cut(l.failedStep()), l.error() == null ? "" : cut(l.error())});
    }
    int[] width = new int[head.length];
    for (String[] r : rows) for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
    List<String> out = new java.util.ArrayList<>();
    for (String[] r : rows) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        if (i > 0) b.append("  ");
        b.append(i == r.length - 1 ? r[i] : pad(r[i], width[i]));
      }
      out.add(b.toString().stripTrailing());
    }
    StringBuilder total = new StringBuilder(lines.size() + (lines.size() == 1 ? " run: " : " runs: "));
    counts(lines).forEach((k, v) -> total.append(v).append(' ').append(k).append(", "));
    out.add(total.substring(0, total.length() - 2));
    return out;
  }

  /** "4 done (3 passed), 2 running, 0 queued of 6 · 5.2 runs/min". */
  public static String progress(ScaleRunner.Counts c) {
    return String.format(Locale.ROOT, "%d done (%d passed), %d running, %d queued of %d · %.1f runs/min",
        c.done(), c.passed(), c.running(), c.queued(), c.total(), c.perMinute());
  }

  private static String cut(String s) {
    String one = s == null ? "" : s.replaceAll("\\s+", " ");
    return one.length() <= CELL ? one : one.substring(0, CELL - 1) + "…";
  }

  private static String pad(String s, int w) {
    return s.length() >= w ? s : s + " ".repeat(w - s.length());
  }
}

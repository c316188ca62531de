package dev.waymark.scale;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.waymark.apply.SecretMask;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReportFiles;
import dev.waymark.replay.RunReport;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code run --report DIR} over many runs: one folder per run ({@code 001-WORKFLOW[-row-N]}) with the single run's
 * report.json, report.html and screenshots, and beside them index.json (every run's line and the counts) and a
 * self-contained index.html that links each run's report.
 */
public final class ScaleReport implements ScaleRunner.ReportSink {
  /** index.json. */
  @JsonPropertyOrder({"ok", "runs_total", "counts", "time_ms", "parallel", "runs"})
  public record Index(
      @JsonProperty("ok") boolean ok,
      @JsonProperty("runs_total") int runsTotal,
      @JsonProperty("counts") Map<String, Integer> counts,
      @JsonProperty("time_ms") long timeMs,
      @JsonProperty("parallel") int parallel,
      @JsonProperty("runs") List<RunLine> runs) {}

  private final Path dir;
  private final SecretMask mask;

  /** {@code secrets}: the values file's entries, masked again in every written file as a guard. */
  public ScaleReport(Path dir, Map<String, String> secrets) {
    this.dir = dir;
    this.mask = new SecretMask(secrets);
  }

  public Path dir() {
    return dir;
  }

  /** The folder name of a run: its number, its workflow's id (file-safe), and its row. */
  static String folderOf(RunPlan.Planned p) {
    String id = p.source().workflow().id() == null ? "workflow" : p.source().workflow().id();
    String safe = id.replaceAll("[^A-Za-z0-9_.-]", "_");
    if (safe.length() > 40) safe = safe.substring(0, 40);
    return String.format(Locale.ROOT, "%03d-%s", p.number(), safe) + (p.row() == null ? "" : "-row-" + p.row().number());
  }

  @Override
  public String write(RunPlan.Planned run, RunReport report, ReplayResult result) throws IOException {
    String folder = folderOf(run);
    ReportFiles.write(dir.resolve(folder), report, result, run.source().fileName(), run.source().text(), mask);
    return folder;
  }

  /** Writes index.json and index.html; the lines come in plan order. */
  public void writeIndex(List<RunLine> lines, long timeMs, int parallel) throws IOException {
    Files.createDirectories(dir);
    Map<String, Integer> counts = ScaleSummary.counts(lines);
    boolean ok = !lines.isEmpty() && lines.stream().allMatch(RunLine::ok);
    Index index = new Index(ok, lines.size(), counts, timeMs, parallel, lines);
    String json = mask.mask(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(index));
    Files.writeString(dir.resolve("index.json"), json + "\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("index.html"), mask.mask(html(index)), StandardCharsets.UTF_8);
  }

  static String html(Index index) {
    StringBuilder b = new StringBuilder(4096);
    b.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        .append("<title>Waymark runs</title>\n<style>")
        .append("body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:80rem;padding:0 1rem;color:#1d2430}")
        .append("table{border-collapse:collapse;width:100%}td,th{border:1px solid #d9dde3;padding:.25rem .5rem;text-align:left;vertical-align:top}")
        .append(".badge{border-radius:.7rem;padding:0 .55rem;font-size:.8rem;font-weight:600;color:#fff;background:#c62828}")
        .append(".passed{background:#2e7d32}.uncertain{background:#6a1b9a}.browser_lost,.no_session{background:#b26a00}")
        .append("</style>\n</head>\n<body>\n<h1>").append(index.runsTotal()).append(index.runsTotal() == 1 ? " run" : " runs")
        .append(" <span class=\"badge ").append(index.ok() ? "passed" : "failed").append("\">")
        .append(index.ok() ? "all passed" : "not all passed").append("</span></h1>\n<p id=\"counts\">");
    index.counts().forEach((k, v) -> b.append("<span class=\"badge ").append(esc(k)).append("\">").append(esc(k))
        .append("</span> ").append(v).append(" "));
    b.append(String.format(Locale.ROOT, "· %.1f s · %d at a time", index.timeMs() / 1000.0, index.parallel()))
        .append("</p>\n<table id=\"runs\">\n<tr><th>run</th><th>workflow</th><th>row</th><th>values</th><th>status</th>")
        .append("<th>time</th><th>attempts</th><th>stopped at</th><th>error</th></tr>\n");
    for (RunLine l : index.runs()) {
      b.append("<tr><td>");
      if (l.report() != null) b.append("<a href=\"").append(esc(l.report())).append("/report.html\">").append(l.run()).append("</a>");
      else b.append(l.run());
      b.append("</td><td>").append(esc(l.workflow())).append(" <small>").append(esc(l.file())).append("</small></td><td>")
          .append(l.row() == null ? "" : l.row()).append("</td><td>");
      l.values().forEach((k, v) -> b.append(esc(k)).append(" = ").append(esc(v)).append("<br>"));
      b.append("</td><td><span class=\"badge ").append(esc(l.status())).append("\">").append(esc(l.status()))
          .append("</span></td><td>").append(String.format(Locale.ROOT, "%.1f s", l.timeMs() / 1000.0)).append("</td><td>")
          .append(l.attempts()).append("</td><td>").append(esc(l.failedStep())).append("</td><td>").append(esc(l.error()))
          .append(l.retried() == null ? "" : "<br><small>" + esc(l.retried()) + "</small>").append("</td></tr>\n");
    }
    b.append("</table>\n</body>\n</html>\n");
    return b.toString();
  }

  private static String esc(String s) {
    if (s == null) return "";
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
  }
}

package dev.waymark.replay;

import dev.waymark.workflow.StepOutcome;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * Draws a {@link RunReport.Model} as one self-contained HTML page: inline style, screenshots as data URIs, no
 * script and nothing fetched. Every text that came from the page or the workflow is escaped, since a page may put
 * markup in a label, an error or extracted data.
 */
public final class ReportHtml {
  private ReportHtml() {}

  private static final String STYLE = """
      body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d2430}
      h1{font-size:1.4rem;margin:0 0 .3rem} .sub{color:#5a6270;margin:0 0 1rem}
      .counts span{display:inline-block;margin:0 .5rem .5rem 0}
      .badge{display:inline-block;border-radius:.7rem;padding:0 .55rem;font-size:.8rem;font-weight:600;color:#fff}
      .ok{background:#2e7d32}.skipped{background:#78818c}.healed{background:#b26a00}.failed{background:#c62828}.uncertain{background:#6a1b9a}
      .step{border:1px solid #d9dde3;border-radius:.4rem;margin:.6rem 0;padding:.6rem .8rem}
      .step h2{font-size:1rem;margin:0;display:flex;gap:.6rem;align-items:baseline;flex-wrap:wrap}
      .step .time{color:#5a6270;font-weight:400;margin-left:auto}
      dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .8rem;margin:.5rem 0 0}
      dt{color:#5a6270} dd{margin:0;overflow-wrap:anywhere}
      pre{background:#f4f6f8;padding:.5rem;overflow:auto;font-size:12px;margin:.4rem 0}
      img{max-width:100%;border:1px solid #d9dde3;margin-top:.5rem}
      table{border-collapse:collapse} td,th{border:1px solid #d9dde3;padding:.2rem .5rem;text-align:left;vertical-align:top}
      .error{color:#b71c1c}
      """;

  /** The page. {@code images} gives each screenshot's JPEG by file name (missing ones are left out). */
  public static String render(RunReport.Model m, Map<String, byte[]> images) {
    StringBuilder b = new StringBuilder(8192);
    b.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        // No script may run and nothing may load from elsewhere: the page holds only what the run saw.
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n")
        .append("<title>").append(esc("Run of " + name(m))).append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n");
    b.append("<h1>").append(esc(name(m))).append(" <span class=\"badge ").append(m.ok() ? "ok" : "failed").append("\">")
        .append(m.ok() ? "passed" : esc(m.outcome().replace('_', ' '))).append("</span></h1>\n");
    b.append("<p class=\"sub\">").append(esc(m.file() == null ? "" : m.file())).append(" · ")
        .append(m.browser() == null ? "" : esc(m.browser()) + " · ").append(m.stepsTotal())
        .append(m.stepsTotal() == 1 ? " step" : " steps").append(" · ").append(seconds(m.timeMs())).append("</p>\n");
    if (m.error() != null) b.append("<p class=\"error\" id=\"run-error\">").append(esc(m.error())).append("</p>\n");
    b.append("<p class=\"counts\">");
    m.counts().forEach((k, v) -> b.append("<span><span class=\"badge ").append(esc(k)).append("\">").append(esc(k))
        .append("</span> ").append(v).append("</span>"));
    b.append("</p>\n");
    for (RunReport.Entry e : m.steps()) step(b, e, images);
    if (!m.stored().isEmpty()) {
      b.append("<h2>Stored data</h2>\n<table id=\"stored\"><tr><th>slot</th><th>value</th></tr>\n");
      m.stored().forEach((k, v) -> b.append("<tr><td>").append(esc(k)).append("</td><td><pre>").append(esc(v))
          .append("</pre></td></tr>\n"));
      b.append("</table>\n");
    }
    if (m.healsDiff() != null) {
      b.append("<h2>Heals to review</h2>\n<p>Apply with <code>git apply</code> or <code>patch -p1</code> after review, or "
          + "run again with <code>--accept-heals</code>.</p>\n<pre id=\"heals-diff\">").append(esc(m.healsDiff())).append("</pre>\n");
    }
    b.append("</body>\n</html>\n");
    return b.toString();
  }

  private static void step(StringBuilder b, RunReport.Entry e, Map<String, byte[]> images) {
    b.append("<section class=\"step\" id=\"step-").append(e.n()).append("\">\n<h2><span>").append(e.n()).append(".</span> ")
        .append("<span class=\"badge ").append(esc(e.status())).append("\">").append(esc(e.status())).append("</span> ")
        .append("<span>").append(esc(e.type())).append(e.label() == null || e.label().isBlank() ? "" : " · " + esc(e.label()))
        .append("</span> <code>").append(esc(e.stepId())).append("</code>")
        .append(e.rewind() ? " <span>(rewind)</span>" : "").append(e.optional() ? " <span>(optional)</span>" : "")
        .append("<span class=\"time\">").append(e.timeMs()).append(" ms</span></h2>\n<dl>\n");
    row(b, "error", e.error(), "error");
    row(b, "data", e.data(), null);
    row(b, "url", e.url(), null);
    row(b, "effect", e.effect(), null);
    StepOutcome.Heal h = e.healed();
    if (h != null) {
      row(b, "healed", (h.reason() == null ? "the selector no longer led to its element" : h.reason())
          + (h.element() == null ? "" : "; acted on " + h.element()), null);
      row(b, "selector", (h.from() == null ? "(none)" : h.from().describe()) + "  →  " + (h.to() == null ? "" : h.to().describe()), null);
      row(b, "score", String.format(Locale.ROOT, "%.2f", h.score())
          + (h.runnerUp() == null ? "" : String.format(Locale.ROOT, " (next best %.2f)", h.runnerUp())), null);
    }
    if (e.screenshotError() != null) row(b, "screenshot", "none: " + e.screenshotError(), null);
    b.append("</dl>\n");
    if (e.healDiff() != null) b.append("<pre class=\"diff\">").append(esc(e.healDiff())).append("</pre>\n");
    byte[] jpeg = e.screenshot() == null ? null : images.get(e.screenshot());
    if (jpeg != null) {
      b.append("<img alt=\"").append(esc("the page after step " + e.stepId())).append("\" src=\"data:image/jpeg;base64,")
          .append(Base64.getEncoder().encodeToString(jpeg)).append("\">\n");
    }
    b.append("</section>\n");
  }

  private static void row(StringBuilder b, String name, String value, String cls) {
    if (value == null || value.isEmpty()) return;
    b.append("<dt>").append(name).append("</dt><dd").append(cls == null ? "" : " class=\"" + cls + "\"").append('>')
        .append(esc(value)).append("</dd>\n");
  }

  private static String name(RunReport.Model m) {
    return m.workflowName() != null && !m.workflowName().isBlank() ? m.workflowName() : m.workflowId() == null ? "workflow" : m.workflowId();
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  /** Text as HTML text or attribute value: every character with a meaning in markup becomes an entity. */
  static String esc(String s) {
    if (s == null) return "";
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> {
          // Control characters other than tab and newlines have no business in a page.
          if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') b.append(' ');
          else b.append(c);
        }
      }
    }
    return b.toString();
  }
}

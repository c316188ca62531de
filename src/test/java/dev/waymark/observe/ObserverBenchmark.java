package dev.waymark.observe;

import dev.waymark.testing.BenchmarkTarget;
import dev.waymark.testing.RealBrowser;
import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Prints what observing costs on generated pages of 100, 1,000 and 10,000 controls: time in the page, JSON
 * size, compact size and estimated tokens, and the compact form against an ARIA-snapshot baseline of the same
 * page. Two settings: the defaults the studio uses (node cap, repeats collapsed) and "all", every control kept
 * with a ref. Targets, printed with a verdict (-Pbench): 1,000 controls under 100 ms, 10,000 under 1 s,
 * compact at most a third of the baseline's tokens.
 */
@RealBrowser
class ObserverBenchmark {
  @RegisterExtension
  static ObserverBrowser browser = new ObserverBrowser();

  /** A shop-like page: navigation, product tiles, an orders table and a long form, about n controls. */
  static String generate(int n) {
    StringBuilder b = new StringBuilder("<!doctype html><html lang=en><head><meta charset=utf-8><title>Generated ")
        .append(n).append("</title></head><body><header><nav aria-label=Primary><ul>");
    int nav = Math.max(3, n / 20);
    for (int i = 0; i < nav; i++) b.append("<li><a href=\"/c/").append(i).append("\">Category ").append(i).append("</a></li>");
    b.append("</ul></nav></header><main><h1>Catalogue</h1><section aria-label=Products><h2>Products</h2><div class=grid>");
    int tiles = n * 2 / 10;
    for (int i = 0; i < tiles; i++) {
      b.append("<div class=tile><img src=\"/img/").append(i).append(".png\" alt=\"\"><h3 class=title><a href=\"/p/").append(i)
          .append("\">Product ").append(i).append("</a></h3><span class=price>$").append(10 + i % 90).append(".99</span>")
          .append("<p class=desc>Sturdy item number ").append(i).append(" with a short description.</p>")
          // a run inside every tile (rating stars): nested runs must not cost per pair of tiles
          .append("<span class=stars aria-label=\"").append(1 + i % 5).append(" of 5\">")
          .append("<i class=star>★</i>".repeat(5)).append("</span>")
          .append("<button class=add>Add to cart</button></div>");
    }
    b.append("</div></section><h2>Orders</h2><table><thead><tr><th>Select</th><th>Order</th><th>Date</th><th>Total</th><th>Action</th></tr></thead><tbody>");
    int rows = n * 15 / 100;
    for (int i = 0; i < rows; i++) {
      b.append("<tr><td><input type=checkbox aria-label=\"Select order ").append(i).append("\"></td><td>A-").append(1000 + i)
          .append("</td><td>2026-01-").append(10 + i % 18).append("</td><td>").append(i * 3 % 500).append(".00 EUR</td>")
          .append("<td><button>Edit</button></td></tr>");
    }
    b.append("</tbody></table><h2>Profile</h2><form>");
    int fields = n - nav - tiles * 2 - rows * 2;
    for (int i = 0; i < fields; i++) {
      switch (i % 4) {
        case 0: b.append("<p><label for=f").append(i).append(">Field ").append(i).append("</label><input id=f").append(i).append(" name=f").append(i).append("></p>"); break;
        case 1: b.append("<p><label>Choice ").append(i).append(" <select name=s").append(i).append("><option>One</option><option>Two</option><option>Three</option></select></label></p>"); break;
        case 2: b.append("<p><label><input type=checkbox name=c").append(i).append("> Option ").append(i).append("</label></p>"); break;
        default: b.append("<p><textarea name=t").append(i).append(" placeholder=\"Note ").append(i).append("\"></textarea></p>"); break;
      }
    }
    b.append("<button type=submit>Save profile</button></form></main><footer><a href=/terms>Terms</a></footer></body></html>");
    return b.toString();
  }

  static final String MEASURE = """
      (() => {
        const opts = %s;
        const times = [];
        let o;
        let firstTiming;
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          o = globalThis.__waymark.observePage(opts);
          times.push(performance.now() - t);
          if (i === 0) firstTiming = o._timing;
        }
        const warm = times.slice(2).sort((a, b) => a - b);
        const json = JSON.stringify(o);
        return JSON.stringify({ first: times[0], median: warm[1], min: Math.min(...times), candidates: o._timing.candidates,
          elements: o._timing.elements, json, timing: firstTiming });
      })()
      """;

  @Test
  void printsObserveCostAndCompactSize() throws Exception {
    List<String> rows = new ArrayList<>();
    List<BenchmarkTarget> targets = new ArrayList<>();
    rows.add(String.format(Locale.ROOT, "%-7s %-8s %8s %9s %9s %7s %7s %10s %10s %9s %11s %7s",
        "controls", "setting", "elements", "first ms", "median ms", "min ms", "nodes", "JSON chars", "compact ch", "compact t",
        "baseline t", "ratio"));
    for (int n : new int[] {100, 1_000, 10_000}) {
      browser.pages().put("gen-" + n + ".html", generate(n));
      if (System.getenv("WAYMARK_DUMP") != null) {
        java.nio.file.Files.writeString(java.nio.file.Path.of(System.getenv("WAYMARK_DUMP"), "gen-" + n + ".html"), generate(n));
      }
      browser.chromium().open(browser.pages().url("gen-" + n + ".html"));
      Thread.sleep(500); // let the page finish its own work (image requests, layout) before timing ours
      String baseline = AriaSnapshotBaseline.render(browser.chromium());
      int baseTokens = CompactObservation.estimateTokens(baseline);
      String[][] settings = new String[][] {{"default", "{profile: " + "1".equals(System.getenv("WAYMARK_PROFILE")) + "}"}, {"all", "{max_nodes: 1e9, similar_keep: 1e9, profile: " + "1".equals(System.getenv("WAYMARK_PROFILE")) + "}"}};
      if ("1".equals(System.getenv("WAYMARK_ALL_FIRST"))) settings = new String[][] {settings[1], settings[0]};
      for (String[] setting : settings) {
        JsonNode r = browser.chromium().evalJson(String.format(MEASURE, setting[1]));
        String json = r.get("json").asText();
        PageObservation o = Json.read(json, PageObservation.class);
        String compact = CompactObservation.render(o);
        CompactObservation.Size size = CompactObservation.size(o, json, compact);
        if (System.getenv("WAYMARK_DUMP") != null) {
          java.nio.file.Files.writeString(java.nio.file.Path.of(System.getenv("WAYMARK_DUMP"), "gen-" + n + "-" + setting[0] + ".txt"), compact);
          java.nio.file.Files.writeString(java.nio.file.Path.of(System.getenv("WAYMARK_DUMP"), "gen-" + n + "-aria.txt"), baseline);
        }
        if ("1".equals(System.getenv("WAYMARK_PROFILE"))) System.out.println(n + " " + setting[0] + " " + r.get("timing"));
        rows.add(String.format(Locale.ROOT, "%-8d %-8s %8d %9.1f %9.1f %7.1f %7d %10d %10d %9d %11d %7.3f",
            n, setting[0], r.get("elements").asInt(), r.get("first").asDouble(), r.get("median").asDouble(),
            r.get("min").asDouble(), size.nodes(),
            size.jsonChars(), size.compactChars(), size.compactTokens(), baseTokens,
            size.compactTokens() / (double) baseTokens));
        if (setting[0].equals("default")) {
          if (n >= 1_000) {
            targets.add(BenchmarkTarget.atMost("observe " + n + " controls (median, in page)", r.get("median").asDouble(),
                "ms", n == 1_000 ? 100 : 1_000));
          }
          targets.add(BenchmarkTarget.atMost("compact tokens / ARIA snapshot tokens at " + n + " controls",
              size.compactTokens() / (double) baseTokens, "×", 1 / 3.0));
        }
      }
    }
    System.out.println("ObserverBenchmark (headless Chromium, observe in an isolated world; first = the first call in a"
        + " fresh world, median of calls 3-5, min of all; tokens = CompactObservation.estimateTokens; load average "
        + String.format(Locale.ROOT, "%.1f", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()) + ")");
    rows.forEach(System.out::println);
    targets.forEach(BenchmarkTarget::print);
  }
}

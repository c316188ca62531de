package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.ReplayStepResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.testing.GridHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files on the Grid driver: a download is blocked unless the step allows it, and an allowed one is fetched from the
 * node to this computer; captureUrl, capturePageFile (html, pdf), upload and eval work as on the extension. Each is
 * checked on the bytes kept here and on the page's own state.
 */
@RealBrowser
class GridCapturesChromiumTest {
  @RegisterExtension
  static GridHarness grid = GridHarness.shared();

  @TempDir
  Path dir;

  private HttpServer server;
  private final AtomicInteger reportFetches = new AtomicInteger();
  private static final String CSV = "order,total\nA-1,12.00\nA-2,40.50\n";

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/captures.html", ex -> answer(ex, "text/html; charset=utf-8", page(), null));
    server.createContext("/report.csv", ex -> {
      reportFetches.incrementAndGet();
      answer(ex, "text/csv", CSV, "attachment; filename=\"report.csv\"");
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static String page() throws IOException {
    try (InputStream in = GridCapturesChromiumTest.class.getClassLoader().getResourceAsStream("pages/grid/captures.html")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static void answer(HttpExchange ex, String type, String body, String disposition) throws IOException {
    try (ex) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", type);
      if (disposition != null) ex.getResponseHeaders().add("Content-Disposition", disposition);
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  private ReplayResult run(String steps, Map<String, String> values, Path captures) throws Exception {
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    String yaml = "id: captures\nname: Files\nvariables:\n  notes: the file to attach\nsteps:\n  - id: open\n    type: navigate\n    url: " + base + "/captures.html\n" + steps;
    try (WebDriverReplayBrowser b = new WebDriverReplayBrowser(WebDriverSessions.grid(URI.create(grid.url()), true).open(), true,
        new CaptureFolder(captures))) {
      return new WorkflowRunner(b).run(WorkflowYaml.read(yaml), WorkflowRunner.Options.of(values));
    }
  }

  private static ReplayStepResult step(ReplayResult r, String id) {
    return r.steps().stream().filter(s -> id.equals(s.stepId())).findFirst().orElseThrow(() -> new AssertionError("no " + id + " in " + r));
  }

  @Test
  void aDownloadIsBlockedUnlessTheStepAllowsItAndAnAllowedOneIsKeptHere() throws Exception {
    Path captures = Files.createDirectories(dir.resolve("captures"));
    ReplayResult r = run("""
          - id: blocked
            type: click
            selector: {css: "#csv"}
          - id: allowed
            type: click
            selector: {css: "#csv"}
            allow_download: true
        """, Map.of(), captures);

    assertThat(r.outcome()).as("%s", r.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(step(r, "blocked").outcome().downloads()).singleElement().satisfies(d -> {
      assertThat(d.blocked()).isTrue();
      assertThat(d.savedTo()).isNull();
    });
    assertThat(step(r, "allowed").outcome().downloads()).singleElement().satisfies(d -> {
      assertThat(d.blocked()).isFalse();
      assertThat(d.savedTo()).isNotNull();
      assertThat(Path.of(d.savedTo())).hasContent(CSV.strip()).startsWith(captures);
    });
    try (var files = Files.list(captures)) {
      assertThat(files.map(p -> p.getFileName().toString())).as("only the allowed download is kept").containsExactly("report.csv");
    }
  }

  @Test
  void capturesUploadsAndEvalWorkAsOnTheExtension() throws Exception {
    Path captures = Files.createDirectories(dir.resolve("captures"));
    Path upload = Files.writeString(dir.resolve("notes.txt"), "three words here");
    ReplayResult r = run("""
          - id: fetch
            type: captureUrl
            url: /report.csv
            filename: fetched.csv
          - id: html
            type: capturePageFile
            format: html
            filename: page.html
          - id: pdf
            type: capturePageFile
            format: pdf
            filename: page.pdf
          - id: attach
            type: upload
            selector: {css: "#attachment"}
            value: "{{ notes }}"
          - id: picked
            type: extract
            selector: {css: "#picked"}
            store: picked
          - id: sum
            type: eval
            fn: app.total
            args: [2, 3]
            store: sum
          - id: builtin
            type: eval
            fn: alert
            optional: true
        """, Map.of("notes", upload.toString()), captures);

    assertThat(r.outcome()).as("%s", r.steps()).isEqualTo(ReplayResult.Outcome.COMPLETED);
    assertThat(captures.resolve("fetched.csv")).hasContent(CSV.strip());
    assertThat(Files.readString(captures.resolve("page.html"))).contains("<h1>Captures</h1>");
    assertThat(Files.readAllBytes(captures.resolve("page.pdf"))).startsWith("%PDF".getBytes(StandardCharsets.US_ASCII));
    // The page's own state: the field holds the file with its bytes.
    assertThat(r.stored().get("picked")).isEqualTo("notes.txt 16 three words here");
    assertThat(r.stored().get("sum")).isEqualTo("5");
    assertThat(step(r, "builtin").error()).contains("built-in function");
    assertThat(step(r, "attach").data()).doesNotContain("three words");
  }
}

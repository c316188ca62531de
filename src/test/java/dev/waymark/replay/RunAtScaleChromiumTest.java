package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.waymark.cli.RunCommand;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.waymark.testing.GridHarness;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code waymark run --rows --parallel 2} as a person types it, in a child JVM: four rows of a CSV, two local headless
 * Chromium sessions at a time, each run filling the name from its row and the PIN from the values file. The page
 * posts what it was given to this test's own server, which is the proof of what each page did.
 */
@RealBrowser
class RunAtScaleChromiumTest {
  private static final List<String> NAMES = List.of("Ada Lovelace", "Grace Hopper", "Linus, the 1st", "Margaret Hamilton",
      "Alan \"Turing\"", "Barbara Liskov");

  @TempDir
  Path dir;

  private HttpServer server;
  private ExecutorService pool;
  /** What each receipt was issued for: the name and PIN the page posted. */
  private final Map<String, Map<String, String>> received = new ConcurrentHashMap<>();
  private final AtomicInteger receipts = new AtomicInteger();

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    pool = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "test-scale-page-server");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(pool);
    server.createContext("/form.html", this::form);
    server.createContext("/submit", this::submit);
    server.start();
  }

  @AfterEach
  void stop() throws InterruptedException {
    server.stop(0);
    pool.shutdownNow();
    pool.awaitTermination(2, TimeUnit.SECONDS);
  }

  private void form(HttpExchange ex) throws IOException {
    try (ex) {
      byte[] body = RunCommandChromiumTest.resource("pages/scale/form.html").getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  private void submit(HttpExchange ex) throws IOException {
    try (ex) {
      Map<String, String> form = new LinkedHashMap<>();
      for (String pair : new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) form.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
      String receipt = "R-" + receipts.incrementAndGet();
      received.put(receipt, form);
      byte[] body = receipt.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @RegisterExtension
  static GridHarness grid = GridHarness.shared();

  @Test
  void fourRowsAtTwoAtATimeEachFillTheirOwnPageAndTheSecretIsTypedButNeverPrinted() throws Exception {
    // The names a CSV must quote (a comma, quotes) among them; the Grid test below runs all six and more.
    runRows(List.of(NAMES.get(0), NAMES.get(2), NAMES.get(4), NAMES.get(5)), "--parallel", "2", "--chromium",
        Browsers.chromium().toString());
  }

  /**
   * More rows than the Grid run has slots, so slots are reused: 8 rows (two waves of four) in the default suite, 20
   * with {@code -Plong} ({@code -Dscale.grid.rows=N}); the long form is the same run five waves deep, 50 s here.
   */
  @Test
  void rowsAtFourAtATimeOnASeleniumGridEachFillTheirOwnPage() throws Exception {
    int rows = Math.max(NAMES.size() + 1, Integer.getInteger("scale.grid.rows", 8));
    List<String> names = new ArrayList<>(NAMES);
    for (int i = names.size() + 1; i <= rows; i++) names.add("Holder " + i);
    runRows(names, "--parallel", "4", "--grid", grid.url());
  }

  private void runRows(List<String> names, String... how) throws Exception {
    int n = names.size();
    String pin = "pin-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    Path workflow = dir.resolve("card.yaml");
    Files.writeString(workflow, RunCommandChromiumTest.resource("pages/scale/card.yaml").replace("__BASE__", base));
    StringBuilder csv = new StringBuilder("name\n");
    for (String name : names) csv.append('"').append(name.replace("\"", "\"\"")).append("\"\n");
    Path rows = dir.resolve("rows.csv");
    Files.writeString(rows, csv.toString());
    Path values = ReplayRun.valuesFile(dir, Map.of("pin", pin));
    Path report = dir.resolve("report");

    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dwaymark.config.dir=" + dir.resolve("config"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
        "dev.waymark.Main", "run", workflow.toString(), "--rows", rows.toString(), "--values-file", values.toString(),
        "--report", report.toString()));
    cmd.addAll(List.of(how));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile())
        .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
    boolean ended = p.waitFor(240, TimeUnit.SECONDS);
    if (!ended) p.destroyForcibly();
    String out = Files.readString(dir.resolve("stdout.txt"));
    String err = Files.readString(dir.resolve("stderr.txt"));
    assertThat(ended).as("the command ends\n" + err).isTrue();
    assertThat(p.exitValue()).as(out + "\n" + err).isEqualTo(RunCommand.EXIT_OK);

    // One line per run, in the order they finished; together every row once.
    List<JsonNode> lines = new ArrayList<>();
    for (String l : out.split("\n")) if (!l.isBlank()) lines.add(Json.mapper().readTree(l));
    assertThat(lines).hasSize(n);
    assertThat(lines).extracting(l -> l.path("row").asInt())
        .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.rangeClosed(1, n).boxed().toList());
    Set<String> sessions = new HashSet<>();
    for (JsonNode l : lines) {
      assertThat(l.path("status").asText()).as(l.toString()).isEqualTo("passed");
      String name = names.get(l.path("row").asInt() - 1);
      assertThat(l.path("values").path("name").asText()).isEqualTo(name);
      assertThat(l.path("values").has("pin")).isFalse();
      // The page's own state: the receipt it shows was issued by the server for exactly this row's name and the PIN.
      String receipt = l.path("stored").path("receipt").asText().replace("Receipt ", "");
      assertThat(received).containsKey(receipt);
      assertThat(received.get(receipt)).containsEntry("name", name).containsEntry("pin", pin);
      sessions.add(l.path("session").asText());
    }
    assertThat(sessions).as("each run in its own browser").hasSize(n);
    assertThat(received).hasSize(n);
    assertThat(received.values()).extracting(m -> m.get("name")).containsExactlyInAnyOrderElementsOf(names);

    assertThat(err).contains("[waymark] runs: " + n + " done (" + n + " passed), 0 running, 0 queued of " + n)
        .contains(n + " runs: " + n + " passed");
    assertThat(Files.readString(report.resolve("index.json"))).contains("\"runs_total\" : " + n);
    assertThat(report.resolve("001-card-row-1").resolve("report.html")).exists();
    assertThat(Files.readString(report.resolve("index.html"))).contains(String.format("%03d-card-row-%d/report.html", n, n));
    assertThat(out).doesNotContain(pin);
    assertThat(err).contains("DEBUG").doesNotContain(pin);
    try (var files = Files.walk(report)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        if (f.toString().endsWith(".jpg")) continue;
        assertThat(Files.readString(f)).as(f.toString()).doesNotContain(pin);
      }
    }
  }
}

package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.replay.ReplayRun;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.GridHarness;
import dev.waymark.testing.RealBrowser;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The canary sweep: sessions of every kind — {@code author} that succeeds, is denied and is rejected on the terminal,
 * {@code run} that replays, fails with a report and its pictures, {@code run --grid} in a child JVM with debug
 * logging, an agent over MCP ({@code waymark mcp} on stdio at debug level) and the studio window (in a child JVM
 * under Xvfb, the password typed into its Variables panel, the workflow copied to the clipboard) — each with a fresh
 * random canary password that reaches the page. Every output is scanned for the canary
 * raw and base64-, URL-, JSON- and HTML-encoded: prompts, stdout, stderr, logs, journals, exported YAML, the
 * clipboard, what an agent was sent, reports and their pictures' bytes, the extension's {@code chrome.storage}. Target: 0 hits. {@code -Dcanary.rounds=N} runs N
 * rounds of the seven kinds, eight sessions a round (the default suite runs one; {@code -Dcanary.rounds=7}: 56 sessions).
 */
@RealBrowser
class CanarySweepChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @RegisterExtension
  static GridHarness grid = GridHarness.shared();

  @TempDir
  Path dir;

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final List<Map<String, Object>> SIGN_IN_PLAN = List.of(
      Map.of("type", "fill", "name", "Email", "value", "{{ email }}"),
      Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
      Map.of("type", "click", "name", "Sign in"),
      Map.of("type", "extract", "name", "Order A-", "when", "Order A-4711"),
      Map.of("done", true, "reasoning", "the order number was read"));

  /** A canary whose encodings all differ from it: raw, URL, JSON and HTML forms of it are not the same text. */
  static String canary() {
    byte[] b = new byte[9];
    RANDOM.nextBytes(b);
    return "Cn" + HexFormat.of().formatHex(b) + " <&\"'+/=é";
  }

  /** Every form the canary could take in an output (base64 at each of the three byte alignments). */
  static Map<String, String> forms(String canary) {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("raw", canary);
    f.put("url", URLEncoder.encode(canary, StandardCharsets.UTF_8));
    f.put("url %20", URLEncoder.encode(canary, StandardCharsets.UTF_8).replace("+", "%20"));
    f.put("json", dev.waymark.workflow.Json.write(canary).replaceAll("^\"|\"$", ""));
    f.put("html", canary.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;"));
    f.put("html numeric", canary.replace("&", "&#38;").replace("<", "&#60;").replace(">", "&#62;").replace("\"", "&#34;").replace("'", "&#39;"));
    // The random part alone catches any encoding that leaves hex digits as they are (most do).
    f.put("core", canary.substring(0, 20));
    for (int offset = 0; offset < 3; offset++) {
      byte[] shifted = ("xx".substring(0, offset) + canary).getBytes(StandardCharsets.UTF_8);
      for (Base64.Encoder enc : List.of(Base64.getEncoder(), Base64.getUrlEncoder())) {
        String b64 = enc.encodeToString(shifted);
        f.put("base64@" + offset + (enc == Base64.getEncoder() ? "" : " url"), b64.substring(offset == 0 ? 0 : 4, b64.length() - 4));
      }
    }
    return f;
  }

  private record Hit(String where, String form) {}

  private final List<Hit> hits = new ArrayList<>();
  private int sessions;
  private int scanned;

  private void scan(String where, String text, String canary) {
    scanned++;
    for (var e : forms(canary).entrySet()) if (text.contains(e.getValue())) hits.add(new Hit(where, e.getKey()));
  }

  private void scanTree(String where, Path root, String canary) throws IOException {
    if (!Files.exists(root)) return;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        // The values files hold the canary by design: they are the person's input, not an output.
        if (f.getFileName().toString().endsWith("values.txt")) continue;
        // Pictures too: their bytes, metadata included, read as text both ways.
        byte[] bytes = Files.readAllBytes(f);
        scan(where + ":" + root.relativize(f), new String(bytes, StandardCharsets.UTF_8), canary);
        scan(where + ":" + root.relativize(f) + " (bytes)", new String(bytes, StandardCharsets.ISO_8859_1), canary);
      }
    }
  }

  private AuthorRun author(Path run, String canary, String terminal, String... extra) throws Exception {
    String url = browser.pageUrl("author/signin.html");
    browser.open(url);
    Map<String, String> values = new LinkedHashMap<>();
    values.put("email", "ada@example.com");
    values.put("password", canary);
    List<String> args = new ArrayList<>(List.of("--var", "email=the account's email", "--var", "password=the account's password"));
    args.addAll(List.of(extra));
    AuthorRun r = AuthorRun.inProcess(browser.client(), run, url, "Sign in and read the order number", SIGN_IN_PLAN, values,
        terminal, args.toArray(String[]::new));
    sessions++;
    return r;
  }

  private void scanRun(String what, ReplayRun r, String canary) {
    scan(what + " stdout", r.out(), canary);
    scan(what + " stderr", r.err(), canary);
    scan(what + " log", r.log(), canary);
  }

  private void scanAuthor(String what, AuthorRun r, String canary) throws IOException {
    scan(what + " prompts", String.join("\n", r.prompts()), canary);
    scan(what + " stdout", r.out(), canary);
    scan(what + " stderr", r.err(), canary);
    scan(what + " log", r.log(), canary);
    scan(what + " journals", r.journals(), canary);
    scan(what + " export", r.exported(), canary);
    scanTree(what + " files", r.dir(), canary);
  }

  /** {@code waymark run} as a person types it, in a child JVM with debug logging, on the Grid. */
  private String[] runOnGrid(Path run, Path workflow, String canary) throws Exception {
    Path values = run.resolve("grid-values.txt");
    Files.writeString(values, "email=ada@example.com\npassword=" + canary + "\n");
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-------"));
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "-Dwaymark.config.dir=" + run.resolve("config"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug", "dev.waymark.Main", "run", workflow.toString(),
        "--values-file", values.toString(), "--grid", grid.url(), "--report", run.resolve("grid-report").toString(),
        "--output-dir", run.toString());
    Process p = new ProcessBuilder(cmd).directory(run.toFile()).redirectOutput(run.resolve("grid-out.txt").toFile())
        .redirectError(run.resolve("grid-err.txt").toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) p.destroyForcibly();
    sessions++;
    return new String[] {String.valueOf(p.exitValue()), Files.readString(run.resolve("grid-out.txt")), Files.readString(run.resolve("grid-err.txt"))};
  }

  @Test
  void theScanFindsTheCanaryInEveryEncodingItLooksFor() throws Exception {
    String c = canary();
    String base64 = Base64.getEncoder().encodeToString(("{\"password\":\"" + c + "\"}").getBytes(StandardCharsets.UTF_8));
    String[] planted = {"x" + c + "y", "q=" + URLEncoder.encode(c, StandardCharsets.UTF_8), dev.waymark.workflow.Json.write(Map.of("v", c)),
        "<p>" + c.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;") + "</p>",
        "data:" + base64, Base64.getUrlEncoder().encodeToString(("ab" + c).getBytes(StandardCharsets.UTF_8))};
    for (String text : planted) {
      hits.clear();
      scan("planted", text, c);
      assertThat(hits).as("a scan of %s", text).isNotEmpty();
    }
    hits.clear();
    scan("clean", "{{ password }} and " + canary(), c);
    assertThat(hits).isEmpty();
  }

  @Test
  void noCanaryInAnyOutputOfAnySessionInAnyEncoding() throws Exception {
    int rounds = Math.max(1, Integer.getInteger("canary.rounds", 1));
    List<String> canaries = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      // 1. author that succeeds, then run replaying its export in this JVM (a success)
      String c1 = canary();
      canaries.add(c1);
      Path d1 = Files.createDirectories(dir.resolve("r" + round + "-author-ok"));
      AuthorRun ok = author(d1, c1, "", "--approve", "auto");
      assertThat(ok.code()).as(ok.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
      // The page really got it: the field holds the canary.
      assertThat(browser.eval("document.getElementById('password').value").asText()).isEqualTo(c1);
      scanAuthor("author ok", ok, c1);
      browser.open(browser.pageUrl("author/signin.html"));
      Path exportedOk = Files.writeString(d1.resolve("replay.yaml"), ok.exported());
      ReplayRun replay = ReplayRun.run(browser.client(), exportedOk.toString(), "--values-file",
          ReplayRun.valuesFile(d1, Map.of("email", "ada@example.com", "password", c1)).toString(), "--output-dir", d1.toString());
      sessions++;
      assertThat(replay.code()).as(replay.toString()).isEqualTo(RunCommand.EXIT_OK);
      assertThat(browser.eval("document.getElementById('password').value").asText()).isEqualTo(c1);
      scanRun("run ok", replay, c1);

      // 2. author whose risky step is denied (a failure)
      String c2 = canary();
      canaries.add(c2);
      AuthorRun denied = author(Files.createDirectories(dir.resolve("r" + round + "-author-deny")), c2, "", "--approve", "deny");
      assertThat(denied.code()).as(denied.toString()).isNotEqualTo(AuthorCommand.EXIT_DONE);
      scanAuthor("author denied", denied, c2);

      // 3. author asked on the terminal and rejected with a reason
      String c3 = canary();
      canaries.add(c3);
      AuthorRun rejected = author(Files.createDirectories(dir.resolve("r" + round + "-author-ask")), c3, "n because not now\n", "--approve", "ask");
      scanAuthor("author rejected", rejected, c3);

      // 4. run of the export with a step that fails, a report and its pictures
      String c4 = canary();
      canaries.add(c4);
      Path d4 = Files.createDirectories(dir.resolve("r" + round + "-run-fail"));
      Path failing = d4.resolve("failing.yaml");
      Files.writeString(failing, ok.exported() + "  - id: missing\n    type: click\n    selector: {css: \"#no-such-button\"}\n    timeout_ms: 500\n");
      Path v4 = ReplayRun.valuesFile(d4, Map.of("email", "ada@example.com", "password", c4));
      browser.open(browser.pageUrl("author/signin.html"));
      ReplayRun failed = ReplayRun.run(browser.client(), failing.toString(), "--values-file", v4.toString(), "--report",
          d4.resolve("report").toString(), "--output-dir", d4.toString());
      sessions++;
      assertThat(failed.code()).as(failed.toString()).isEqualTo(RunCommand.EXIT_STEP_FAILED);
      scanRun("run failed", failed, c4);
      scanTree("run failed files", d4, c4);

      // 5. run --grid in a child JVM, debug logging, a report
      String c5 = canary();
      canaries.add(c5);
      Path d5 = Files.createDirectories(dir.resolve("r" + round + "-grid"));
      Path exported = Files.writeString(d5.resolve("signin.yaml"), ok.exported());
      String[] g = runOnGrid(d5, exported, c5);
      assertThat(g[0]).as(g[1] + "\n" + g[2]).isEqualTo("0");
      assertThat(g[2]).contains("DEBUG");
      scanTree("run --grid files", d5, c5);

      // 6. an agent over MCP: waymark mcp on stdio at debug level, its own browser, the SDK's client
      String c6 = canary();
      canaries.add(c6);
      Path d6 = Files.createDirectories(dir.resolve("r" + round + "-mcp"));
      dev.waymark.agent.McpCanarySession.Outputs mcp = dev.waymark.agent.McpCanarySession.run(d6,
          browser.pageUrl("author/signin.html"), c6);
      sessions++;
      assertThat(mcp.signedIn()).as("the agent signed in with the canary password\n" + mcp.agentSaw()).isTrue();
      assertThat(mcp.exported()).contains("{{ password }}");
      assertThat(mcp.stderr()).contains("DEBUG");
      scan("mcp what the agent saw", mcp.agentSaw(), c6);
      scan("mcp stderr", mcp.stderr(), c6);
      scanTree("mcp files", d6, c6);

      // 7. the studio window: the canary typed into its Variables panel, the workflow copied to the clipboard
      String c7 = canary();
      canaries.add(c7);
      Path d7 = Files.createDirectories(dir.resolve("r" + round + "-studio"));
      dev.waymark.ui.StudioCanarySession.Outputs studio = dev.waymark.ui.StudioCanarySession.run(d7,
          browser.pageUrl("author/signin.html"), c7);
      sessions++;
      assertThat(studio.steps()).as(studio.stderr()).isGreaterThanOrEqualTo(4);
      assertThat(studio.clipboard()).contains("{{ password }}");
      assertThat(studio.stderr()).contains("DEBUG");
      scan("studio clipboard", studio.clipboard(), c7);
      scan("studio stdout", studio.stdout(), c7);
      scan("studio stderr", studio.stderr(), c7);
      scanTree("studio files", d7, c7);
    }
    // What the extension keeps across worker restarts.
    String worker = browser.cdp().serviceWorker(browser.extensionId()).path("targetId").asText();
    String storage = browser.cdp().evaluate(worker, "Promise.all([chrome.storage.local.get(null), chrome.storage.session.get(null)])"
        + ".then((s) => JSON.stringify(s))").asText();
    for (String c : canaries) scan("chrome.storage", storage, c);

    System.out.printf("Canary sweep: %d sessions, %d canaries, %d outputs scanned in %d forms each, %d hits%n", sessions,
        canaries.size(), scanned, forms(canaries.get(0)).size(), hits.size());
    hits.forEach(h -> System.out.println("  HIT " + h.form() + " in " + h.where()));
    assertThat(hits).as("canary hits").isEmpty();
  }
}

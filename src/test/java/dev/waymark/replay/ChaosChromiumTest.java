package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.waymark.cli.RunCommand;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.Cdp;
import dev.waymark.testing.RealBrowser;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chaos (issue #18): short workflows of four clicks and an extract, each run with one fault injected inside a random
 * step — while that step's click is in flight. Each button's click makes a synchronous XHR to this test's server,
 * which counts it and, when the chosen button's hit arrives, injects the fault (after a random 0–20 ms) and holds its
 * answer until the fault is in: the service worker stopped, the socket dropped by the studio, the tab navigated to
 * another address, or the {@code waymark run} child JVM and the Chromium it launched killed with SIGKILL (its rerun
 * is twofold: first in a fresh child with a fresh browser on an empty tab, which the killed run's record of sent steps
 * makes refuse to press anything again; then in this test's browser, standing on the page). Checked on every run: no
 * button counted twice; every step ok or uncertain; the run ends
 * completed or uncertain (exit 0 or 6); the uncertain step is the interrupted one and nothing after it reached the
 * server; a rerun with {@code --start-at auto} on the page performs only what the server never counted.
 *
 * <p>{@code -Dchaos.runs=N} (the default suite: 8, two of each fault; {@code -Pchaos}: 200),
 * {@code -Dchaos.seed=S} replays a seed, {@code -Dchaos.kill=false} leaves the child JVMs out. Prints the figures.
 */
@RealBrowser
class ChaosChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final int BUTTONS = 4;

  enum Fault { WORKER_STOPPED, SOCKET_DROPPED, PAGE_NAVIGATED, RUNNER_KILLED }

  @TempDir
  Path dir;

  private HttpServer server;
  private final Map<Integer, AtomicInteger> hits = new ConcurrentHashMap<>();
  /** The armed fault: runs (on its own thread) when the chosen button's hit arrives, before the server answers. */
  private final AtomicReference<Armed> armed = new AtomicReference<>();

  private record Armed(int button, Runnable inject, int delayMs, CountDownLatch in) {}

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.createContext("/chaos.html", ex -> answer(ex, "text/html; charset=utf-8", PAGE));
    server.createContext("/state", ex -> {
      StringBuilder done = new StringBuilder();
      hits.forEach((b, n) -> {
        if (n.get() > 0) done.append(done.length() == 0 ? "" : ",").append(b);
      });
      answer(ex, "text/plain", done.toString());
    });
    server.createContext("/hit", ex -> {
      ex.getRequestBody().readAllBytes();
      int b = Integer.parseInt(ex.getRequestURI().getQuery().replace("b=", ""));
      hits.computeIfAbsent(b, k -> new AtomicInteger()).incrementAndGet();
      Armed a = armed.get();
      if (a != null && a.button == b && armed.compareAndSet(a, null)) {
        Thread t = new Thread(() -> {
          try {
            if (a.delayMs > 0) Thread.sleep(a.delayMs);
            a.inject.run();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            a.in.countDown();
          }
        }, "chaos-fault");
        t.setDaemon(true);
        t.start();
        try {
          // The click stays in flight until the fault is in: the fault lands inside the step, never after it.
          a.in.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      answer(ex, "text/plain", String.valueOf(b));
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private static void answer(HttpExchange ex, String type, String body) throws IOException {
    try (ex) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", type);
      ex.getResponseHeaders().add("Cache-Control", "no-store");
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      } catch (IOException e) {
        // the page that asked is gone (navigated, or its browser killed)
      }
    }
  }

  /** Each button's click is counted by the server before the handler returns; the page shows what was counted. */
  private static final String PAGE = """
      <!doctype html>
      <html><head><meta charset="utf-8"><title>Chaos</title></head>
      <body>
      <h1>Chaos</h1>
      <button id="b1">One</button> <button id="b2">Two</button> <button id="b3">Three</button> <button id="b4">Four</button>
      <div id="done"></div>
      <p id="log"></p>
      <script>
        function mark(b) {
          if (document.getElementById('done-' + b)) return;
          const p = document.createElement('p'); p.id = 'done-' + b; p.textContent = 'counted ' + b;
          document.getElementById('done').appendChild(p);
          document.getElementById('log').textContent = 'last counted ' + b;
        }
        const s = new XMLHttpRequest(); s.open('GET', '/state', false); s.send();
        s.responseText.split(',').filter(Boolean).forEach(mark);
        for (const b of [1, 2, 3, 4]) {
          document.getElementById('b' + b).addEventListener('click', () => {
            const x = new XMLHttpRequest(); x.open('POST', '/hit?b=' + b, false);
            try { x.send('click'); } catch (e) { return; }
            mark(b);
          });
        }
      </script>
      </body></html>
      """;

  /** open (always), then per button a click and a resume point that holds once the server counted it, then an extract. */
  private Path workflow() throws IOException {
    StringBuilder y = new StringBuilder("id: chaos\nname: Four counted clicks\nsteps:\n  - id: open\n    type: navigate\n    url: ")
        .append(url("/chaos.html")).append("\n    always: true\n");
    for (int b = 1; b <= BUTTONS; b++) {
      y.append("  - id: b").append(b).append("\n    type: click\n    label: Press button ").append(b)
          .append("\n    selector: {css: \"#b").append(b).append("\"}\n")
          .append("  - id: at-").append(b).append("\n    type: wait\n    wait: {selector: \"#done-").append(b)
          .append("\", timeout_ms: 5000}\n    resume:\n      id: at-").append(b)
          .append("\n      when: {selector: \"#done-").append(b).append("\"}\n");
    }
    y.append("  - id: read\n    type: extract\n    label: Read the log\n    selector: {css: \"#log\"}\n");
    Path f = dir.resolve("chaos.yaml");
    Files.writeString(f, y.toString());
    return f;
  }

  /** The figures of the whole run. */
  private final Map<Fault, Integer> runsBy = new EnumMap<>(Fault.class);
  private int interrupted;
  private int endedDone;
  private int endedUncertain;
  private int endedKilled;
  private int performedTwice;
  private int silentRetries;
  private int resumed;
  private int freshRefused;
  /** The config folder of the last killed child: its record of sent steps is what a fresh rerun reads. */
  private Path lastChildConfig;
  /** How each fault's interrupted step ended: "WORKER_STOPPED uncertain" → n. */
  private final Map<String, Integer> endings = new java.util.TreeMap<>();

  @Test
  void aFaultInsideAStepNeverPerformsAnEffectTwiceAndTheRunResumes() throws Exception {
    int runs = Integer.getInteger("chaos.runs", 8);
    long seed = Long.getLong("chaos.seed", System.nanoTime());
    boolean kill = Boolean.parseBoolean(System.getProperty("chaos.kill", "true"));
    System.out.println("Chaos: seed " + seed + " (-Dchaos.seed=" + seed + " replays it), " + runs + " runs"
        + (kill ? ", with SIGKILL of the runner" : ""));
    Random rnd = new Random(seed);
    List<Fault> kinds = new ArrayList<>(List.of(Fault.WORKER_STOPPED, Fault.SOCKET_DROPPED, Fault.PAGE_NAVIGATED));
    if (kill) kinds.add(Fault.RUNNER_KILLED);
    Path wf = workflow();
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      Fault fault = kinds.get(i % kinds.size());
      int button = 1 + rnd.nextInt(BUTTONS);
      int delay = rnd.nextInt(21);
      String what = "run " + i + ": " + fault + " in the click of b" + button + " after " + delay + " ms";
      try {
        runOnce(wf, fault, button, delay, what);
      } catch (AssertionError e) {
        failures.add(what + ": " + e.getMessage());
        System.out.println("Chaos FAILED " + what + ": " + e.getMessage());
        recover();
      }
    }
    System.out.printf("Chaos (seed %d): %d runs (%s); steps interrupted %d, ended done %d, ended uncertain %d, "
        + "runner killed %d %s; reruns of a killed run in a fresh browser refused to repeat its clicks %d; "
        + "resumed with --start-at auto %d; effects performed twice %d, silent retries %d%n",
        seed, runs, runsBy, interrupted, endedDone, endedUncertain, endedKilled, endings, freshRefused, resumed,
        performedTwice, silentRetries);
    assertThat(failures).as("seed " + seed).isEmpty();
    assertThat(performedTwice).isZero();
    assertThat(silentRetries).isZero();
  }

  private void runOnce(Path wf, Fault fault, int button, int delayMs, String what) throws Exception {
    runsBy.merge(fault, 1, Integer::sum);
    hits.clear();
    recover();
    CountDownLatch in = new CountDownLatch(1);
    armed.set(new Armed(button, () -> inject(fault), delayMs, in));

    int code;
    List<JsonNode> lines;
    String shown;
    if (fault == Fault.RUNNER_KILLED) {
      Killed k = runInChildAndKill(wf, in);
      code = -1;
      lines = k.lines;
      shown = k.toString();
    } else {
      ReplayRun run = ReplayRun.run(browser.client(), wf.toString(), "--timeout", "6000");
      code = run.code();
      lines = run.lines();
      shown = run.toString();
    }
    // The run may end (uncertain) before the injecting call returns: the worker's socket closes before DevTools answers.
    assertThat(in.await(20, TimeUnit.SECONDS)).as("the fault was injected: " + what + "\n" + shown).isTrue();
    interrupted++;
    // Barrier: a round trip to the server after the run, behind any request a repeat would have made.
    awaitServerQuiet();
    performedTwice += (int) hits.values().stream().filter(n -> n.get() > 1).count();
    check(what, shown, hits.values().stream().allMatch(n -> n.get() <= 1), "a button counted twice: " + hits);

    if (fault == Fault.RUNNER_KILLED) {
      endedKilled++;
      endings.merge(fault + " killed", 1, Integer::sum);
      for (int b = 1; b <= BUTTONS; b++) {
        check(what, shown, count(b) == (b <= button ? 1 : 0), "counts after the kill " + hits);
      }
      // A rerun in a freshly launched browser stands on an empty tab: the killed run's record of sent steps, not the
      // page, says what was done, and --start-at auto refuses to press any of it again (decision 0054).
      Rerun fresh = rerunInFreshChild(wf, childConfig(shown));
      awaitServerQuiet();
      check(what, fresh.toString(), fresh.code == RunCommand.EXIT_START_NOT_REACHED, "the rerun in a fresh browser exited " + fresh.code);
      check(what, fresh.toString(), fresh.err.contains("may have performed click b" + button), "the rerun does not name the interrupted click");
      for (int b = 1; b < button; b++) {
        check(what, fresh.toString(), fresh.err.contains("performed click b" + b), "the rerun does not name b" + b);
      }
      for (int b = 1; b <= BUTTONS; b++) {
        if (count(b) > (b <= button ? 1 : 0)) performedTwice++;
        check(what, fresh.toString(), count(b) == (b <= button ? 1 : 0), "the rerun in a fresh browser pressed again: " + hits);
      }
      freshRefused++;
    } else {
      check(what, shown, code == 0 || code == RunCommand.EXIT_UNCERTAIN, "exit " + code + " is neither 0 nor 6");
      List<JsonNode> steps = lines.subList(0, lines.size() - 1);
      JsonNode result = lines.get(lines.size() - 1);
      String interruptedId = "b" + button;
      boolean seenInterrupted = false;
      for (JsonNode s : steps) {
        String id = s.path("step_id").asText();
        check(what, shown, s.path("ok").asBoolean() || s.path("uncertain").asBoolean(), "step " + id + " neither ok nor uncertain");
        check(what, shown, !seenInterrupted || s.path("ok").asBoolean(), "a step after the interrupted one");
        if (s.path("uncertain").asBoolean()) {
          check(what, shown, id.equals(interruptedId), "uncertain step " + id + " is not the interrupted " + interruptedId);
        }
        if (id.equals(interruptedId)) seenInterrupted = true;
      }
      JsonNode mine = steps.stream().filter(s -> interruptedId.equals(s.path("step_id").asText())).findFirst().orElse(null);
      check(what, shown, mine != null, "no line for the interrupted step");
      if (code == 0) {
        check(what, shown, mine.path("ok").asBoolean(), "a completed run whose interrupted step is not ok");
        endedDone++;
        endings.merge(fault + " done", 1, Integer::sum);
        for (int b = 1; b <= BUTTONS; b++) check(what, shown, count(b) == 1, "a completed run counted " + hits);
      } else {
        check(what, shown, mine.path("uncertain").asBoolean() && interruptedId.equals(result.path("failed_step").asText()),
            "exit 6 without the interrupted step uncertain");
        check(what, shown, result.path("error").asText().contains("not repeated"), "the person is not told: " + result);
        endedUncertain++;
        endings.merge(fault + " uncertain", 1, Integer::sum);
        check(what, shown, steps.get(steps.size() - 1).path("step_id").asText().equals(interruptedId),
            "steps after the uncertain one");
        for (int b = 1; b <= BUTTONS; b++) {
          if (count(b) > (b <= button ? 1 : 0)) silentRetries++;
          check(what, shown, count(b) == (b <= button ? 1 : 0), "a step after the uncertain one reached the server: " + hits);
        }
      }
    }

    // The person stands on the page again and runs once more from where it stands: nothing counted is performed again.
    recover();
    browser.open(url("/chaos.html?again=" + System.nanoTime()));
    ReplayRun again = ReplayRun.run(browser.client(), wf.toString(), "--start-at", "auto", "--timeout", "6000");
    awaitServerQuiet();
    check(what, again.toString(), again.code() == 0, "the rerun with --start-at auto did not complete");
    for (int b = 1; b <= BUTTONS; b++) {
      if (count(b) > 1) {
        performedTwice++;
        silentRetries++;
      }
    }
    check(what, again.toString(), hits.values().stream().allMatch(n -> n.get() == 1) && hits.size() == BUTTONS,
        "after the rerun each button counted once: " + hits);
    resumed++;
  }

  private int count(int b) {
    AtomicInteger n = hits.get(b);
    return n == null ? 0 : n.get();
  }

  private static void check(String what, String shown, boolean ok, String message) {
    if (!ok) throw new AssertionError(what + ": " + message + "\n" + shown);
  }

  /** A GET the server answers after any hit already sent to it: the page's requests are synchronous, one at a time. */
  private void awaitServerQuiet() throws Exception {
    java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(URI.create(url("/state"))).build(),
        java.net.http.HttpResponse.BodyHandlers.discarding());
  }

  private void inject(Fault fault) {
    try {
      switch (fault) {
        case WORKER_STOPPED -> browser.stopServiceWorker();
        case SOCKET_DROPPED -> browser.client().server().disconnect(browser.clientInfo().clientId());
        case PAGE_NAVIGATED -> navigateAway();
        case RUNNER_KILLED -> killChild();
      }
    } catch (Exception e) {
      throw new IllegalStateException("could not inject " + fault, e);
    }
  }

  /**
   * Page.navigate of the task tab to another address of the same app (it shows what the server counted, so the run
   * can go on; to a foreign page the click is reported done with "a new page loaded" and the next step fails there,
   * exit 5), sent without waiting: the page is blocked in its synchronous XHR until the server
   * answers, so the navigation commits only after that. Its own thread; the fault counts as in once it is sent.
   */
  private void navigateAway() throws Exception {
    String target = browser.pageTarget();
    CountDownLatch sent = new CountDownLatch(1);
    Thread t = new Thread(() -> {
      try {
        Cdp cdp = browser.cdp();
        String session = cdp.attach(target);
        sent.countDown();
        cdp.send(session, "Page.navigate", Cdp.params().put("url", url("/chaos.html?moved=" + System.nanoTime())));
        cdp.detach(session);
      } catch (Exception e) {
        // the tab went with it
      } finally {
        sent.countDown();
      }
    }, "chaos-navigate");
    t.setDaemon(true);
    t.start();
    sent.await(10, TimeUnit.SECONDS);
    Thread.sleep(30); // let Page.navigate reach the browser; whether it lands before the reply does is the chaos
  }

  /** The extension paired again, its worker awake. */
  private void recover() throws Exception {
    await().alias("the extension paired again").atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(100))
        .until(() -> {
          if (browser.client().isConnected()) return true;
          try {
            browser.eval("location.hash = 'wake-" + System.nanoTime() + "'");
          } catch (Exception e) {
            // the tab is busy
          }
          return false;
        });
  }

  // ---- (d) the runner killed with SIGKILL -----------------------------------------------------------------

  private volatile Process child;

  private record Killed(List<JsonNode> lines, String err) {
    @Override
    public String toString() {
      return "--- child stdout\n" + lines + "\n--- child stderr\n" + err;
    }
  }

  /**
   * {@code waymark run} in a child JVM launching its own headless Chromium (the command has no option to use a browser
   * already paired), killed with everything it started when the chosen hit arrives. It keeps its config (and so its
   * record of sent steps) in a folder of its own, which {@link #rerunInFreshChild} hands to the next child.
   */
  private Killed runInChildAndKill(Path wf, CountDownLatch in) throws Exception {
    Path run = Files.createTempDirectory(dir, "child");
    lastChildConfig = run.resolve("config");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dwaymark.config.dir=" + run.resolve("config"),
        "dev.waymark.Main", "run", wf.toString(), "--headless", "--chromium", Browsers.chromium().toString(),
        "--timeout", "6000");
    Path err = run.resolve("stderr.txt");
    Process p = new ProcessBuilder(cmd).directory(run.toFile()).redirectError(err.toFile()).start();
    child = p;
    List<JsonNode> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
    Thread reader = new Thread(() -> {
      try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String l; (l = r.readLine()) != null; ) {
          if (!l.isBlank()) lines.add(dev.waymark.workflow.Json.mapper().readTree(l));
        }
      } catch (Exception e) {
        // killed
      }
    }, "chaos-child-stdout");
    reader.start();
    boolean ended = p.waitFor(90, TimeUnit.SECONDS);
    if (!ended) killChild();
    p.waitFor(30, TimeUnit.SECONDS);
    reader.join(5_000);
    assertThat(in.await(1, TimeUnit.SECONDS)).as("the kill came from inside the step\n" + Files.readString(err)).isTrue();
    return new Killed(lines, Files.readString(err));
  }

  private record Rerun(int code, String out, String err) {
    @Override
    public String toString() {
      return "--- fresh rerun, exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  private Path childConfig(String shown) {
    assertThat(lastChildConfig).as(shown).isNotNull();
    return lastChildConfig;
  }

  /** {@code waymark run --start-at auto} in a new child JVM with its own new Chromium and the killed child's config. */
  private Rerun rerunInFreshChild(Path wf, Path config) throws Exception {
    Path run = Files.createTempDirectory(dir, "rerun");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dwaymark.config.dir=" + config,
        "dev.waymark.Main", "run", wf.toString(), "--headless", "--chromium", Browsers.chromium().toString(),
        "--timeout", "6000", "--start-at", "auto");
    Path out = run.resolve("stdout.txt");
    Path err = run.resolve("stderr.txt");
    Process p = new ProcessBuilder(cmd).directory(run.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    child = p;
    if (!p.waitFor(90, TimeUnit.SECONDS)) killChild();
    p.waitFor(30, TimeUnit.SECONDS);
    return new Rerun(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** The child JVM and the Chromium it launched, all at once. */
  private void killChild() {
    Process p = child;
    if (p == null) return;
    List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
    all.add(p.toHandle());
    all.forEach(ProcessHandle::destroyForcibly);
  }
}

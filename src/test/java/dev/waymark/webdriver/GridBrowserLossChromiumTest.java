package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplaySession;
import dev.waymark.replay.ReplaySessions;
import dev.waymark.scale.CsvRows;
import dev.waymark.scale.RunLine;
import dev.waymark.scale.RunPlan;
import dev.waymark.scale.ScaleRunner;
import dev.waymark.testing.GridHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Grid node's browser killed (SIGKILL) during a run: before the run's next step was sent, the run starts again on
 * a new session and passes; right after a click was sent, the run ends uncertain and is never repeated — the server
 * behind the page counted exactly one click.
 */
@RealBrowser
class GridBrowserLossChromiumTest {
  @RegisterExtension
  static GridHarness grid = GridHarness.shared();

  private HttpServer server;
  private final AtomicInteger clicks = new AtomicInteger();
  /** Set by a test: runs when the page's click reaches the server, before it answers. */
  private final AtomicReference<Runnable> onClick = new AtomicReference<>(() -> {});
  private final List<WebDriverSession> opened = new CopyOnWriteArrayList<>();

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/counter.html", ex -> answer(ex, "text/html; charset=utf-8", page()));
    server.createContext("/hit", ex -> {
      ex.getRequestBody().readAllBytes();
      int n = clicks.incrementAndGet();
      onClick.get().run();
      answer(ex, "text/plain", String.valueOf(n));
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static String page() throws IOException {
    try (InputStream in = GridBrowserLossChromiumTest.class.getClassLoader().getResourceAsStream("pages/grid/counter.html")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static void answer(HttpExchange ex, String type, String body) throws IOException {
    try (ex) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", type);
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      } catch (IOException e) {
        // the browser that asked is gone
      }
    }
  }

  private Workflow workflow(String... clicksOn) throws Exception {
    StringBuilder y = new StringBuilder("id: counter\nname: Count once\nsteps:\n  - id: open\n    type: navigate\n    url: http://127.0.0.1:"
        + server.getAddress().getPort() + "/counter.html\n");
    int i = 0;
    for (String css : clicksOn) {
      y.append("  - id: click-").append(++i).append("\n    type: click\n    selector: {css: \"").append(css).append("\"}\n");
    }
    return WorkflowYaml.read(y.toString());
  }

  private List<RunLine> runOnce(Workflow wf, ReplaySessions sessions) throws Exception {
    RunPlan plan = RunPlan.of(List.of(new RunPlan.Source(Path.of("counter.yaml"), "", wf)), null, java.util.Set.of(), null);
    List<RunLine> lines = new ArrayList<>();
    new ScaleRunner(sessions, new ScaleRunner.Settings(1, 1, 10_000), Map.of(), null, System::currentTimeMillis)
        .run(plan, new ScaleRunner.Listener() {
          @Override
          public void finished(RunLine line) {
            lines.add(line);
          }

          @Override
          public void note(String text) {}
        });
    return lines;
  }

  /** The Grid's sessions, each one remembered so a test can kill its browser. */
  private ReplaySessions remembered(java.util.function.BiFunction<WebDriverSession, ReplayBrowser, ReplayBrowser> wrap) {
    WebDriverSessions sessions = WebDriverSessions.grid(URI.create(grid.url()), true);
    return () -> {
      WebDriverSession s;
      try {
        s = sessions.open();
      } catch (SessionStartException e) {
        throw new ReplaySessions.Unavailable(e.getMessage(), e);
      }
      opened.add(s);
      WebDriverReplayBrowser b = new WebDriverReplayBrowser(s, true);
      ReplayBrowser browser = wrap.apply(s, b);
      return ReplaySession.of(browser, s.id(), null, b::close);
    };
  }

  private static void kill(WebDriverSession s) {
    @SuppressWarnings("unchecked")
    Map<String, Object> chrome = (Map<String, Object>) s.capability("chrome");
    String profile = String.valueOf(chrome.get("userDataDir"));
    assertThat(GridHarness.killBrowser(profile)).as("browser processes of " + profile).isPositive();
  }

  @Test
  void aBrowserKilledBeforeTheNextStepIsStartedAgainOnANewSessionAndPasses() throws Exception {
    AtomicInteger performed = new AtomicInteger();
    ReplaySessions sessions = remembered((s, b) -> new ReplayBrowser() {
      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) throws InterruptedException {
        // The first session's browser dies after its first step, before the second is sent.
        if (performed.incrementAndGet() == 2) kill(s);
        return b.perform(step, values, timeoutMs);
      }

      @Override
      public StepResult gate(Step step, long limitMs) throws InterruptedException {
        return b.gate(step, limitMs);
      }
    });

    List<RunLine> lines = runOnce(workflow("#check"), sessions);

    assertThat(lines).singleElement().satisfies(l -> {
      assertThat(l.status()).as(l.toString()).isEqualTo("passed");
      assertThat(l.attempts()).isEqualTo(2);
      assertThat(l.retried()).isNotBlank();
    });
    assertThat(opened).hasSize(2);
    assertThat(clicks).hasValue(0);
  }

  @Test
  void aBrowserKilledRightAfterAClickWasSentEndsUncertainAndTheClickIsNotRepeated() throws Exception {
    ReplaySessions sessions = remembered((s, b) -> b);
    // The page's click reaches the server; the browser dies before the page hears back.
    onClick.set(() -> kill(opened.get(opened.size() - 1)));

    List<RunLine> lines = runOnce(workflow("#count", "#check"), sessions);

    assertThat(lines).singleElement().satisfies(l -> {
      assertThat(l.status()).as(l.toString()).isEqualTo("uncertain");
      assertThat(l.attempts()).isEqualTo(1);
      assertThat(l.failedStep()).isEqualTo("click-1");
      // Learned from the session (the Grid said it ended), not by waiting out the click's 10 s with no answer.
      assertThat(l.error()).as(l.toString()).contains("was lost while the click was being performed")
          .doesNotContain("had no answer in");
    });
    assertThat(opened).as("never started again").hasSize(1);
    // The server's count is the page's own state: one click, never a second.
    assertThat(clicks).hasValue(1);
  }
}

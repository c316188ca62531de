package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A workflow authored with {@code author} on a page whose script takes over its field and binds its handlers a
 * second after load (as an app loaded through require.js does): each step records the effect it had ({@code
 * expect}), replay waits for the page to take input before its first action and for each effect after it. The
 * page's own record says what it received.
 */
@RealBrowser
class AuthorThenReplayExpectChromiumTest {
  // A browser as Waymark launches it: input goes through the debugger, which also tells when the page listens.
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @TempDir
  Path dir;

  /**
   * Authors "add two todos" on the original app. The plan waits for the app to say it is ready, as a person
   * watching would; that wait is then taken out of the workflow, so the replay, much faster than the authoring,
   * meets the page before its script is there and has only its own readiness check to rely on.
   */
  private Workflow authored(String url) throws Exception {
    // The author run navigates this tab; a page without the app's "Ready" stands there first.
    browser.open(browser.pageUrl("replay/counter.html"));
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "New todo", "value", "Buy milk", "when", "Ready"),
        Map.of("type", "press", "name", "New todo", "value", "Enter"),
        Map.of("type", "fill", "name", "New todo", "value", "Walk the dog"),
        Map.of("type", "press", "name", "New todo", "value", "Enter"),
        Map.of("done", true, "reasoning", "two todos added"));
    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Add two todos", plan, Map.of(), "", "--approve", "auto");
    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(received()).as(run.toString()).containsExactly("Buy milk", "Walk the dog");
    Workflow wf = WorkflowYaml.read(run.exported());
    assertThat(wf.steps()).extracting(Step::type).containsExactly("navigate", "wait", "fill", "press", "fill", "press");
    // what the studio saw each step do, in the export
    assertThat(wf.steps().get(2).expect()).isEqualTo(new Expect(null, null, null, null, "Buy milk", null));
    assertThat(wf.steps().get(3).expect().appears()).isEqualTo(new Expect.Element("checkbox", "Buy milk"));
    assertThat(wf.steps().get(5).expect().appears()).isEqualTo(new Expect.Element("checkbox", "Walk the dog"));
    List<Step> steps = new ArrayList<>(wf.steps());
    steps.removeIf(s -> StepTypes.WAIT.equals(s.type()));
    return new Workflow(wf.id(), wf.name(), wf.description(), wf.variables(), steps);
  }

  private List<String> received() throws Exception {
    List<String> out = new ArrayList<>();
    browser.eval("window.received").forEach(e -> out.add(e.asText()));
    return out;
  }

  private record Run(int code, List<JsonNode> lines, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n" + lines + "\n" + err;
    }
  }

  private Run run(Workflow wf, String name, String... extra) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, WorkflowYaml.write(wf));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(browser.client()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    List<String> args = new ArrayList<>(List.of(file.toString(), "--output-dir", dir.toString()));
    args.addAll(List.of(extra));
    int code = cl.execute(args.toArray(String[]::new));
    List<JsonNode> lines = new ArrayList<>();
    for (String line : out.toString().split("\n")) if (!line.isBlank()) lines.add(Json.mapper().readTree(line));
    return new Run(code, lines, err.toString());
  }

  @Test
  void aPageThatBindsItsHandlersLateLosesNoInputReplayAfterReplay() throws Exception {
    Workflow wf = authored(browser.pageUrl("replay/late-todos.html?copy=original"));

    // 8 in the default suite; -Dreplays.in.a.row=20 (or more) to look for a rarer loss.
    int replays = Math.max(1, Integer.getInteger("replays.in.a.row", 8));
    for (int i = 1; i <= replays; i++) {
      Run r = run(wf, "late-" + i + ".yaml");
      assertThat(r.code()).as("replay %d: %s", i, r).isZero();
      // the page itself: both todos arrived, in order, and nothing typed was lost
      assertThat(received()).as("replay %d: %s", i, r).containsExactly("Buy milk", "Walk the dog");
      assertThat(browser.eval("document.querySelectorAll('#items li').length").asInt()).isEqualTo(2);
    }
  }

  @Test
  void aStepWhoseEffectDoesNotFollowStopsThereNamingTheEffect() throws Exception {
    Workflow wf = authored(browser.pageUrl("replay/late-todos.html?copy=original"));
    Workflow picky = WorkflowYaml.read(WorkflowYaml.write(wf).replace("copy=original", "copy=picky"));

    // The missing effect is waited for as long as the step's timeout: a short one keeps the test quick.
    Run r = run(picky, "picky.yaml", "--timeout", "3000");

    assertThat(r.code()).as(r.toString()).isEqualTo(RunCommand.EXIT_STEP_FAILED);
    JsonNode failed = r.lines().get(r.lines().size() - 2);
    assertThat(failed.path("step_id").asText()).isEqualTo(wf.steps().get(4).id());
    assertThat(failed.path("ok").asBoolean()).isFalse();
    assertThat(failed.path("error").asText()).as(r.toString())
        .contains("was done, but its effect did not follow: expected a checkbox \"Walk the dog\" to appear");
    assertThat(failed.path("outcome").path("missing").asText()).isEqualTo("a checkbox \"Walk the dog\" to appear");
    JsonNode result = r.lines().get(r.lines().size() - 1);
    assertThat(result.path("failed_step").asText()).isEqualTo(wf.steps().get(4).id());
    // the run stopped at that step: the first todo went in, the second did not, and it is still in the field
    assertThat(received()).containsExactly("Buy milk");
    assertThat(browser.eval("document.getElementById('new').value").asText()).isEqualTo("Walk the dog");
  }

  /**
   * The first action on a page whose script reacts waits until the page takes input; a page whose script listens on
   * its button alone, never on the field typed first, takes that field's typing as it is. Its replay does not wait
   * two thirds of the step's timeout for a listener that never comes (here that would be 20 s), and not even until
   * the page has stood loaded a moment: the button beside it has the script's listener.
   */
  @Test
  void aFieldNoScriptListensToIsFilledWithoutWaitingOutTheTimeout() throws Exception {
    String url = browser.pageUrl("replay/bound-elsewhere.html");
    Workflow wf = new Workflow("join", "Join the newsletter", null, Map.of(), List.of(
        Step.builder(StepTypes.NAVIGATE).id("s1").url(url).build(),
        Step.builder(StepTypes.FILL).id("s2").selector(Selector.css("#email")).value("ada@example.test")
            .expect(new Expect(null, null, null, null, "ada@example.test", null)).build(),
        Step.builder(StepTypes.CLICK).id("s3").selector(Selector.css("#join"))
            .expect(new Expect(null, null, new Expect.Element("heading", "Welcome aboard"), null, null, null)).build()));

    long t0 = System.nanoTime();
    Run r = run(wf, "join.yaml", "--timeout", "30000");
    Duration took = Duration.ofNanos(System.nanoTime() - t0);

    assertThat(r.code()).as(r.toString()).isZero();
    assertThat(browser.eval("window.joined").asText()).isEqualTo("ada@example.test");
    assertThat(took).as("the replay, whose first fill once waited 20 s for a listener: %s", r).isLessThan(Duration.ofSeconds(12));
    // the Join button beside the field has the script's listener: the page had bound its handlers, and the fill did
    // not wait for the page to stand loaded 3 s (it did before the controls beside it were asked), only 1 s
    assertThat(browser.eval("window.joinedAfterLoad").asLong()).as("ms from the page's load to the click after the fill")
        .isLessThan(2800);
  }
}

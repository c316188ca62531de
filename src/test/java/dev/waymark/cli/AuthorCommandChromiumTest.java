package dev.waymark.cli;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code waymark author} end to end in real headless Chromium, with an external program deciding. */
@RealBrowser
class AuthorCommandChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  private static final List<Map<String, Object>> SIGN_IN_PLAN = List.of(
      Map.of("type", "fill", "name", "Email", "value", "{{ email }}"),
      Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
      Map.of("type", "click", "name", "Sign in"),
      Map.of("type", "extract", "name", "Order A-", "when", "Order A-4711"),
      Map.of("done", true, "reasoning", "the order number was read"));

  private AuthorRun signIn(String canary, String... extra) throws Exception {
    String url = browser.pageUrl("author/signin.html");
    browser.open(url);
    Map<String, String> values = new LinkedHashMap<>();
    values.put("email", "ada@example.com");
    values.put("password", canary);
    String[] args = new String[extra.length + 4];
    System.arraycopy(new String[] {"--var", "email=the account's email", "--var", "password=the account's password"}, 0, args, 0, 4);
    System.arraycopy(extra, 0, args, 4, extra.length);
    return AuthorRun.inProcess(browser.client(), dir, url, "Sign in and read the order number", SIGN_IN_PLAN, values, "", args);
  }

  @Test
  void programAgentSignsInReadsTheOrderAndExportsAWorkflowThatLoads() throws Exception {
    AuthorRun run = signIn("pw-" + UUID.randomUUID(), "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    Workflow wf = WorkflowYaml.read(run.exported());
    List<Step> steps = wf.steps();
    assertThat(steps).extracting(Step::type).containsExactly("navigate", "fill", "fill", "click", "extract");
    assertThat(steps.get(1).value()).isEqualTo("{{ email }}");
    assertThat(steps.get(2).value()).isEqualTo("{{ password }}");
    assertThat(steps.subList(1, steps.size())).extracting(s -> s.selector().css()).containsExactly("#email", "#password", "#go", "#order");
    assertThat(wf.variables()).containsKeys("email", "password");

    List<JsonNode> turns = run.turns();
    assertThat(turns).hasSize(6);
    for (JsonNode t : turns) {
      assertThat(t.fieldNames()).toIterable().containsExactly("steps", "step", "notes", "trail", "count", "ok", "done",
          "error", "data", "reasoning", "failures", "budget", "match_url", "url", "continue");
    }
    assertThat(turns.get(4).path("data").asText()).isEqualTo("Order A-4711");
    JsonNode last = turns.get(5);
    assertThat(last.path("done").asBoolean()).isTrue();
    assertThat(last.path("continue").asBoolean()).isFalse();
    assertThat(last.path("count").asInt()).isEqualTo(5);
    assertThat(run.prompts()).hasSize(5);
    assertThat(browser.eval("document.getElementById('who').textContent").asText()).isEqualTo("Signed in as ada@example.com");
  }

  @Test
  void canaryValueReachesThePageButNoPromptOutputJournalLogOrExport() throws Exception {
    String canary = "canary-" + UUID.randomUUID().toString().replace("-", "");
    AuthorRun run = signIn(canary, "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    // The page really got it: the field holds it.
    assertThat(browser.eval("document.getElementById('password').value").asText()).isEqualTo(canary);
    assertThat(run.prompts()).isNotEmpty();
    assertThat(String.join("\n", run.prompts())).doesNotContain(canary).contains("{{ password }}");
    assertThat(run.out()).isNotBlank().doesNotContain(canary);
    assertThat(run.err()).doesNotContain(canary);
    assertThat(run.journals()).isNotBlank().doesNotContain(canary);
    assertThat(run.log()).contains("prompt").doesNotContain(canary);
    assertThat(run.exported()).contains("{{ password }}").doesNotContain(canary);
  }

  @Test
  void askOnTheTerminalRecordsTheRejectionReasonAsTheTurnsError() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "Message", "value", "Where is my order?"),
        Map.of("type", "click", "name", "Send message"),
        Map.of("blocked", "the person refused to send the message"));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", plan, Map.of(),
        "n because wrong account\n", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_BLOCKED);
    assertThat(run.err()).contains("Approval needed: click").contains("button \"Send message\"").contains("#send")
        .contains("submit, send or post").contains("Perform it?").contains("origin:   http://127.0.0.1:");
    List<JsonNode> turns = run.turns();
    JsonNode rejected = turns.stream().filter(t -> "click".equals(t.path("trail").path(t.path("trail").size() - 1).path("type").asText()))
        .findFirst().orElseThrow(() -> new AssertionError("no click turn in " + run.out()));
    assertThat(rejected.path("ok").asBoolean()).isFalse();
    assertThat(rejected.path("error").asText()).contains("because wrong account");
    JsonNode lastTurn = turns.get(turns.size() - 1).path("trail");
    assertThat(lastTurn.get(2).path("error").asText()).contains("because wrong account");
    assertThat(browser.eval("window.__sent === undefined").asBoolean()).isTrue();
    assertThat(run.exported()).isEmpty();
  }

  /**
   * continue_on's selector waits for an element to appear, wherever the page draws it: here in a web component's shadow
   * tree, while the page keeps a hidden element that matches from the start (which ends no wait).
   */
  @Test
  void userStepEndsWhenTheElementItWaitsForShowsInsideAComponent() throws Exception {
    String url = browser.pageUrl("author/puzzle.html?drawn");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "userStep", "prompt", "Solve the puzzle, then press Continue",
            "continue_on", Map.of("selector", "p.solved", "timeout_ms", 20000)),
        Map.of("done", true));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Get past the check", plan, Map.of(), "", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(run.err()).contains("continued: the page shows what continue_on waits for");
    assertThat(browser.eval("window.__gateAtSolve === true").asBoolean()).as("the wait still stood when the puzzle was solved").isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"author/puzzle.html", "author/puzzle.html?drawn"})
  void userStepAsksOnTheTerminalAndInThePageAndGivesTheTurnBack(String page) throws Exception {
    // ?drawn: the words continue_on waits for are drawn by a web component in its shadow tree, where innerText does not look
    String url = browser.pageUrl(page);
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "userStep", "prompt", "Solve the puzzle, then press Continue",
            "continue_on", Map.of("text", "Puzzle solved", "timeout_ms", 20000)),
        Map.of("done", true));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Get past the check", plan, Map.of(), "", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(run.err()).contains("Your turn in the browser: Solve the puzzle, then press Continue")
        .contains("continues by itself when the text \"Puzzle solved\" shows").contains("Continue is in Waymark's side panel")
        .contains("continued: the page shows what continue_on waits for");
    assertThat(browser.eval("window.__sawGate === true").asBoolean()).isTrue();
    List<JsonNode> turns = run.turns();
    JsonNode gate = turns.get(1);
    assertThat(gate.path("ok").asBoolean()).isTrue();
    assertThat(gate.path("step").path("type").asText()).isEqualTo("userStep");
    // the turn spent waiting on the person is given back
    assertThat(gate.path("budget").asInt()).isEqualTo(turns.get(0).path("budget").asInt());
    assertThat(WorkflowYaml.read(run.exported()).steps()).extracting(Step::type).containsExactly("navigate", "userStep");
  }

  /** Issue 26: Enter on the terminal is the person's Continue for a userStep that waits only for one. */
  @Test
  void enterOnTheTerminalContinuesAManualUserStep() throws Exception {
    String url = browser.pageUrl("author/puzzle.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "userStep", "prompt", "Check the order by hand, then press Continue"),
        Map.of("done", true));

    java.io.PipedOutputStream keyboard = new java.io.PipedOutputStream();
    java.io.PipedInputStream typed = new java.io.PipedInputStream(keyboard);
    // Typed before the question: no answer to it.
    keyboard.write("\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    keyboard.flush();
    java.util.concurrent.CompletableFuture<AuthorRun> running = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return AuthorRun.inProcess(browser.client(), dir, url, "Get the order checked", plan, Map.of(), typed, "--approve", "auto");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20))
        .until(() -> browser.eval("window.__sawGate === true").asBoolean());
    Thread.sleep(500);
    assertThat(running).as("a line typed before the step asked is no Continue").isNotDone();
    keyboard.write("\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    keyboard.flush();
    AuthorRun run = running.get(30, java.util.concurrent.TimeUnit.SECONDS);
    keyboard.close();

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(run.err()).contains("Your turn in the browser: Check the order by hand, then press Continue")
        .contains("Press Enter here when it is done, or Continue is in Waymark's side panel");
    assertThat(browser.eval("window.__sawGate === true").asBoolean()).as("the gate was up in the page").isTrue();
    assertThat(run.turns().get(1).path("ok").asBoolean()).isTrue();
    assertThat(run.journals()).contains("\"answered_by\":\"terminal\"");
  }

  @Test
  void aHandoffLeavesTheTabOpenAndSaysWhereItIs() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(Map.of("handoff", "review the message and send it yourself"));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", plan, Map.of(), "", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_HANDED_OFF);
    assertThat(run.err()).contains("handed the page to the person: review the message and send it yourself")
        .contains("The tab stays at " + url);
    // the tab is still there, on the page, in front of the person
    assertThat(browser.eval("location.href").asText()).isEqualTo(url);
    assertThat(browser.client().isConnected()).isTrue();
  }

  @Test
  void aRiskyStepIsApprovedInTheSidePanelWhileTheTerminalAsks() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "Message", "value", "Where is my order?"),
        Map.of("type", "click", "name", "Send message"),
        Map.of("done", true));
    // The person never types: the only answer comes from the side panel.
    java.io.PipedOutputStream keyboard = new java.io.PipedOutputStream();
    java.io.PipedInputStream silent = new java.io.PipedInputStream(keyboard);
    java.util.concurrent.CompletableFuture<AuthorRun> running = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", plan, Map.of(), silent, "--approve", "ask");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    String panel = browser.cdp().createTarget("chrome-extension://" + browser.extensionId() + "/sidepanel.html");
    try {
      String ready = browser.cdp().waitForText(panel, "document.getElementById('approve') ? 'ready' : ''", "ready",
          java.time.Duration.ofSeconds(30));
      assertThat(ready).as("the approval card in the side panel").isEqualTo("ready");
      assertThat(browser.cdp().evaluate(panel, "document.querySelector('section.card').textContent").asText())
          .contains("Send message", "submit, send or post");
      browser.cdp().evaluate(panel, "document.getElementById('approve').click(), 1");
      AuthorRun run = running.get(60, java.util.concurrent.TimeUnit.SECONDS);

      assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
      assertThat(run.err()).contains("Approval needed: click", "Answered in the browser's side panel.");
      assertThat(browser.eval("window.__sent").asInt()).isEqualTo(1);
      assertThat(run.journals()).contains("\"answered_by\":\"chrome\"");
    } finally {
      browser.cdp().closeTarget(panel);
      keyboard.close();
    }
  }

  private static final List<Map<String, Object>> SEND_PLAN = List.of(
      Map.of("type", "fill", "name", "Message", "value", "Where is my order?"),
      Map.of("type", "click", "name", "Send message"),
      Map.of("blocked", "the message could not be sent"));

  @Test
  void denyRefusesTheRiskyStepWithoutAskingAndTheNextTurnReadsWhy() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", SEND_PLAN, Map.of(), "",
        "--approve", "deny");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_BLOCKED);
    assertThat(run.err()).doesNotContain("Approval needed");
    assertThat(run.turns().get(2).path("error").asText()).contains("approval policy blocks submit, send or post");
    assertThat(run.prompts().get(2)).contains("approval policy blocks");
    assertThat(browser.eval("window.__sent === undefined").asBoolean()).isTrue();
  }

  @Test
  void terminalClosedDuringAQuestionStopsWithoutPerforming() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", SEND_PLAN, Map.of(), "",
        "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_STOPPED);
    assertThat(run.err()).contains("Approval needed").contains("terminal closed").contains("journal kept at");
    assertThat(browser.eval("window.__sent === undefined").asBoolean()).isTrue();
    assertThat(run.journals()).contains("the person stopped the session");
  }

  @Test
  void approvingOnTheTerminalPerformsTheStepAndExports() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "Message", "value", "Where is my order?"),
        Map.of("type", "click", "name", "Send message"),
        Map.of("done", true));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", plan, Map.of(), "y\n",
        "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(browser.eval("window.__sent").asInt()).isEqualTo(1);
    assertThat(WorkflowYaml.read(run.exported()).steps()).extracting(Step::type).containsExactly("navigate", "fill", "click");
  }

  @Test
  void failuresInARowEndTheRunWithTheLastError() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "No such button"),
        Map.of("type", "click", "name", "No such button"),
        Map.of("type", "click", "name", "No such button"),
        Map.of("done", true));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Press a missing button", plan, Map.of(), "");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_FAILURES);
    assertThat(run.err()).contains("3 turns in a row failed").contains("ref \"e999\" is not in the current observation");
    assertThat(run.turns().get(3).path("failures").asInt()).isEqualTo(3);
    assertThat(run.turns().get(3).path("continue").asBoolean()).isFalse();
  }

  @Test
  void aSpentBudgetEndsTheRunAndSaysHowToGoOn() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Send the support message", SEND_PLAN, Map.of(), "",
        "--budget", "1");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_BUDGET);
    assertThat(run.err()).contains("--budget");
    assertThat(run.turns()).hasSize(2);
    assertThat(run.turns().get(1).path("budget").asInt()).isZero();
    // Nothing lost: the studio offers the unfinished journal, the run's steps and trail in it.
    var unfinished = dev.waymark.session.SessionJournal.unfinished(run.dir().resolve("journals"));
    assertThat(unfinished).hasSize(1);
    assertThat(unfinished.get(0).state().trail()).hasSize(2);
    assertThat(run.err()).contains("the studio offers to recover this session");
  }

  @Test
  void aDecisionProgramThatDiesEndsTheRunWithItsWords() throws Exception {
    String url = browser.pageUrl("author/message.html");
    browser.open(url);
    java.nio.file.Path script = dir.resolve("dies.sh");
    java.nio.file.Files.writeString(script, "#!/bin/sh\nread prompt\necho 'no model configured' >&2\nexit 3\n");
    script.toFile().setExecutable(true);
    List<String> args = AuthorRun.args(dir, url, "anything", List.of(), Map.of(), dir.resolve("out.yaml"));
    AuthorCommand cmd = new AuthorCommand();
    cmd.connectedClient = browser.client();
    cmd.terminalIn = new java.io.ByteArrayInputStream(new byte[0]);
    cmd.journalDir = dir.resolve("journals");
    picocli.CommandLine cl = new picocli.CommandLine(cmd);
    java.io.StringWriter err = new java.io.StringWriter();
    cl.setOut(new java.io.PrintWriter(new java.io.StringWriter(), true));
    cl.setErr(new java.io.PrintWriter(err, true));
    List<String> a = new java.util.ArrayList<>(args);
    a.set(a.indexOf("--model") + 1, "program:" + script);

    int code = cl.execute(a.toArray(String[]::new));

    assertThat(code).as(err.toString()).isEqualTo(AuthorCommand.EXIT_SOURCE_FAILED);
    assertThat(err.toString()).contains("exited").contains("no model configured");
  }
}

package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.apply.Capabilities;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.cli.RunCommand;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.session.SidePanel;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * An agent on the SDK's own MCP client drives a task over the studio's Streamable HTTP endpoint in real Chromium: a
 * stale generation is refused, a risky step rejected in the side panel comes back with the person's reason, a dialog
 * and a download go through only after the person approved them, a user_step waits for the person, a handoff ends
 * the task. Every claim is checked against the page's own log, not against the answers.
 */
@RealBrowser
class McpOverHttpChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  private static final String MESSAGE = "canary-message-4711";
  private AuthoringSession session;
  private SidePanel panel;
  private McpHttpEndpoint endpoint;
  private AgentClient agent;
  private AgentTasks tasks;

  @BeforeEach
  void start() throws Exception {
    browser.open("about:blank");
    session = new AuthoringSession(new AuthoringSession.Config(new BridgeSessionBrowser(browser.client(), ObserveOptions.defaults()),
        new RuleRiskGate(), ApprovalPolicy.defaults(), dir.resolve("journals"), Runnable::run, 15_000));
    panel = SidePanel.over(browser.client(), session, step -> Approval.byPerson(step, Approval.Channel.CHROME), "studio");
    Map<String, String> values = Map.of("message", MESSAGE);
    tasks = new AgentTasks(session, AgentTasks.Host.of(values, Capabilities.ALL));
    WorkflowRuns runs = new WorkflowRuns((wf, vals, lines) -> new WorkflowRunner(new BridgeReplayBrowser(browser.client()))
        .run(wf, WorkflowRunner.Options.of(vals).withListeners(r -> { }, lines)), () -> values, session::policy);
    McpToken token = McpToken.generate();
    endpoint = McpHttpEndpoint.start(new WaymarkMcp(tasks, runs), token, 0);
    agent = AgentClient.overHttp("http://127.0.0.1:" + endpoint.port(), token.reveal());
  }

  @AfterEach
  void stop() {
    if (agent != null) agent.close();
    if (endpoint != null) endpoint.close();
    if (panel != null) panel.close();
    if (session != null) session.close();
  }

  private AgentClient.Answer startTask() {
    AgentClient.Answer a = agent.call("task_start", Map.of("goal", "Write to support and tidy the drafts",
        "start_url", browser.pageUrl("agent/desk.html"), "variables", Map.of("message", "what to tell support")));
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(a.generation()).isEqualTo(1);
    assertThat(a.text()).contains("Support desk", "Send message", "message");
    return a;
  }

  @Test
  void anAgentRunsATaskThroughEveryGateAndThePageShowsOnlyWhatThePersonAllowed() throws Exception {
    AgentClient.Answer a = startTask();

    AgentClient.Answer stale = agent.call("task_respond", Map.of("task_id", a.taskId(), "interaction_generation", 0,
        "action", Map.of("kind", "click", "ref", a.ref("Send message"))));
    assertThat(stale.error()).isTrue();
    assertThat(stale.text()).contains("stale", "Nothing was done", "Send message");
    assertThat(stale.generation()).isEqualTo(1);
    assertThat(log()).isEmpty();

    a = agent.respond(a, Map.of("kind", "type", "ref", a.ref("Message"), "text", "{{ message }}"));
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(a.generation()).isEqualTo(2);
    assertThat(browser.eval("document.getElementById('msg').value").asText()).isEqualTo(MESSAGE);
    assertThat(a.text()).doesNotContain(MESSAGE);

    // A submit waits for the person, who rejects it in Chrome's side panel with a reason.
    AgentClient.Answer before = a;
    CompletableFuture<AgentClient.Answer> sending = CompletableFuture.supplyAsync(
        () -> agent.respond(before, Map.of("kind", "click", "ref", before.ref("Send message"))));
    answerInSidePanel(false, "wrong account");
    AgentClient.Answer rejected = sending.get(60, TimeUnit.SECONDS);
    assertThat(rejected.error()).isTrue();
    assertThat(rejected.text()).contains("The person rejected the step", "wrong account");
    assertThat(rejected.generation()).as("nothing reached the page").isEqualTo(2);
    assertThat(agent.progress).anyMatch(p -> p.contains("Waiting for the person to approve"));
    assertThat(log()).isEmpty();

    // Delete waits for the person; approved, its confirm dialog is still dismissed and reported. Repeated with
    // acceptDialog, the person approves again and the page gets its OK.
    AgentClient.Answer drafts = rejected;
    CompletableFuture<AgentClient.Answer> deleting = CompletableFuture.supplyAsync(
        () -> agent.respond(drafts, Map.of("kind", "click", "ref", drafts.ref("Delete Old draft"))));
    answerInSidePanel(true, null);
    a = deleting.get(60, TimeUnit.SECONDS);
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(a.text()).contains("confirm", "dismissed", "acceptDialog: true");
    assertThat(log()).containsExactly("confirm:false");
    AgentClient.Answer dismissed = a;
    CompletableFuture<AgentClient.Answer> accepting = CompletableFuture.supplyAsync(() -> agent.respond(dismissed,
        Map.of("kind", "click", "ref", dismissed.ref("Delete Old draft"), "acceptDialog", true)));
    answerInSidePanel(true, null);
    a = accepting.get(60, TimeUnit.SECONDS);
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(a.text()).contains("approved by the person");
    assertThat(log()).containsExactly("confirm:false", "confirm:true");
    assertThat(browser.eval("document.querySelectorAll('#drafts li').length").asInt()).isZero();

    // A download is blocked and listed; repeated with allowDownload, the person approves it and it is saved.
    a = agent.respond(a, Map.of("kind", "click", "ref", a.ref("Export CSV")));
    assertThat(a.text()).contains("download", "allowDownload: true");
    assertThat(a.data().path("last_turn").path("outcome").path("downloads").get(0).has("saved_to")).isFalse();
    AgentClient.Answer blocked = a;
    CompletableFuture<AgentClient.Answer> downloading = CompletableFuture.supplyAsync(() -> agent.respond(blocked,
        Map.of("kind", "click", "ref", blocked.ref("Export CSV"), "allowDownload", true)));
    answerInSidePanel(true, null);
    a = downloading.get(60, TimeUnit.SECONDS);
    assertThat(a.error()).as(a.toString()).isFalse();
    String saved = a.data().path("last_turn").path("outcome").path("downloads").get(0).path("saved_to").asText();
    assertThat(saved).as(a.toString()).isNotBlank();
    await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(Path.of(saved)));
    Files.deleteIfExists(Path.of(saved));

    // The person signs in with their passkey; the call waits for them and answers with the fresh page.
    AgentClient.Answer signedOut = a;
    CompletableFuture<AgentClient.Answer> signing = CompletableFuture.supplyAsync(() -> agent.respond(signedOut,
        Map.of("kind", "user_step", "reason", "Sign in with your passkey", "method", "passkey", "until_text", "Signed in as Ada")));
    await().atMost(Duration.ofSeconds(20)).until(() -> session.latest().userStep() != null);
    browser.trustedClick("#signin");
    a = signing.get(60, TimeUnit.SECONDS);
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(a.text()).startsWith("ok: ").contains("continue_on");
    assertThat(log()).endsWith("signin");
    assertThat(browser.eval("document.getElementById('who').textContent").asText()).isEqualTo("Signed in as Ada");

    a = agent.respond(a, Map.of("kind", "handoff", "summary", "Check the drafts yourself"));
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(a.text()).contains("Handed off");
    AgentClient.Answer after = agent.respond(a, Map.of("kind", "click", "ref", a.ref("Send message")));
    assertThat(after.error()).isTrue();
    assertThat(after.text()).contains("has ended");
    assertThat(log()).doesNotContain("sent:" + MESSAGE);
  }

  @Test
  void theExportedWorkflowReplaysWithRunAndTheAgentNeverSeesTheValue() throws Exception {
    AgentClient.Answer a = startTask();
    a = agent.respond(a, Map.of("kind", "type", "ref", a.ref("Message"), "text", "{{ message }}", "label", "Write the message"));
    AgentClient.Answer typed = a;
    CompletableFuture<AgentClient.Answer> sending = CompletableFuture.supplyAsync(
        () -> agent.respond(typed, Map.of("kind", "click", "ref", typed.ref("Send message"))));
    answerInSidePanel(true, null);
    a = sending.get(60, TimeUnit.SECONDS);
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(log()).containsExactly("sent:" + MESSAGE);
    a = agent.respond(a, Map.of("kind", "done", "summary", "the message was sent"));
    assertThat(a.text()).contains("done");

    Path yaml = dir.resolve("desk.yaml");
    AgentClient.Answer exported = agent.call("task_export", Map.of("task_id", a.taskId(), "path", yaml.toString()));
    assertThat(exported.error()).as(exported.toString()).isFalse();
    String text = Files.readString(yaml);
    assertThat(text).contains("{{ message }}", "target:").doesNotContain(MESSAGE);
    assertThat(exported.text()).doesNotContain(MESSAGE);
    AgentClient.Answer again = agent.call("task_export", Map.of("task_id", a.taskId(), "path", dir.resolve("values.txt").toString()));
    assertThat(again.error()).isTrue();
    Files.writeString(dir.resolve("mine.yaml"), "person's own file");
    AgentClient.Answer clobber = agent.call("task_export", Map.of("task_id", a.taskId(), "path", dir.resolve("mine.yaml").toString()));
    assertThat(clobber.error()).isTrue();
    assertThat(clobber.text()).contains("never overwrites");
    assertThat(Files.readString(dir.resolve("mine.yaml"))).isEqualTo("person's own file");

    // workflow_run asks nobody, so the send step (a submit) keeps it from running for the agent.
    AgentClient.Answer refused = agent.call("workflow_run", Map.of("path", yaml.toString()));
    assertThat(refused.error()).isTrue();
    assertThat(refused.text()).contains("would wait for the person", "waymark run");

    // The person replays it themselves with run and the values file: the page gets the message once more.
    browser.open("about:blank");
    Path values = dir.resolve("values.txt");
    Files.writeString(values, "message=" + MESSAGE + "\n");
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-------"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(browser.client()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(yaml.toString(), "--values-file", values.toString());
    assertThat(code).as(out + "\n" + err).isZero();
    assertThat(log()).containsExactly("sent:" + MESSAGE);
  }

  @Test
  void workflowRunReplaysASafeWorkflowWithThePersonsValuesAndReportsEachStep() throws Exception {
    AgentClient.Answer a = startTask();
    a = agent.respond(a, Map.of("kind", "type", "ref", a.ref("Message"), "text", "{{ message }}"));
    a = agent.respond(a, Map.of("kind", "done"));
    Path yaml = dir.resolve("typed.yaml");
    assertThat(agent.call("task_export", Map.of("task_id", a.taskId(), "path", yaml.toString())).error()).isFalse();
    browser.open("about:blank");

    AgentClient.Answer run = agent.call("workflow_run", Map.of("path", yaml.toString()));

    assertThat(run.error()).as(run.toString()).isFalse();
    assertThat(run.data().path("ok").asBoolean()).isTrue();
    assertThat(run.data().path("steps")).hasSize(2);
    assertThat(run.toString()).doesNotContain(MESSAGE);
    assertThat(browser.eval("document.getElementById('msg').value").asText()).isEqualTo(MESSAGE);
  }

  @Test
  void badActionsComeBackAsErrorsThatSayWhatToSendAndChangeNothing() throws Exception {
    AgentClient.Answer a = startTask();
    AgentClient.Answer ghost = agent.respond(a, Map.of("kind", "click", "ref", "e999"));
    assertThat(ghost.error()).isTrue();
    assertThat(ghost.text()).contains("e999");
    AgentClient.Answer noKind = agent.respond(a, Map.of("ref", "e1"));
    assertThat(noKind.error()).isTrue();
    assertThat(noKind.text()).contains("kind");
    AgentClient.Answer wrongTask = agent.call("task_state", Map.of("task_id", "t-nope"));
    assertThat(wrongTask.error()).isTrue();
    assertThat(wrongTask.text()).contains("no task t-nope", a.taskId());
    AgentClient.Answer state = agent.call("task_state", Map.of("task_id", a.taskId()));
    assertThat(state.error()).isFalse();
    assertThat(state.generation()).isEqualTo(1);
    assertThat(log()).isEmpty();
  }

  @Test
  void toolsAreListedWithTheirSchemas() {
    List<String> names = agent.sdk().listTools().tools().stream().map(t -> t.name()).toList();
    assertThat(names).containsExactly("task_start", "task_state", "task_respond", "task_export", "task_list", "task_end",
        "workflow_run");
    var respond = agent.sdk().listTools().tools().stream().filter(t -> t.name().equals("task_respond")).findFirst().orElseThrow();
    assertThat(String.valueOf(respond.inputSchema().get("required"))).isEqualTo("[task_id, interaction_generation, action]");
    assertThat(respond.description()).contains("Never invent refs that are not in task_state");
  }

  private List<String> log() throws Exception {
    var n = browser.eval("JSON.stringify(window.__log || [])");
    return List.of(Json.mapper().readValue(n.asText(), String[].class));
  }

  /** The person answers the waiting step in Chrome's side panel (an extension page, never the web page). */
  private void answerInSidePanel(boolean approve, String reason) throws Exception {
    await().atMost(Duration.ofSeconds(30)).until(() -> session.latest().pending() != null);
    String target = browser.cdp().createTarget("chrome-extension://" + browser.extensionId() + "/sidepanel.html");
    try {
      browser.cdp().waitForText(target, "document.getElementById('approve') ? 'ready' : ''", "ready", Duration.ofSeconds(30));
      if (approve) {
        browser.cdp().evaluate(target, "document.getElementById('approve').click(), 1");
      } else {
        browser.cdp().evaluate(target, "document.getElementById('reject-reason').value = " + Json.write(reason)
            + ", document.getElementById('reject').click(), 1");
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> session.latest().pending() == null);
    } finally {
      browser.cdp().closeTarget(target);
    }
  }

  @SuppressWarnings("unused")
  private static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return m;
  }
}

package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.cli.McpLanes;
import dev.waymark.cli.RunCommand;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * Two agents, each on its own MCP client, run a task at once on one Waymark server in one real Chromium, on two
 * sites: each task works in a tab of its own, both submits wait for the person, and the person answers each card in
 * the side panel by the task it names (approve one, reject the other); the pages' own logs show that only the
 * approved one was sent, in the right tab. task_list shows both, task_end ends one, and both exports replay.
 */
@RealBrowser
class SeveralTasksChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  private McpLanes lanes;
  private McpHttpEndpoint endpoint;
  private AgentClient first;
  private AgentClient second;

  @BeforeEach
  void start() throws Exception {
    browser.open("about:blank");
    lanes = new McpLanes(browser.client(), ObserveOptions.defaults(), new PrintWriter(Writer.nullWriter()), true,
        ApprovalPolicy.defaults(), dir.resolve("journals"), 15_000, true, 4);
    AgentTasks tasks = new AgentTasks(lanes, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
    WorkflowRuns runs = new WorkflowRuns((w, v, l) -> { throw new IllegalStateException("not here"); }, Map::of,
        ApprovalPolicy::defaults);
    McpToken token = McpToken.generate();
    endpoint = McpHttpEndpoint.start(new WaymarkMcp(tasks, runs), token, 0);
    first = AgentClient.overHttp("http://127.0.0.1:" + endpoint.port(), token.reveal());
    second = AgentClient.overHttp("http://127.0.0.1:" + endpoint.port(), token.reveal());
  }

  @AfterEach
  void stop() {
    if (first != null) first.close();
    if (second != null) second.close();
    if (endpoint != null) endpoint.close();
    if (lanes != null) lanes.close();
  }

  @Test
  void twoAgentsRunTwoTasksAtOnceEachInItsOwnTabAndThePersonAnswersEachByItsName() throws Exception {
    String deskA = browser.pageUrl("agent/desk.html");
    String deskB = deskA.replace("127.0.0.1", "localhost");
    AgentClient.Answer a = first.call("task_start", Map.of("goal", "Write to support A", "start_url", deskA));
    AgentClient.Answer b = second.call("task_start", Map.of("goal", "Write to support B", "start_url", deskB));
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(b.error()).as(b.toString()).isFalse();
    assertThat(a.taskId()).isNotEqualTo(b.taskId());

    // Each task types into its own tab, side by side.
    AgentClient.Answer a0 = a;
    AgentClient.Answer b0 = b;
    CompletableFuture<AgentClient.Answer> typingA = CompletableFuture.supplyAsync(
        () -> first.respond(a0, Map.of("kind", "type", "ref", a0.ref("Message"), "text", "from A")));
    CompletableFuture<AgentClient.Answer> typingB = CompletableFuture.supplyAsync(
        () -> second.respond(b0, Map.of("kind", "type", "ref", b0.ref("Message"), "text", "from B")));
    a = typingA.get(60, TimeUnit.SECONDS);
    b = typingB.get(60, TimeUnit.SECONDS);
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(b.error()).as(b.toString()).isFalse();
    String tabA = tab("127.0.0.1");
    String tabB = tab("localhost");
    assertThat(tabA).isNotEqualTo(tabB);
    assertThat(page(tabA, "document.getElementById('msg').value")).isEqualTo("from A");
    assertThat(page(tabB, "document.getElementById('msg').value")).isEqualTo("from B");

    // Both submits wait for the person; the side panel shows one card per task, each naming its task.
    AgentClient.Answer a1 = a;
    AgentClient.Answer b1 = b;
    CompletableFuture<AgentClient.Answer> sendingA = CompletableFuture.supplyAsync(
        () -> first.respond(a1, Map.of("kind", "click", "ref", a1.ref("Send message"))));
    CompletableFuture<AgentClient.Answer> sendingB = CompletableFuture.supplyAsync(
        () -> second.respond(b1, Map.of("kind", "click", "ref", b1.ref("Send message"))));
    String panel = browser.cdp().createTarget("chrome-extension://" + browser.extensionId() + "/sidepanel.html");
    try {
      browser.cdp().waitForText(panel, "String(document.querySelectorAll('section.card').length)", "2", Duration.ofSeconds(30));
      String cards = browser.cdp().evaluate(panel, "[...document.querySelectorAll('section.card')].map(c => c.textContent).join('\\n')").asText();
      assertThat(cards).contains("Task " + a.taskId() + ": Write to support A", "Task " + b.taskId() + ": Write to support B");
      // The person approves B's card and rejects A's, each found by the task it names.
      browser.cdp().evaluate(panel, cardOf(b.taskId()) + ".querySelector('#approve').click(), 1");
      AgentClient.Answer sentB = sendingB.get(60, TimeUnit.SECONDS);
      assertThat(sentB.error()).as(sentB.toString()).isFalse();
      assertThat(sendingA.isDone()).as("A still waits for its own answer").isFalse();
      browser.cdp().evaluate(panel, cardOf(a.taskId()) + ".querySelector('#reject-reason').value = 'not this one', "
          + cardOf(a.taskId()) + ".querySelector('#reject').click(), 1");
      AgentClient.Answer rejectedA = sendingA.get(60, TimeUnit.SECONDS);
      assertThat(rejectedA.error()).isTrue();
      assertThat(rejectedA.text()).contains("The person rejected the step", "not this one");
      b = sentB;
      a = rejectedA;
    } finally {
      browser.cdp().closeTarget(panel);
    }
    assertThat(log(tabB)).containsExactly("sent:from B");
    assertThat(log(tabA)).isEmpty();

    AgentClient.Answer list = first.call("task_list", Map.of());
    assertThat(list.text()).contains(a.taskId(), b.taskId(), "2 of 2 tasks running");

    // A ends; its workflow can still be exported, and B goes on.
    assertThat(first.call("task_end", Map.of("task_id", a.taskId())).error()).isFalse();
    assertThat(first.respond(a, Map.of("kind", "done")).text()).contains("has ended");
    b = second.respond(b, Map.of("kind", "done", "summary", "sent"));
    Path yamlA = dir.resolve("a.yaml");
    Path yamlB = dir.resolve("b.yaml");
    assertThat(first.call("task_export", Map.of("task_id", a.taskId(), "path", yamlA.toString())).error()).isFalse();
    assertThat(second.call("task_export", Map.of("task_id", b.taskId(), "path", yamlB.toString())).error()).isFalse();
    assertThat(Files.readString(yamlA)).contains("from A").doesNotContain("from B");
    assertThat(Files.readString(yamlB)).contains("from B").doesNotContain("from A");

    // Both exports replay without a model, once the tasks have let go of their tabs; the page's log says what each did.
    assertThat(second.call("task_end", Map.of("task_id", b.taskId())).error()).isFalse();
    browser.open("about:blank");
    assertThat(run(yamlA)).isZero();
    assertThat(browser.eval("document.getElementById('msg').value").asText()).isEqualTo("from A");
    assertThat(run(yamlB)).isZero();
    assertThat(browser.eval("JSON.stringify(window.__log)").asText()).isEqualTo("[\"sent:from B\"]");
  }

  private static String cardOf(String taskId) {
    return "[...document.querySelectorAll('section.card')].find(c => c.textContent.includes('Task " + taskId + "'))";
  }

  private int run(Path yaml) {
    StringWriter out = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(browser.client()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(out, true));
    int code = cl.execute(yaml.toString());
    assertThat(code).as(out.toString()).isZero();
    return code;
  }

  /** The page target whose address is on {@code host}. */
  private String tab(String host) throws Exception {
    String[] found = {null};
    await().atMost(Duration.ofSeconds(10)).until(() -> {
      for (JsonNode t : browser.cdp().targets()) {
        if ("page".equals(t.path("type").asText()) && t.path("url").asText().contains("//" + host + ":")
            && t.path("url").asText().contains("desk.html")) {
          found[0] = t.path("targetId").asText();
          return true;
        }
      }
      return false;
    });
    return found[0];
  }

  private String page(String target, String expression) throws Exception {
    return browser.cdp().evaluate(target, expression).asText();
  }

  private List<String> log(String target) throws Exception {
    return List.of(Json.mapper().readValue(page(target, "JSON.stringify(window.__log || [])"), String[].class));
  }
}

package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.apply.Capabilities;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.cli.McpLanes;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
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

/**
 * {@link SeveralTasksChromiumTest}'s two agents in Firefox with the Waymark add-on: two tasks at once on one server,
 * on two sites, each in a tab of its own; both submits wait for the person, who answers each card in the add-on's
 * sidebar page by the task it names; the pages' own logs show only the approved one was sent, in its own tab; each
 * task's export holds its own steps only.
 */
@RealBrowser
class SeveralTasksOnFirefoxTest {
  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  @TempDir
  Path dir;

  private McpLanes lanes;
  private McpHttpEndpoint endpoint;
  private AgentClient first;
  private AgentClient second;

  @BeforeEach
  void start() throws Exception {
    lanes = new McpLanes(firefox.client(), ObserveOptions.defaults(), new PrintWriter(Writer.nullWriter()), true,
        ApprovalPolicy.defaults(), dir.resolve("journals"), 15_000, true, 4);
    AgentTasks tasks = new AgentTasks(lanes, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
    WorkflowRuns runs = new WorkflowRuns((w, v, l) -> { throw new IllegalStateException("not here"); }, Map::of,
        ApprovalPolicy::defaults);
    McpToken mcpToken = McpToken.generate();
    String token = mcpToken.reveal();
    endpoint = McpHttpEndpoint.start(new WaymarkMcp(tasks, runs), mcpToken, 0);
    first = AgentClient.overHttp("http://127.0.0.1:" + endpoint.port(), token);
    second = AgentClient.overHttp("http://127.0.0.1:" + endpoint.port(), token);
  }

  @AfterEach
  void stop() {
    if (first != null) first.close();
    if (second != null) second.close();
    if (endpoint != null) endpoint.close();
    if (lanes != null) lanes.close();
  }

  @Test
  void twoAgentsRunTwoTasksAtOnceEachInItsOwnTabAndThePersonAnswersEachInTheSidebar() throws Exception {
    String deskA = firefox.pageUrl("agent/desk.html");
    String deskB = deskA.replace("127.0.0.1", "localhost");
    AgentClient.Answer a = first.call("task_start", Map.of("goal", "Write to support A", "start_url", deskA));
    AgentClient.Answer b = second.call("task_start", Map.of("goal", "Write to support B", "start_url", deskB));
    assertThat(a.error()).as(a.toString()).isFalse();
    assertThat(b.error()).as(b.toString()).isFalse();
    assertThat(a.taskId()).isNotEqualTo(b.taskId());

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
    assertThat(firefox.eval(tabA, "document.getElementById('msg').value").asText()).isEqualTo("from A");
    assertThat(firefox.eval(tabB, "document.getElementById('msg').value").asText()).isEqualTo("from B");

    AgentClient.Answer a1 = a;
    AgentClient.Answer b1 = b;
    CompletableFuture<AgentClient.Answer> sendingA = CompletableFuture.supplyAsync(
        () -> first.respond(a1, Map.of("kind", "click", "ref", a1.ref("Send message"))));
    CompletableFuture<AgentClient.Answer> sendingB = CompletableFuture.supplyAsync(
        () -> second.respond(b1, Map.of("kind", "click", "ref", b1.ref("Send message"))));
    String sidebar = firefox.openAddOnPage("sidepanel.html");
    try {
      await("both cards in the sidebar").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
          .until(() -> "2".equals(firefox.eval(sidebar, "String(document.querySelectorAll('section.card').length)").asText()));
      String cards = firefox.eval(sidebar, "[...document.querySelectorAll('section.card')].map(c => c.textContent).join('\\n')").asText();
      assertThat(cards).contains("Task " + a.taskId() + ": Write to support A", "Task " + b.taskId() + ": Write to support B");
      firefox.eval(sidebar, cardOf(b.taskId()) + ".querySelector('#approve').click(), 1");
      AgentClient.Answer sentB = sendingB.get(60, TimeUnit.SECONDS);
      assertThat(sentB.error()).as(sentB.toString()).isFalse();
      assertThat(sendingA.isDone()).as("A still waits for its own answer").isFalse();
      firefox.eval(sidebar, cardOf(a.taskId()) + ".querySelector('#reject-reason').value = 'not this one', "
          + cardOf(a.taskId()) + ".querySelector('#reject').click(), 1");
      AgentClient.Answer rejectedA = sendingA.get(60, TimeUnit.SECONDS);
      assertThat(rejectedA.error()).isTrue();
      assertThat(rejectedA.text()).contains("The person rejected the step", "not this one");
      a = rejectedA;
      b = sentB;
    } finally {
      firefox.closeTab(sidebar);
    }
    assertThat(log(tabB)).containsExactly("sent:from B");
    assertThat(log(tabA)).isEmpty();

    assertThat(first.call("task_list", Map.of()).text()).contains(a.taskId(), b.taskId(), "2 of 2 tasks running");
    assertThat(first.call("task_end", Map.of("task_id", a.taskId())).error()).isFalse();
    b = second.respond(b, Map.of("kind", "done", "summary", "sent"));
    Path yamlA = dir.resolve("a.yaml");
    Path yamlB = dir.resolve("b.yaml");
    assertThat(first.call("task_export", Map.of("task_id", a.taskId(), "path", yamlA.toString())).error()).isFalse();
    assertThat(second.call("task_export", Map.of("task_id", b.taskId(), "path", yamlB.toString())).error()).isFalse();
    assertThat(Files.readString(yamlA)).contains("from A").doesNotContain("from B");
    assertThat(Files.readString(yamlB)).contains("from B").doesNotContain("from A");
    assertThat(second.call("task_end", Map.of("task_id", b.taskId())).error()).isFalse();
  }

  private static String cardOf(String taskId) {
    return "[...document.querySelectorAll('section.card')].find(c => c.textContent.includes('Task " + taskId + "'))";
  }

  /** The tab (BiDi context) showing the desk page on {@code host}. */
  private String tab(String host) {
    String[] found = {null};
    await().atMost(Duration.ofSeconds(10)).until(() -> {
      for (Map.Entry<String, String> t : firefox.tabs().entrySet()) {
        if (t.getValue().contains("//" + host + ":") && t.getValue().contains("desk.html")) {
          found[0] = t.getKey();
          return true;
        }
      }
      return false;
    });
    return found[0];
  }

  private List<String> log(String tab) throws Exception {
    return List.of(Json.mapper().readValue(firefox.eval(tab, "JSON.stringify(window.__log || [])").asText(), String[].class));
  }
}

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
  private String token;

  @BeforeEach
  void start() throws Exception {
    // One tab, the person's, as the browser starts: another test's task tabs and windows are closed.
    String keep = browser.pageTarget();
    for (JsonNode t : browser.cdp().targets()) {
      String id = t.path("targetId").asText();
      if ("page".equals(t.path("type").asText()) && !id.equals(keep)) browser.cdp().closeTarget(id);
    }
    browser.open("about:blank");
    lanes = new McpLanes(browser.client(), ObserveOptions.defaults(), new PrintWriter(Writer.nullWriter()), true,
        ApprovalPolicy.defaults(), dir.resolve("journals"), 15_000, true, 4);
    AgentTasks tasks = new AgentTasks(lanes, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
    WorkflowRuns runs = new WorkflowRuns((w, v, l) -> { throw new IllegalStateException("not here"); }, Map::of,
        ApprovalPolicy::defaults);
    McpToken mcpToken = McpToken.generate();
    token = mcpToken.reveal();
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

  /**
   * Issue 26's "done when": the TypeScript SDK's client and the Java SDK's run two tasks each, all four at once on
   * four sites (two hosts on two servers), each in its own tab. All four submits wait in the side panel at once; the
   * person approves each client's first and rejects its second, finding each card by the task it names; a fifth task
   * is refused while four run. The pages' own logs show only the approved ones were sent, and all four exports
   * replay.
   */
  @Test
  void theTypeScriptAndJavaClientsRunTwoTasksEachAtOnceAndAllFourExportsReplay() throws Exception {
    try (dev.waymark.testing.PageServer other = new dev.waymark.testing.PageServer()) {
      String ts1 = browser.pageUrl("agent/desk.html");
      String ts2 = ts1.replace("127.0.0.1", "localhost");
      String java1 = other.url("agent/desk.html");
      String java2 = java1.replace("127.0.0.1", "localhost");
      Path tsYaml1 = dir.resolve("ts-1.yaml");
      Path tsYaml2 = dir.resolve("ts-2.yaml");
      // The person's own tab, where the studio's own requests act (replays, below): read once, so it is known.
      String personTab = browser.pageTarget();
      // (about:blank itself cannot be read: asking is what makes it the studio's tab, whatever the answer)
      browser.client().observe(dev.waymark.bridge.ObserveOptions.defaults()).get(20, TimeUnit.SECONDS);
      // The person has Waymark's panel open in a tab, the active one: no task may take it for its page.
      String panel = browser.cdp().createTarget("chrome-extension://" + browser.extensionId() + "/sidepanel.html");
      CompletableFuture<Map<String, JsonNode>> typescript = TypeScriptSdkClient.scriptAsync("tasks.mjs",
          "http://127.0.0.1:" + endpoint.port() + McpHttpEndpoint.PATH, token, ts1, ts2, tsYaml1.toString(), tsYaml2.toString());

      CompletableFuture<AgentClient.Answer> javaSend1 = CompletableFuture.supplyAsync(() -> typeAndSend(first, "Java desk 1", java1));
      CompletableFuture<AgentClient.Answer> javaSend2 = CompletableFuture.supplyAsync(() -> typeAndSend(second, "Java desk 2", java2));

      Map<String, Boolean> approve = Map.of("TypeScript desk 1", true, "TypeScript desk 2", false, "Java desk 1", true, "Java desk 2", false);
      try {
        String shown = browser.cdp().waitForText(panel, "String(document.querySelectorAll('section.card').length)", "4", Duration.ofSeconds(60));
        if (!"4".equals(shown)) {
          throw new AssertionError(shown + " cards in the side panel, not 4; its storage: " + browser.cdp().evaluate(panel,
              "chrome.storage.session.get(null).then((s) => JSON.stringify(s).slice(0, 3000))").asText()
              + "\nthe panel: " + browser.cdp().evaluate(panel, "document.body.innerText.slice(0, 1500)").asText()
              + "\nthe tasks:\n" + first.call("task_list", Map.of()).text()
              + "\nJava 1: " + (javaSend1.isDone() ? javaSend1.join() : "waiting") + "\nJava 2: " + (javaSend2.isDone() ? javaSend2.join() : "waiting")
              + "\nTypeScript: " + (typescript.isDone() ? typescript.handle((r, e) -> r != null ? r.toString() : e.toString()).join() : "running"));
        }
        AgentClient.Answer fifth = first.call("task_start", Map.of("goal", "One too many", "start_url", java1));
        assertThat(fifth.error()).isTrue();
        assertThat(fifth.text()).contains("4 are running", "task_end");
        for (Map.Entry<String, Boolean> a : approve.entrySet()) {
          String card = "[...document.querySelectorAll('section.card')].find(c => c.textContent.includes(': " + a.getKey() + "'))";
          try {
            await().atMost(Duration.ofSeconds(10)).until(() -> browser.cdp().evaluate(panel, "!!" + card).asBoolean());
          } catch (org.awaitility.core.ConditionTimeoutException missing) {
            throw new AssertionError("no card for " + a.getKey() + " among:\n" + browser.cdp().evaluate(panel,
                "[...document.querySelectorAll('section.card')].map(c => c.textContent).join('\\n---\\n')").asText(), missing);
          }
          browser.cdp().evaluate(panel, a.getValue() ? card + ".querySelector('#approve').click(), 1"
              : card + ".querySelector('#reject-reason').value = 'not this one', " + card + ".querySelector('#reject').click(), 1");
        }
      } finally {
        browser.cdp().closeTarget(panel);
      }

      AgentClient.Answer sent1 = javaSend1.get(120, TimeUnit.SECONDS);
      AgentClient.Answer sent2 = javaSend2.get(120, TimeUnit.SECONDS);
      assertThat(sent1.error()).as(sent1.toString()).isFalse();
      assertThat(sent2.error()).isTrue();
      assertThat(sent2.text()).contains("The person rejected the step", "not this one");
      Map<String, JsonNode> ts = typescript.get(180, TimeUnit.SECONDS);
      assertThat(ts.get("send-1").path("error").asBoolean()).as(ts.toString()).isFalse();
      assertThat(ts.get("send-2").path("error").asBoolean()).as(ts.toString()).isTrue();
      assertThat(ts.get("send-2").path("text").asText()).contains("The person rejected the step", "not this one");
      assertThat(ts.get("export-1").path("error").asBoolean()).as(ts.toString()).isFalse();
      assertThat(ts.get("export-2").path("error").asBoolean()).as(ts.toString()).isFalse();

      // Each page saw only its own task, and only the approved ones sent.
      assertThat(log(tab(ts1))).containsExactly("sent:from TypeScript 1");
      assertThat(log(tab(ts2))).isEmpty();
      assertThat(log(tab(java1))).containsExactly("sent:from Java desk 1");
      assertThat(log(tab(java2))).isEmpty();
      assertThat(page(tab(ts2), "document.getElementById('msg').value")).isEqualTo("from TypeScript 2");
      assertThat(page(tab(java2), "document.getElementById('msg').value")).isEqualTo("from Java desk 2");

      Path javaYaml1 = dir.resolve("java-1.yaml");
      Path javaYaml2 = dir.resolve("java-2.yaml");
      for (Map.Entry<AgentClient.Answer, Path> e : Map.of(sent1, javaYaml1, sent2, javaYaml2).entrySet()) {
        AgentClient client = e.getKey() == sent1 ? first : second;
        assertThat(client.respond(e.getKey(), Map.of("kind", "done")).error()).isFalse();
        assertThat(client.call("task_export", Map.of("task_id", e.getKey().taskId(), "path", e.getValue().toString())).error()).isFalse();
      }
      for (String t : List.of(sent1.taskId(), sent2.taskId(), ts.get("start-1").path("task").asText(), ts.get("start-2").path("task").asText())) {
        assertThat(first.call("task_end", Map.of("task_id", t)).error()).as(t).isFalse();
      }

      // All four replay without a model in the person's tab, once they have closed the tasks' tabs (the ended tasks
      // left them to the person); the page's log says what each replay did.
      for (JsonNode t : browser.cdp().targets()) {
        String id = t.path("targetId").asText();
        if ("page".equals(t.path("type").asText()) && t.path("url").asText().contains("desk.html") && !id.equals(personTab)) {
          browser.cdp().closeTarget(id);
        }
      }
      assertThat(browser.cdp().evaluate(personTab, "location.href").asText()).as("no task took the person's tab").isEqualTo("about:blank");
      Map<Path, String> expected = new java.util.LinkedHashMap<>();
      expected.put(tsYaml1, "[\"sent:from TypeScript 1\"]");
      expected.put(tsYaml2, "[]");
      expected.put(javaYaml1, "[\"sent:from Java desk 1\"]");
      expected.put(javaYaml2, "[]");
      for (Map.Entry<Path, String> e : expected.entrySet()) {
        assertThat(run(e.getKey())).isZero();
        assertThat(browser.cdp().evaluate(personTab, "JSON.stringify(window.__log)").asText())
            .as(e.getKey() + " at " + browser.cdp().evaluate(personTab, "location.href").asText() + "\n" + Files.readString(e.getKey()))
            .isEqualTo(e.getValue());
      }
      assertThat(browser.cdp().evaluate(personTab, "document.getElementById('msg').value").asText()).isEqualTo("from Java desk 2");
    }
  }

  /** One Java task from start to its submit, which waits for the person: the submit's answer. */
  private static AgentClient.Answer typeAndSend(AgentClient client, String goal, String url) {
    AgentClient.Answer a = client.call("task_start", Map.of("goal", goal, "start_url", url));
    assertThat(a.error()).as(a.toString()).isFalse();
    AgentClient.Answer typed = client.respond(a, Map.of("kind", "type", "ref", a.ref("Message"), "text", "from " + goal));
    assertThat(typed.error()).as(typed.toString()).isFalse();
    return client.respond(typed, Map.of("kind", "click", "ref", typed.ref("Send message")));
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

  /** The page target whose address is on {@code host}, or starts with {@code host} when it is an address. */
  private String tab(String host) throws Exception {
    String[] found = {null};
    String prefix = host.startsWith("http") ? host : null;
    await().atMost(Duration.ofSeconds(10)).until(() -> {
      for (JsonNode t : browser.cdp().targets()) {
        String at = t.path("url").asText();
        boolean here = prefix != null ? at.startsWith(prefix) : at.contains("//" + host + ":") && at.contains("desk.html");
        if ("page".equals(t.path("type").asText()) && here) {
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

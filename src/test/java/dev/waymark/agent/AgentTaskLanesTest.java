package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.workflow.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several tasks at once, each on a lane of its own (a session over its own fake page): list, limit, end, export. */
class AgentTaskLanesTest {
  private final List<AuthoringSession> sessions = new CopyOnWriteArrayList<>();
  private final Map<String, FakeSessionBrowser> pages = new java.util.concurrent.ConcurrentHashMap<>();
  private final List<String> closedLanes = new CopyOnWriteArrayList<>();
  private final Consumer<String> said = s -> { };
  @TempDir Path dir;

  private AgentTasks tasks(int limit) {
    TaskLanes lanes = new TaskLanes() {
      @Override
      public Lane open(String taskId, String goal) {
        FakeSessionBrowser page = FakeSessionBrowser.checkout();
        pages.put(taskId, page);
        AuthoringSession s = new AuthoringSession(new AuthoringSession.Config(page, new RuleRiskGate(),
            ApprovalPolicy.defaults(), null, Runnable::run, 0));
        sessions.add(s);
        return new Lane(s, () -> closedLanes.add(taskId));
      }

      @Override
      public int limit() {
        return limit;
      }
    };
    return new AgentTasks(lanes, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
  }

  @AfterEach
  void close() {
    sessions.forEach(AuthoringSession::close);
  }

  private String start(AgentTasks tasks, String goal) throws InterruptedException {
    TaskReply r = tasks.start(new AgentTasks.Start(goal, "http://127.0.0.1:8000/checkout.html", List.of(), Map.of(), null, null), said);
    assertThat(r.error()).as(r.text()).isFalse();
    return (String) r.structured().get("task_id");
  }

  private static JsonNode action(String json) {
    return Json.read(json, JsonNode.class);
  }

  @Test
  void twoTasksRunSideBySideEachWithItsOwnPageGenerationAndExport() throws Exception {
    AgentTasks tasks = tasks(4);
    String a = start(tasks, "Fill the street");
    String b = start(tasks, "Read the total");
    assertThat(a).isNotEqualTo(b);

    TaskReply filled = tasks.respond(a, 1, action("{\"kind\": \"type\", \"ref\": \"e8\", \"text\": \"Elm Road 7\"}"), said);
    assertThat(filled.error()).as(filled.text()).isFalse();

    // a moved on; b did not: each has its own generation, page and steps.
    assertThat(tasks.state(a, said).text()).contains("interaction_generation: 2");
    assertThat(tasks.state(b, said).text()).contains("interaction_generation: 1");
    assertThat(pages.get(a).performed).extracting(p -> p.step().type()).containsExactly("navigate", "fill");
    assertThat(pages.get(b).performed).extracting(p -> p.step().type()).containsExactly("navigate");
    assertThat(tasks.export(a, null, new HashSet<>()).text()).contains("Elm Road 7");
    assertThat(tasks.export(b, null, new HashSet<>()).text()).doesNotContain("Elm Road 7");

    TaskReply list = tasks.listReply();
    assertThat(list.text()).contains("2 of 2 tasks running", a + ": Fill the street", b + ": Read the total");
    assertThat(tasks.list()).extracting(AgentTasks.TaskSummary::generation).containsExactly(2L, 1L);
  }

  @Test
  void callsOnDifferentTasksDoNotWaitForEachOther() throws Exception {
    AgentTasks tasks = tasks(4);
    tasks.setAnswerLimit(Duration.ofSeconds(5));
    String a = start(tasks, "Place the order");
    String b = start(tasks, "Fill the street");
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      // a's click on Place order waits for the person; meanwhile b acts at once.
      Future<TaskReply> held = pool.submit(() -> tasks.respond(a, 1, action("{\"kind\": \"click\", \"ref\": \"e12\"}"), said));
      AuthoringSession sa = tasks.session(a);
      long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (sa.latest().pending() == null && System.nanoTime() < until) Thread.sleep(20);
      assertThat(sa.latest().pending()).isNotNull();
      assertThat(tasks.list().get(0).waitingFor()).contains("approval of", "Place order");

      TaskReply other = tasks.respond(b, 1, action("{\"kind\": \"type\", \"ref\": \"e8\", \"text\": \"x\"}"), said);
      assertThat(other.error()).as(other.text()).isFalse();
      assertThat(held.isDone()).isFalse();

      sa.approve(Approval.byPerson(sa.latest().pending().step(), Approval.Channel.UI)).get();
      assertThat(held.get().text()).contains("Place order");
      assertThat(tasks.session(b).latest().pending()).isNull();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void pastTheLimitAStartIsRefusedNamingTheTasksAndTaskEndFreesALane() throws Exception {
    AgentTasks tasks = tasks(2);
    String a = start(tasks, "one");
    String b = start(tasks, "two");

    assertThatThrownBy(() -> start(tasks, "three")).isInstanceOf(TaskException.class)
        .hasMessageContaining("at most 2 tasks at once").hasMessageContaining(a).hasMessageContaining(b)
        .hasMessageContaining("task_end");
    assertThat(sessions).hasSize(2);

    TaskReply ended = tasks.end(a, "ended by the agent (task_end)");
    assertThat(ended.text()).contains("Task " + a + " ended");
    assertThat(closedLanes).containsExactly(a);
    assertThatThrownBy(() -> tasks.respond(a, 1, action("{\"kind\": \"click\", \"ref\": \"e12\"}"), said))
        .hasMessageContaining("has ended");
    // Its workflow can still be exported, and its lane is free.
    assertThat(tasks.export(a, null, new HashSet<>()).error()).isFalse();
    String c = start(tasks, "three");
    assertThat(tasks.list()).extracting(AgentTasks.TaskSummary::taskId).containsExactly(a, b, c);
    assertThat(tasks.list().get(0).state()).startsWith("ended");
    assertThat(tasks.end(a, "again").text()).contains("had already ended");
  }

  @Test
  void aFinishedTaskGivesItsLaneToANewOneAndCanStillBeExported() throws Exception {
    AgentTasks tasks = tasks(2);
    String a = start(tasks, "one");
    String b = start(tasks, "two");
    assertThat(tasks.respond(a, 1, action("{\"kind\": \"done\", \"summary\": \"ok\"}"), said).error()).isFalse();

    String c = start(tasks, "three");

    assertThat(closedLanes).containsExactly(a);
    assertThat(tasks.export(a, null, new HashSet<>()).error()).isFalse();
    assertThat(tasks.list()).extracting(AgentTasks.TaskSummary::taskId).containsExactly(a, b, c);
    assertThatThrownBy(() -> start(tasks, "four")).hasMessageContaining("2 are running").hasMessageContaining(b)
        .hasMessageContaining(c);
  }

  @Test
  void anUnknownTaskIdNamesTheTasksThatRun() throws Exception {
    AgentTasks tasks = tasks(4);
    String a = start(tasks, "one");
    assertThatThrownBy(() -> tasks.state("t-nope", said)).hasMessageContaining("no task t-nope")
        .hasMessageContaining(a);
    assertThatThrownBy(() -> tasks.end(" ", "x")).hasMessageContaining("task_id is missing");
  }

  @Test
  void theToolsListAndEndTasksOverMcp() throws Exception {
    AgentTasks tasks = tasks(4);
    String a = start(tasks, "one");
    WaymarkMcp mcp = new WaymarkMcp(tasks, new WorkflowRuns((w, v, l) -> { throw new IllegalStateException("none"); },
        Map::of, ApprovalPolicy::defaults));
    List<String> names = new ArrayList<>();
    mcp.toolSpecs().forEach(t -> names.add(t.tool().name()));
    assertThat(names).contains("task_list", "task_end");
    var list = mcp.toolSpecs().stream().filter(t -> t.tool().name().equals("task_list")).findFirst().orElseThrow();
    var result = list.callHandler().apply(null, new io.modelcontextprotocol.spec.McpSchema.CallToolRequest("task_list", Map.of()));
    assertThat(result.isError()).isFalse();
    assertThat(result.content().toString()).contains(a);
    var end = mcp.toolSpecs().stream().filter(t -> t.tool().name().equals("task_end")).findFirst().orElseThrow();
    var ended = end.callHandler().apply(null, new io.modelcontextprotocol.spec.McpSchema.CallToolRequest("task_end", Map.of("task_id", a)));
    assertThat(ended.isError()).isFalse();
    assertThat(closedLanes).containsExactly(a);
  }
}

package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.workflow.Json;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** task_state and task_respond with {@code since}: deltas in the agent's own refs, and the whole page when they cannot help. */
class AgentPageDeltasTest {
  private static final String URL = "http://127.0.0.1:8000/todos.html";
  private final FakeSessionBrowser browser = new FakeSessionBrowser(todos("Milk", "Rent"));
  private AuthoringSession session;
  private AgentTasks tasks;
  private String id;

  /** A todo list: the new-todo field, a toggle per row (named by its place only), a filter link, help links; refs in page order. */
  private static PageObservation todos(String... titles) {
    return todosAt(URL, titles);
  }

  private static PageObservation todosAt(String url, String... titles) {
    List<ObservedNode> nodes = new ArrayList<>();
    nodes.add(ObservedNode.of("e1", "textbox", "What needs to be done?", "input", "#new-todo"));
    for (int i = 0; i < titles.length; i++) {
      nodes.add(new ObservedNode("e" + (i + 2), "checkbox", "Toggle " + titles[i], "input", "checkbox", null, null, false,
          false, null, null, "li:nth-child(" + (i + 1) + ") input.toggle", null, null, null, null, null, false, false, 0, null, true));
    }
    nodes.add(ObservedNode.of("e" + (titles.length + 2), "link", "Active", "a", "a[href='#/active']"));
    // the rest of the page, which a step on the list leaves as it was
    for (int i = 1; i <= 30; i++) nodes.add(ObservedNode.of("e" + (titles.length + 2 + i), "link", "Help topic " + i, "a", "#help" + i));
    return new PageObservation(url, "Todos", nodes, List.of(), titles.length + " items left", false, null, false, 0, 0, List.of());
  }

  @BeforeEach
  void start() throws Exception {
    session = new AuthoringSession(new AuthoringSession.Config(browser, new RuleRiskGate(), ApprovalPolicy.defaults(), null,
        Runnable::run, 0));
    tasks = new AgentTasks(session, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
    TaskReply first = tasks.start(new AgentTasks.Start("Tidy the todos", URL, List.of(), Map.of(), null, null), s -> { });
    id = (String) first.structured().get("task_id");
    assertThat(first.text()).contains("page: whole\npage \"Todos\"");
  }

  @AfterEach
  void stop() {
    session.close();
  }

  private static JsonNode action(String json) {
    return Json.read(json, JsonNode.class);
  }

  @Test
  void aRowAddedAboveIsTheWholeDeltaAndTheRefsTheAgentHoldsStillReachTheirElements() throws Exception {
    // the agent adds a todo; the page puts it first, and the observer renumbers every row after it
    browser.page = todos("Bread", "Milk", "Rent");
    TaskReply typed = tasks.respond(id, 1, action("{\"kind\": \"type\", \"ref\": \"e1\", \"text\": \"Bread\"}"), 1L, s -> { });

    assertThat(typed.structured()).containsEntry("page", "delta").containsEntry("since", 1);
    assertThat(typed.text()).contains("interaction_generation: 2", "\npage delta since generation 1:",
        "added:\ne35 checkbox \"Toggle Bread\" positional\n", "@@ -1,1 +1,1 @@\n-2 items left\n+3 items left")
        .doesNotContain("Toggle Milk", "Toggle Rent", "Active", "Help topic");

    // e3 is Rent's toggle in the agent's pages, though the observer now calls it e4
    tasks.respond(id, 2, action("{\"kind\": \"click\", \"ref\": \"e3\"}"), 2L, s -> { });
    assertThat(browser.performed.get(browser.performed.size() - 1).step().selector().css()).isEqualTo("li:nth-child(3) input.toggle");
    // and the link the agent knows as e4 is the observer's e5
    tasks.respond(id, 3, action("{\"kind\": \"click\", \"ref\": \"e4\"}"), 3L, s -> { });
    assertThat(browser.performed.get(browser.performed.size() - 1).step().selector().css()).isEqualTo("a[href='#/active']");
  }

  @Test
  void aPageThatDidNotChangeIsOneLineAndTheWholePageIsThereWithoutSince() throws Exception {
    TaskReply same = tasks.state(id, 1L, s -> { });
    assertThat(same.text()).contains("\npage delta since generation 1:", "Nothing on the page changed since generation 1.");
    assertThat(same.text().length()).isLessThan(tasks.state(id, s -> { }).text().length());
    assertThat(tasks.state(id, s -> { }).structured()).containsEntry("page", "whole").doesNotContainKey("since");
  }

  @Test
  void anUnknownOrTooOldGenerationGetsTheWholePageWithANote() throws Exception {
    TaskReply unknown = tasks.state(id, 7L, s -> { });
    assertThat(unknown.structured()).containsEntry("page", "whole");
    assertThat(unknown.text()).contains("page: whole (the whole page: generation 7 is not one of the last 4 pages this task sent)");

    for (int g = 1; g <= AgentPages.KEPT + 1; g++) {
      browser.page = todos("Milk", "Rent", "n" + g);
      tasks.respond(id, g, action("{\"kind\": \"click\", \"ref\": \"e1\"}"), null, s -> { });
    }
    assertThat(tasks.state(id, 1L, s -> { }).structured()).containsEntry("page", "whole").containsKey("page_note");
    assertThat(tasks.state(id, (long) AgentPages.KEPT + 2, s -> { }).structured()).containsEntry("page", "delta");
  }

  @Test
  void anotherDocumentIsTheWholePageInTheObserversRefs() throws Exception {
    browser.page = todosAt("http://127.0.0.1:8000/done.html", "Bread", "Milk", "Rent");
    TaskReply moved = tasks.respond(id, 1, action("{\"kind\": \"navigate\", \"url\": \"http://127.0.0.1:8000/done.html\"}"), 1L, s -> { });

    assertThat(moved.structured()).containsEntry("page", "whole");
    assertThat(moved.text()).contains("page: whole (the whole page: it is another document than at generation 1)",
        "e2 checkbox \"Toggle Bread\"");
  }

  @Test
  void aNavigateToTheSameAddressIsAnotherDocumentToo() throws Exception {
    TaskReply reloaded = tasks.respond(id, 1, action("{\"kind\": \"navigate\", \"url\": \"" + URL + "\"}"), 1L, s -> { });
    assertThat(reloaded.structured()).containsEntry("page", "whole");
  }

  @Test
  void aRefTheAgentWasNeverShownButTheObserverUsesIsRefusedBeforeAnythingIsDone() throws Exception {
    browser.page = todos("Milk");
    tasks.respond(id, 1, action("{\"kind\": \"type\", \"ref\": \"e1\", \"text\": \"x\"}"), 1L, s -> { });
    int before = browser.performed.size();
    // Rent's row went: the agent's e3 is gone, while the observer's e3 is the Active link
    assertThatThrownBy(() -> tasks.respond(id, 2, action("{\"kind\": \"click\", \"ref\": \"e3\"}"), 2L, s -> { }))
        .isInstanceOf(TaskException.class).hasMessageContaining("not on the page as this task last showed it");
    assertThat(browser.performed).hasSize(before);
  }

  @Test
  void theToolsTakeSinceAndSayWhichPageTheyCarry() throws Exception {
    WaymarkMcp mcp = new WaymarkMcp(tasks, null);
    List<McpServerFeatures.SyncToolSpecification> specs = mcp.toolSpecs();
    for (String tool : List.of("task_state", "task_respond")) {
      McpServerFeatures.SyncToolSpecification spec = specs.stream().filter(s -> s.tool().name().equals(tool)).findFirst().orElseThrow();
      assertThat(Json.write(spec.tool().inputSchema())).contains("\"since\"", "page delta since generation N");
    }
    McpServerFeatures.SyncToolSpecification state = specs.stream().filter(s -> s.tool().name().equals("task_state")).findFirst().orElseThrow();
    McpSchema.CallToolResult delta = state.callHandler().apply(null,
        McpSchema.CallToolRequest.builder().name("task_state").arguments(Map.of("task_id", id, "since", 1)).build());
    assertThat(Json.write(delta.structuredContent())).contains("\"page\":\"delta\"", "\"since\":1");
    McpSchema.CallToolResult bad = state.callHandler().apply(null,
        McpSchema.CallToolRequest.builder().name("task_state").arguments(Map.of("task_id", id, "since", "soon")).build());
    assertThat(bad.isError()).isTrue();
    assertThat(((McpSchema.TextContent) bad.content().get(0)).text()).contains("since must be the whole number of a generation");
  }
}

package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Spec rules through {@code waymark author} with an external program deciding, asserted on the page itself. */
@RealBrowser
class AuthorSpecRulesChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  @Test
  void aStoredSlotIsTypedByALaterStepAndNavigateBackReturnsToTheList() throws Exception {
    String url = browser.pageUrl("author/orders.html");
    browser.open(url);
    browser.eval("localStorage.removeItem('searched'), true");
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "extract", "name", "Order A-", "store", "order_id"),
        Map.of("type", "click", "name", "Search orders"),
        Map.of("type", "fill", "name", "Order number", "value", "{{ order_id }}", "when", "Search orders"),
        Map.of("type", "click", "name", "Search"),
        Map.of("type", "navigate", "url", "back"),
        Map.of("done", true, "reasoning", "searched and came back"));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Search for the order and come back", plan, Map.of(), "",
        "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    // the page itself: the search got the stored order number, and the tab is back on the list
    assertThat(browser.eval("localStorage.getItem('searched')").asText()).isEqualTo("Order A-1042");
    assertThat(browser.eval("location.pathname").asText()).endsWith("/author/orders.html");
    Workflow wf = WorkflowYaml.read(run.exported());
    assertThat(wf.steps()).extracting(Step::type).containsExactly("navigate", "extract", "click", "fill", "click", "navigate");
    assertThat(wf.steps().get(1).store()).isEqualTo("order_id");
    assertThat(wf.steps().get(3).value()).isEqualTo("{{ order_id }}");
    assertThat(wf.steps().get(5).url()).isEqualTo("back");
    assertThat(wf.variables()).doesNotContainKey("order_id");
    List<JsonNode> turns = run.turns();
    assertThat(turns.get(turns.size() - 2).path("ok").asBoolean()).as(turns.get(turns.size() - 2).toString()).isTrue();

    // tomorrow, without a model: the replay stores the slot and types it the same way
    browser.eval("localStorage.removeItem('searched'), true");
    AuthorRun.Replay replay = run.replay(browser.client());
    assertThat(replay.code()).as(replay.toString()).isZero();
    assertThat(browser.eval("localStorage.getItem('searched')").asText()).isEqualTo("Order A-1042");
    assertThat(browser.eval("location.pathname").asText()).endsWith("/author/orders.html");
  }
}

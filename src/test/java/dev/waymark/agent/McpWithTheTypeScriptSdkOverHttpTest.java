package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Another vendor's client: the TypeScript SDK's Streamable HTTP transport against the studio's endpoint. */
class McpWithTheTypeScriptSdkOverHttpTest {
  @Test
  void theTypeScriptClientIsRefusedWithoutTheTokenAndRunsATaskWithIt() throws Exception {
    ApprovalPolicy deny = ApprovalPolicy.defaults();
    for (RiskCategory c : RiskCategory.values()) if (deny.policy(c) == Policy.ASK) deny = deny.with(c, Policy.BLOCK);
    FakeSessionBrowser page = FakeSessionBrowser.checkout();
    try (AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(page, new RuleRiskGate(), deny, null,
        Runnable::run, 0))) {
      AgentTasks tasks = new AgentTasks(session, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
      McpToken token = McpToken.generate();
      try (McpHttpEndpoint endpoint = McpHttpEndpoint.start(new WaymarkMcp(tasks,
          new WorkflowRuns((w, v, l) -> { throw new IllegalStateException("no replay"); }, Map::of, session::policy)), token, 0)) {
        Map<String, JsonNode> steps = TypeScriptSdkClient.run("http", endpoint.url(), token.reveal(),
            "http://127.0.0.1:8000/checkout.html");

        assertThat(steps.get("without-token").path("connected").asBoolean()).isFalse();
        assertThat(endpoint.refused(McpHttpEndpoint.Refusal.TOKEN)).isPositive();
        assertThat(steps.get("tools").path("names").toString()).contains("task_start", "task_respond", "workflow_run");
        assertThat(steps.get("start").path("generation").asInt()).isEqualTo(1);
        assertThat(steps.get("type").path("error").asBoolean()).as(steps.get("type").toString()).isFalse();
        assertThat(steps.get("type").path("generation").asInt()).isEqualTo(2);
        assertThat(steps.get("stale").path("head").asText()).contains("stale");
        assertThat(steps.get("risky").path("error").asBoolean()).isTrue();
        assertThat(steps.get("risky").path("head").asText()).contains("approval policy blocks");
        assertThat(steps.get("export").path("yaml").asText()).contains("type: fill", "hello from TypeScript");
        assertThat(page.performed).extracting(p -> p.step().type()).containsExactly("navigate", "fill");
      }
    }
  }
}

package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Another vendor's client: the TypeScript SDK starts {@code waymark mcp} on stdio, which launches its own Chromium. */
@RealBrowser
class McpWithTheTypeScriptSdkOverStdioChromiumTest {
  @Test
  void theTypeScriptClientStartsTheCommandAndRunsATask() throws Exception {
    try (PageServer pages = new PageServer()) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Map<String, JsonNode> steps = TypeScriptSdkClient.run("stdio", java, System.getProperty("java.class.path"),
          pages.url("agent/desk.html"));

      assertThat(steps.get("start").path("error").asBoolean()).as(steps.toString()).isFalse();
      assertThat(steps.get("type").path("generation").asInt()).as(steps.toString()).isEqualTo(2);
      assertThat(steps.get("stale").path("head").asText()).contains("stale");
      assertThat(steps.get("risky").path("head").asText()).contains("approval policy blocks", "Send message");
      assertThat(steps.get("done").path("error").asBoolean()).isFalse();
      assertThat(steps.get("export").path("yaml").asText()).contains("hello from TypeScript");
    }
  }
}

package dev.waymark.decide;

import static dev.waymark.decide.ScriptedServer.hang;
import static dev.waymark.decide.ScriptedServer.json;
import static dev.waymark.decide.ScriptedServer.sse;
import static dev.waymark.decide.ScriptedServer.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.DecisionParser;
import dev.waymark.workflow.Json;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AnthropicSourceTest {
  private static final Prompt PROMPT = new Prompt("system text", "user text", 2, "goal");
  private static final String DECISION = "{\"reasoning\":\"search\",\"done\":false,\"step\":{\"type\":\"fill\",\"ref\":\"e2\",\"value\":\"mugs\"}}";
  private ScriptedServer server;

  @BeforeEach
  void start() throws Exception {
    server = new ScriptedServer();
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private ModelSettings.Builder settings(Map<String, String> env) {
    return ModelSettings.builder(server.base(), "claude-test").apiKeyEnv("ANTHROPIC_TEST_KEY").env(env::get)
        .requestTimeout(Duration.ofSeconds(5)).streamIdleTimeout(Duration.ofSeconds(5))
        .backoffBase(Duration.ofMillis(20)).stream(false);
  }

  private static String message(String text) {
    return Json.write(Map.of("id", "msg_1", "type", "message", "role", "assistant",
        "content", List.of(Map.of("type", "text", "text", text)),
        "usage", Map.of("input_tokens", 800, "output_tokens", 40, "cache_read_input_tokens", 200)));
  }

  private static String event(String name, Object data) {
    return "event: " + name + "\ndata: " + Json.write(data) + "\n\n";
  }

  private static String delta(String text) {
    return event("content_block_delta", Map.of("type", "content_block_delta", "index", 0,
        "delta", Map.of("type", "text_delta", "text", text)));
  }

  private static String[] streamOf(String... parts) {
    List<String> out = new java.util.ArrayList<>();
    out.add(event("message_start", Map.of("type", "message_start", "message", Map.of("id", "msg_1", "type", "message",
        "role", "assistant", "content", List.of(), "usage", Map.of("input_tokens", 1500, "output_tokens", 1)))));
    out.add(event("content_block_start", Map.of("type", "content_block_start", "index", 0,
        "content_block", Map.of("type", "text", "text", ""))));
    out.add(event("ping", Map.of("type", "ping")));
    for (String p : parts) out.add(delta(p));
    out.add(event("content_block_stop", Map.of("type", "content_block_stop", "index", 0)));
    out.add(event("message_delta", Map.of("type", "message_delta", "delta", Map.of("stop_reason", "end_turn"),
        "usage", Map.of("output_tokens", 37))));
    out.add(event("message_stop", Map.of("type", "message_stop")));
    return out.toArray(String[]::new);
  }

  @Test
  void aMessageComesBackWithVersionAndKeyHeadersAndUsage() throws Exception {
    String key = "sk-ant-test-secret-key";
    server.then(json(200, message(DECISION)));
    try (var src = new AnthropicSource(settings(Map.of("ANTHROPIC_TEST_KEY", key)).build())) {
      Reply r = src.decide(PROMPT, null);
      assertThat(r.content()).isEqualTo(DECISION);
      assertThat(r.promptTokens()).isEqualTo(1000);
      assertThat(r.cachedTokens()).isEqualTo(200);
      assertThat(r.completionTokens()).isEqualTo(40);
      assertThat(src.name()).isEqualTo("anthropic:claude-test");
    }
    var req = server.received().get(0);
    assertThat(req.path()).isEqualTo("/v1/messages");
    assertThat(req.header("x-api-key")).isEqualTo(key);
    assertThat(req.header("anthropic-version")).isEqualTo("2023-06-01");
    assertThat(req.header("Authorization")).isNull();
    JsonNode body = Json.mapper().readTree(req.body());
    assertThat(body.path("system").get(0).path("text").asText()).isEqualTo("system text");
    assertThat(body.path("messages").get(0).path("content").get(0).path("text").asText()).isEqualTo("user text");
    assertThat(body.path("max_tokens").asInt()).isEqualTo(1024);
  }

  @Test
  void aBaseUrlEndingInV1IsNotDoubled() throws Exception {
    server.then(json(200, message(DECISION)));
    try (var src = new AnthropicSource(settings(Map.of()).baseUrl(server.base() + "/v1/").build())) {
      src.decide(PROMPT, null);
    }
    assertThat(server.received().get(0).path()).isEqualTo("/v1/messages");
  }

  @Test
  void aStreamedMessagePushesGrowingTextWithUsageFromStartAndDelta() throws Exception {
    server.then(sse(streamOf("{\"reasoning\":\"search\",", "\"done\":false,\"step\":{\"type\":\"fill\",",
        "\"ref\":\"e2\",\"value\":\"mugs\"}}")));
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new AnthropicSource(settings(Map.of()).stream(true).build())) {
      Reply r = src.decide(PROMPT, partials::add);
      assertThat(r.content()).isEqualTo(DECISION);
      assertThat(r.promptTokens()).isEqualTo(1500);
      assertThat(r.completionTokens()).isEqualTo(37);
    }
    assertThat(partials).contains("{\"reasoning\":\"search\",", DECISION);
    assertThat(Json.mapper().readTree(server.received().get(0).body()).path("stream").asBoolean()).isTrue();
  }

  @Test
  void overloadedAnswersAreRetried() throws Exception {
    server.then(json(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"),
        json(429, "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow\"}}", "retry-after", "0"),
        json(200, message(DECISION)));
    try (var src = new AnthropicSource(settings(Map.of()).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
    }
    assertThat(server.received()).hasSize(3);
  }

  @Test
  void anOverloadErrorInsideTheStreamIsRetried() throws Exception {
    server.then(sse(event("message_start", Map.of("type", "message_start", "message", Map.of("usage", Map.of("input_tokens", 5)))),
            delta("{\"reas"),
            event("error", Map.of("type", "error", "error", Map.of("type", "overloaded_error", "message", "Overloaded")))),
        sse(streamOf(DECISION)));
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new AnthropicSource(settings(Map.of()).stream(true).build())) {
      assertThat(src.decide(PROMPT, partials::add).content()).isEqualTo(DECISION);
    }
    assertThat(partials).containsSubsequence("{\"reas", "", DECISION);
  }

  @Test
  void aRefusedKeyNamesTheVariableAndNotTheKey() throws Exception {
    String key = "sk-ant-very-secret";
    server.then(json(401, "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key " + key + "\"}}"));
    try (var src = new AnthropicSource(settings(Map.of("ANTHROPIC_TEST_KEY", key)).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("refused the API key from ANTHROPIC_TEST_KEY")
          .hasMessageNotContaining(key);
    }
  }

  @Test
  void anUnknownModelIsNamed() throws Exception {
    server.then(json(404, "{\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"model: claude-test\"}}"));
    try (var src = new AnthropicSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("model \"claude-test\" is not available");
    }
  }

  @Test
  void malformedJsonAndWrongPathsPointAtTheBaseUrl() throws Exception {
    server.then(text(200, "application/json", "{\"content\": [ {\"type\": \"text\", "), text(404, "text/html", "<h1>Not Found</h1>"));
    try (var src = new AnthropicSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("not anthropic JSON").hasMessageContaining("base URL");
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("base URL is probably wrong")
          .hasMessageContaining("https://api.anthropic.com");
    }
  }

  @Test
  void aTimeoutIsRetriedThenAnswered() throws Exception {
    server.then(hang(Duration.ofSeconds(3)), json(200, message("```json\n" + DECISION + "\n```")));
    try (var src = new AnthropicSource(settings(Map.of()).requestTimeout(Duration.ofMillis(300)).build())) {
      Reply r = src.decide(PROMPT, null);
      assertThat(r.content()).startsWith("```json");
      assertThat(DecisionParser.parse(r.content()).step().path("value").asText()).isEqualTo("mugs");
    }
  }

  private static final String TOOL_INPUT = "{\"reasoning\":\"search\",\"done\":false,\"step\":{\"type\":\"fill\",\"ref\":\"e2\",\"value\":\"mugs\"}}";

  @Test
  void theRequestMarksTheStablePrefixForCachingAndForcesTheDecisionTool() throws Exception {
    server.then(json(200, message(DECISION)));
    Prompt prompt = new Prompt("system text", List.of("# Goal\nbuy a mug\n", "1. click e3 — ok\n", "2. fill e2 — ok\n"),
        "Turn 3. the page", 3, "buy a mug");
    try (var src = new AnthropicSource(settings(Map.of()).build())) {
      src.decide(prompt, null);
    }
    JsonNode body = Json.mapper().readTree(server.received().get(0).body());
    assertThat(body.path("system").get(0).path("cache_control").path("type").asText()).isEqualTo("ephemeral");
    JsonNode content = body.path("messages").get(0).path("content");
    assertThat(content).hasSize(4);
    assertThat(content.get(0).path("text").asText()).isEqualTo("# Goal\nbuy a mug\n");
    assertThat(content.get(0).has("cache_control")).isFalse();
    assertThat(content.get(1).has("cache_control")).isFalse();
    assertThat(content.get(2).path("text").asText()).isEqualTo("2. fill e2 — ok\n");
    assertThat(content.get(2).path("cache_control").path("type").asText()).isEqualTo("ephemeral");
    assertThat(content.get(3).path("text").asText()).isEqualTo("Turn 3. the page");
    assertThat(content.get(3).has("cache_control")).isFalse();
    assertThat(body.path("tools")).hasSize(1);
    assertThat(body.path("tools").get(0).path("name").asText()).isEqualTo("decision");
    assertThat(body.path("tools").get(0).path("input_schema")).isEqualTo(DecisionSchema.forRequest());
    assertThat(body.path("tool_choice").path("type").asText()).isEqualTo("tool");
    assertThat(body.path("tool_choice").path("name").asText()).isEqualTo("decision");
  }

  @Test
  void aToolUseReplyIsTheDecisionAndItsUsageSaysWhatTheCacheServed() throws Exception {
    server.then(json(200, Json.write(Map.of("id", "msg_2", "type", "message", "role", "assistant", "stop_reason", "tool_use",
        "content", List.of(Map.of("type", "tool_use", "id", "toolu_1", "name", "decision",
            "input", Json.mapper().readTree(TOOL_INPUT))),
        "usage", Map.of("input_tokens", 50, "cache_read_input_tokens", 1800, "cache_creation_input_tokens", 300,
            "output_tokens", 60)))));
    try (var src = new AnthropicSource(settings(Map.of()).build())) {
      Reply r = src.decide(PROMPT, null);
      assertThat(Json.mapper().readTree(r.content())).isEqualTo(Json.mapper().readTree(TOOL_INPUT));
      assertThat(DecisionParser.parse(r.content()).step().path("value").asText()).isEqualTo("mugs");
      assertThat(r.promptTokens()).isEqualTo(2150);
      assertThat(r.cachedTokens()).isEqualTo(1800);
      assertThat(r.cacheWriteTokens()).isEqualTo(300);
    }
  }

  @Test
  void aStreamedToolCallGrowsAsItsInputJsonArrives() throws Exception {
    server.then(sse(
        event("message_start", Map.of("type", "message_start", "message", Map.of("id", "msg_3", "type", "message",
            "role", "assistant", "content", List.of(), "usage", Map.of("input_tokens", 40, "cache_read_input_tokens", 2000,
                "cache_creation_input_tokens", 0, "output_tokens", 1)))),
        event("content_block_start", Map.of("type", "content_block_start", "index", 0,
            "content_block", Map.of("type", "tool_use", "id", "toolu_2", "name", "decision", "input", Map.of()))),
        event("content_block_delta", Map.of("type", "content_block_delta", "index", 0,
            "delta", Map.of("type", "input_json_delta", "partial_json", TOOL_INPUT.substring(0, 20)))),
        event("content_block_delta", Map.of("type", "content_block_delta", "index", 0,
            "delta", Map.of("type", "input_json_delta", "partial_json", TOOL_INPUT.substring(20)))),
        event("content_block_stop", Map.of("type", "content_block_stop", "index", 0)),
        event("message_delta", Map.of("type", "message_delta", "delta", Map.of("stop_reason", "tool_use"),
            "usage", Map.of("output_tokens", 44))),
        event("message_stop", Map.of("type", "message_stop"))));
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new AnthropicSource(settings(Map.of()).stream(true).build())) {
      Reply r = src.decide(PROMPT, partials::add);
      assertThat(r.content()).isEqualTo(TOOL_INPUT);
      assertThat(r.promptTokens()).isEqualTo(2040);
      assertThat(r.cachedTokens()).isEqualTo(2000);
      assertThat(r.completionTokens()).isEqualTo(44);
    }
    assertThat(partials).contains(TOOL_INPUT.substring(0, 20), TOOL_INPUT);
  }

  @Test
  void aServerThatRefusesToolsIsAskedInPlainTextAndIsNotAskedAgain() throws Exception {
    server.then(json(400, "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"tools: Extra inputs are not permitted\"}}"),
        json(200, message(DECISION)), json(200, message(DECISION)));
    try (var src = new AnthropicSource(settings(Map.of()).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
    }
    assertThat(server.received()).hasSize(3);
    assertThat(Json.mapper().readTree(server.received().get(0).body()).has("tools")).isTrue();
    assertThat(Json.mapper().readTree(server.received().get(1).body()).has("tools")).isFalse();
    assertThat(Json.mapper().readTree(server.received().get(2).body()).has("tool_choice")).isFalse();
  }
}

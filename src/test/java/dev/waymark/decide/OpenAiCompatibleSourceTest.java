package dev.waymark.decide;

import static dev.waymark.decide.ScriptedServer.hang;
import static dev.waymark.decide.ScriptedServer.json;
import static dev.waymark.decide.ScriptedServer.sse;
import static dev.waymark.decide.ScriptedServer.sseThenHang;
import static dev.waymark.decide.ScriptedServer.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Decision;
import dev.waymark.apply.DecisionParser;
import dev.waymark.workflow.Json;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAiCompatibleSourceTest {
  private static final Prompt PROMPT = new Prompt("system text", "user text", 1, "goal");
  private static final String DECISION = "{\"reasoning\":\"open the cart\",\"done\":false,\"step\":{\"type\":\"click\",\"ref\":\"e7\"}}";
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
    return ModelSettings.builder(server.base() + "/v1", "test-model")
        .apiKeyEnv("TEST_KEY").env(env::get)
        .requestTimeout(Duration.ofSeconds(5)).streamIdleTimeout(Duration.ofSeconds(5))
        .backoffBase(Duration.ofMillis(20)).stream(false);
  }

  private static String completion(String content) {
    return Json.write(Map.of("choices", List.of(Map.of("message", Map.of("role", "assistant", "content", content))),
        "usage", Map.of("prompt_tokens", 120, "completion_tokens", 30)));
  }

  private static String chunk(String delta) {
    return "data: " + Json.write(Map.of("choices", List.of(Map.of("index", 0, "delta", Map.of("content", delta))))) + "\n\n";
  }

  @Test
  void aPlainCompletionComesBackWithItsUsageAndNoKeyHeaderWhenTheVariableIsUnset() throws Exception {
    server.then(json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      Reply r = src.decide(PROMPT, null);
      assertThat(r.content()).isEqualTo(DECISION);
      assertThat(r.promptTokens()).isEqualTo(120);
      assertThat(r.completionTokens()).isEqualTo(30);
      assertThat(src.name()).isEqualTo("openai:test-model");
    }
    var req = server.received().get(0);
    assertThat(req.path()).isEqualTo("/v1/chat/completions");
    assertThat(req.header("Authorization")).isNull();
    JsonNode body = Json.mapper().readTree(req.body());
    assertThat(body.path("model").asText()).isEqualTo("test-model");
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
    assertThat(body.path("messages").get(0).path("content").asText()).isEqualTo("system text");
    assertThat(body.path("messages").get(1).path("content").asText()).isEqualTo("user text");
    assertThat(body.path("stream").asBoolean()).isFalse();
  }

  @Test
  void theKeyGoesAsBearerAndA401NamesTheVariableButNeverTheKey() throws Exception {
    String key = "sk-test-0123456789abcdef";
    server.then(json(200, completion(DECISION)),
        json(401, "{\"error\":{\"message\":\"Incorrect API key provided: " + key + "\",\"type\":\"invalid_request_error\"}}"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of("TEST_KEY", key)).build())) {
      src.decide(PROMPT, null);
      assertThat(server.received().get(0).header("Authorization")).isEqualTo("Bearer " + key);
      assertThatThrownBy(() -> src.decide(PROMPT, null))
          .isInstanceOf(DecisionSourceException.class)
          .hasMessageContaining("refused the API key from TEST_KEY")
          .hasMessageContaining("check that TEST_KEY holds a valid key")
          .hasMessageNotContaining(key);
      assertThat(src.toString() + src.settings).doesNotContain(key);
    }
  }

  @Test
  void aMissingKeySaysWhichVariableToSet() throws Exception {
    server.then(json(401, "{\"error\":{\"message\":\"You didn't provide an API key.\"}}"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("set the environment variable TEST_KEY");
    }
  }

  @Test
  void a429IsRetriedAfterTheWaitTheServerAskedFor() throws Exception {
    server.then(json(429, "{\"error\":{\"message\":\"Rate limit reached\"}}", "Retry-After", "1"), json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      long t0 = System.nanoTime();
      Reply r = src.decide(PROMPT, null);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      assertThat(r.content()).isEqualTo(DECISION);
      assertThat(ms).isGreaterThanOrEqualTo(950);
    }
    assertThat(server.received()).hasSize(2);
  }

  @Test
  void retryAfterMsIsHonouredToo() throws Exception {
    server.then(json(429, "{}", "retry-after-ms", "300"), json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      long t0 = System.nanoTime();
      src.decide(PROMPT, null);
      assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(290);
    }
  }

  @Test
  void aRetryAfterLongerThanTheSourceWaitsFailsAtOnceSayingSo() throws Exception {
    server.then(json(429, "{\"error\":{\"message\":\"slow down\"}}", "Retry-After", "3600"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).maxRetryWait(Duration.ofSeconds(30)).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("asks to wait 3600 s")
          .hasMessageContaining("Try again later");
    }
    assertThat(server.received()).hasSize(1);
  }

  @Test
  void serverErrorsAreRetriedWithBackoffUntilOneSucceeds() throws Exception {
    server.then(json(503, "{\"error\":{\"message\":\"overloaded\"}}"), text(502, "text/html", "<html>bad gateway</html>"),
        json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
    }
    assertThat(server.received()).hasSize(3);
  }

  @Test
  void attemptsAreBoundedAndTheLastFailureIsReported() throws Exception {
    for (int i = 0; i < 6; i++) server.then(json(500, "{\"error\":{\"message\":\"internal boom\"}}"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).maxAttempts(3).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null))
          .hasMessageContaining("failed (500: internal boom)")
          .hasMessageContaining("gave up after 3 attempts");
    }
    assertThat(server.received()).hasSize(3);
  }

  @Test
  void aSpentQuotaIsNotRetried() throws Exception {
    server.then(json(429, "{\"error\":{\"message\":\"You exceeded your current quota\",\"code\":\"insufficient_quota\"}}"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("no quota left");
    }
    assertThat(server.received()).hasSize(1);
  }

  @Test
  void aRequestTimeoutIsRetriedAndThenAnswered() throws Exception {
    server.then(hang(Duration.ofSeconds(3)), json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).requestTimeout(Duration.ofMillis(300)).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
    }
    assertThat(server.received()).hasSize(2);
  }

  @Test
  void timeoutsOnEveryAttemptSaySoAndSuggestALongerTimeout() throws Exception {
    server.then(hang(Duration.ofSeconds(3)), hang(Duration.ofSeconds(3)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).requestTimeout(Duration.ofMillis(200)).maxAttempts(2).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null))
          .hasMessageContaining("no answer from " + server.base() + "/v1/chat/completions within 200 ms")
          .hasMessageContaining("longer request timeout");
    }
  }

  @Test
  void aMalformedAnswerPointsAtTheBaseUrl() throws Exception {
    server.then(text(200, "text/html", "<html><body>Welcome to my blog</body></html>"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null))
          .hasMessageContaining("not openai JSON")
          .hasMessageContaining("check the base URL");
    }
  }

  @Test
  void aWrongBaseUrlGivesA404ThatSaysSo() throws Exception {
    server.then(text(404, "text/plain", "404 page not found"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("does not exist (404")
          .hasMessageContaining("base URL is probably wrong").hasMessageContaining("ends in /v1");
    }
  }

  @Test
  void anUnknownModelIsNamedAsTheProblem() throws Exception {
    server.then(json(404, "{\"error\":\"model 'test-model' not found, try pulling it first\"}"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("model \"test-model\" is not available")
          .hasMessageContaining("check the model name");
    }
  }

  @Test
  void aServerThatIsNotRunningIsReportedAsUnreachable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ModelSettings st = ModelSettings.builder("http://127.0.0.1:" + port + "/v1", "m").backoffBase(Duration.ofMillis(10)).build();
    try (var src = new OpenAiCompatibleSource(st)) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("cannot connect to http://127.0.0.1:" + port)
          .hasMessageContaining("is the server running");
    }
  }

  @Test
  void aCodeFencedReplyComesBackAsWrittenAndStillParses() throws Exception {
    String fenced = "Here is my decision:\n```json\n" + DECISION + "\n```\n";
    server.then(json(200, completion(fenced)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      Reply r = src.decide(PROMPT, null);
      assertThat(r.content()).isEqualTo(fenced);
      Decision d = DecisionParser.parse(r.content());
      assertThat(d.step().path("ref").asText()).isEqualTo("e7");
    }
  }

  @Test
  void aStreamedReplyPushesGrowingTextAndRecordsUsageFromTheLastChunk() throws Exception {
    server.then(sse(": keep-alive\n\n", chunk("{\"reasoning\":"), chunk("\"open the cart\",\"done\":false,"),
        chunk("\"step\":{\"type\":\"click\",\"ref\":\"e7\"}}"),
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":900,\"completion_tokens\":25}}\n\n", "data: [DONE]\n\n"));
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).stream(true).build())) {
      Reply r = src.decide(PROMPT, partials::add);
      assertThat(r.content()).isEqualTo(DECISION);
      assertThat(r.promptTokens()).isEqualTo(900);
      assertThat(r.completionTokens()).isEqualTo(25);
    }
    assertThat(partials).contains("{\"reasoning\":", DECISION);
    assertThat(partials.get(partials.size() - 1)).isEqualTo(DECISION);
    JsonNode body = Json.mapper().readTree(server.received().get(0).body());
    assertThat(body.path("stream").asBoolean()).isTrue();
    assertThat(body.path("stream_options").path("include_usage").asBoolean()).isTrue();
    assertThat(server.received().get(0).header("Accept")).isEqualTo("text/event-stream");
  }

  @Test
  void aStalledStreamIsAbandonedAndRetriedFromTheStart() throws Exception {
    server.then(sseThenHang(Duration.ofSeconds(5), chunk("{\"reasoning\":")),
        sse(chunk(DECISION), "data: [DONE]\n\n"));
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).stream(true).streamIdleTimeout(Duration.ofMillis(300)).build())) {
      assertThat(src.decide(PROMPT, partials::add).content()).isEqualTo(DECISION);
    }
    assertThat(partials).containsSubsequence("{\"reasoning\":", "", DECISION);
  }

  @Test
  void aServerThatRefusesStreamOptionsIsAskedAgainWithoutThem() throws Exception {
    server.then(json(400, "{\"error\":{\"message\":\"Unrecognized request argument supplied: stream_options\"}}"),
        sse(chunk(DECISION), "data: [DONE]\n\n"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).stream(true).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
    }
    assertThat(Json.mapper().readTree(server.received().get(1).body()).has("stream_options")).isFalse();
  }

  @Test
  void aServerThatIgnoresStreamingStillAnswers() throws Exception {
    server.then(json(200, completion(DECISION)));
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).stream(true).build())) {
      assertThat(src.decide(PROMPT, partials::add).content()).isEqualTo(DECISION);
    }
    assertThat(partials).containsExactly(DECISION);
  }

  @Test
  void aStreamEventThatIsNotJsonIsAClearError() throws Exception {
    server.then(sse("data: {\"choices\": [oops\n\n"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).stream(true).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("stream sent an event that is not JSON");
    }
  }

  @Test
  void interruptingTheCallerEndsAWaitingCallPromptly() throws Exception {
    server.then(hang(Duration.ofSeconds(10)));
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).requestTimeout(Duration.ofSeconds(30)).build())) {
      Thread t = new Thread(() -> {
        try {
          src.decide(PROMPT, null);
        } catch (Throwable e) {
          thrown.set(e);
        }
      }, "decide-caller");
      t.start();
      // The request is in flight: the server holds it.
      await().atMost(java.time.Duration.ofSeconds(10)).until(() -> server.received().size() == 1);
      long t0 = System.nanoTime();
      t.interrupt();
      t.join(5000);
      assertThat(t.isAlive()).isFalse();
      assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(3000);
    }
    assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
  }

  @Test
  void aModelThatWantsMaxCompletionTokensIsAskedAgainAndKeepsGettingIt() throws Exception {
    server.then(json(400, "{\"error\":{\"message\":\"Unsupported parameter: 'max_tokens' is not supported with this model. "
        + "Use 'max_completion_tokens' instead.\",\"type\":\"invalid_request_error\"}}"),
        json(200, completion(DECISION)), json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).maxTokens(700).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
      src.decide(PROMPT, null);
    }
    assertThat(server.received()).hasSize(3);
    JsonNode second = Json.mapper().readTree(server.received().get(1).body());
    assertThat(second.has("max_tokens")).isFalse();
    assertThat(second.path("max_completion_tokens").asInt()).isEqualTo(700);
    assertThat(Json.mapper().readTree(server.received().get(2).body()).has("max_completion_tokens")).isTrue();
  }

  @Test
  void aBadRequestThatNoAdaptationFixesFailsOnceWithTheServersWords() throws Exception {
    server.then(json(400, "{\"error\":{\"message\":\"messages: too many roles\"}}"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThatThrownBy(() -> src.decide(PROMPT, null)).hasMessageContaining("rejected the request (400: messages: too many roles)");
    }
    assertThat(server.received()).hasSize(1);
  }

  @Test
  void theRequestAsksForTheDecisionSchemaAndTheReplyReportsCachedPromptTokens() throws Exception {
    String body = Json.write(Map.of("choices", List.of(Map.of("message", Map.of("role", "assistant", "content", DECISION))),
        "usage", Map.of("prompt_tokens", 2400, "completion_tokens", 30, "prompt_tokens_details", Map.of("cached_tokens", 1920))));
    server.then(json(200, body));
    Prompt prompt = new Prompt("system text", List.of("# Goal\nbuy a mug\n", "1. click e3 — ok\n"), "Turn 2. the page", 2, "buy a mug");
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      Reply r = src.decide(prompt, null);
      assertThat(r.promptTokens()).isEqualTo(2400);
      assertThat(r.cachedTokens()).isEqualTo(1920);
    }
    JsonNode sent = Json.mapper().readTree(server.received().get(0).body());
    JsonNode format = sent.path("response_format");
    assertThat(format.path("type").asText()).isEqualTo("json_schema");
    assertThat(format.path("json_schema").path("name").asText()).isEqualTo("decision");
    assertThat(format.path("json_schema").path("strict").asBoolean(true)).isFalse();
    assertThat(format.path("json_schema").path("schema")).isEqualTo(DecisionSchema.forRequest());
    // System first, then the user message that starts with the stable blocks: the prefix a server caches.
    assertThat(sent.path("messages").get(0).path("content").asText()).isEqualTo("system text");
    assertThat(sent.path("messages").get(1).path("content").asText())
        .isEqualTo("# Goal\nbuy a mug\n1. click e3 — ok\nTurn 2. the page");
  }

  @Test
  void aStreamReportsCachedPromptTokensInItsUsageChunk() throws Exception {
    server.then(sse(chunk(DECISION),
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":900,\"completion_tokens\":25,"
            + "\"prompt_tokens_details\":{\"cached_tokens\":768}}}\n\n", "data: [DONE]\n\n"));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).stream(true).build())) {
      Reply r = src.decide(PROMPT, null);
      assertThat(r.promptTokens()).isEqualTo(900);
      assertThat(r.cachedTokens()).isEqualTo(768);
    }
  }

  @Test
  void aServerThatRefusesStructuredOutputIsAskedInPlainTextAndIsNotAskedAgain() throws Exception {
    server.then(json(400, "{\"error\":{\"message\":\"response_format of type json_schema is not supported by this server\"}}"),
        json(200, completion(DECISION)), json(200, completion(DECISION)));
    try (var src = new OpenAiCompatibleSource(settings(Map.of()).build())) {
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
      assertThat(src.decide(PROMPT, null).content()).isEqualTo(DECISION);
    }
    assertThat(server.received()).hasSize(3);
    assertThat(Json.mapper().readTree(server.received().get(0).body()).has("response_format")).isTrue();
    assertThat(Json.mapper().readTree(server.received().get(1).body()).has("response_format")).isFalse();
    assertThat(Json.mapper().readTree(server.received().get(2).body()).has("response_format")).isFalse();
  }
}

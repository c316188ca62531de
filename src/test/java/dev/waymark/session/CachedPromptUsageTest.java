package dev.waymark.session;

import org.junit.jupiter.api.parallel.Isolated;
import static dev.waymark.decide.ScriptedServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.decide.AnthropicSource;
import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.ModelSettings;
import dev.waymark.decide.OpenAiCompatibleSource;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.decide.ScriptedServer;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.testing.TeeOutputStream;
import dev.waymark.workflow.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a provider's prompt cache served reaches the turn's usage, its journal line, its log line and the studio's text. */
// Reads the process's log (System.err): nothing else runs meanwhile.
@Isolated
class CachedPromptUsageTest {
  static final String DECISION = "{\"reasoning\": \"sign in\", \"done\": false, \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}";

  @TempDir Path dir;
  ScriptedServer server;
  AuthoringSession session;

  @BeforeEach
  void setUp() throws Exception {
    server = new ScriptedServer();
    session = new AuthoringSession(new AuthoringSession.Config(FakeSessionBrowser.checkout(), new KeywordRiskGate(),
        ApprovalPolicy.defaults(), dir, Runnable::run, 5_000));
    session.start("checkout", "Sign in and order", 10).get();
  }

  @AfterEach
  void tearDown() throws Exception {
    session.close();
    server.close();
  }

  private ModelSettings settings(String base) {
    return ModelSettings.builder(base, "test-model").env(Map.<String, String>of()::get).stream(false)
        .requestTimeout(Duration.ofSeconds(5)).backoffBase(Duration.ofMillis(20)).build();
  }

  /** Runs one model turn with System.err (where SLF4J simple writes) teed, and answers the log it wrote. */
  private String turn(DecisionSource source) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    synchronized (TeeOutputStream.SYSTEM_ERR) {
      PrintStream realErr = System.err;
      System.setErr(new PrintStream(new TeeOutputStream(log, realErr), true, StandardCharsets.UTF_8));
      try {
        session.decideNext(source, new PromptRenderer(), true).get(20, TimeUnit.SECONDS);
      } finally {
        System.setErr(realErr);
      }
    }
    return log.toString(StandardCharsets.UTF_8);
  }

  private JsonNode journaledUsage() throws Exception {
    List<String> turns = Files.readAllLines(Path.of(session.latest().journalFile())).stream()
        .filter(l -> l.contains("\"kind\":\"turn\"")).toList();
    return Json.mapper().readTree(turns.get(turns.size() - 1)).path("usage");
  }

  @Test
  void cachedTokensAnOpenAiCompatibleServerReportsShowInUsageJournalAndLogLine() throws Exception {
    server.then(json(200, Json.write(Map.of(
        "choices", List.of(Map.of("message", Map.of("role", "assistant", "content", DECISION))),
        "usage", Map.of("prompt_tokens", 2600, "completion_tokens", 31, "prompt_tokens_details", Map.of("cached_tokens", 2048))))));

    String log;
    try (var source = new OpenAiCompatibleSource(settings(server.base() + "/v1"))) {
      log = turn(source);
    }

    TurnUsage usage = session.latest().lastUsage();
    assertThat(usage.promptTokens()).isEqualTo(2600);
    assertThat(usage.cachedTokens()).isEqualTo(2048);
    assertThat(usage.uncachedTokens()).isEqualTo(552);
    assertThat(usage.describe()).contains("2,600 in (2,048 cached, 552 uncached) / 31 out tokens");
    assertThat(log).contains("turn decided by openai:test-model:").contains("2,048 cached");
    JsonNode journaled = journaledUsage();
    assertThat(journaled.path("cached_tokens").asInt()).isEqualTo(2048);
    assertThat(journaled.has("cache_write_tokens")).isFalse();
    assertThat(Json.mapper().treeToValue(journaled, TurnUsage.class)).isEqualTo(usage);
  }

  @Test
  void anthropicCacheReadsAndWritesShowInUsageJournalAndLogLine() throws Exception {
    server.then(json(200, Json.write(Map.of("id", "msg_1", "type", "message", "role", "assistant",
        "content", List.of(Map.of("type", "tool_use", "id", "toolu_1", "name", "decision", "input", Json.mapper().readTree(DECISION))),
        "usage", Map.of("input_tokens", 120, "cache_read_input_tokens", 1900, "cache_creation_input_tokens", 260,
            "output_tokens", 45)))));

    String log;
    try (var source = new AnthropicSource(settings(server.base()))) {
      log = turn(source);
    }

    TurnUsage usage = session.latest().lastUsage();
    assertThat(usage.promptTokens()).isEqualTo(2280);
    assertThat(usage.cachedTokens()).isEqualTo(1900);
    assertThat(usage.cacheWriteTokens()).isEqualTo(260);
    assertThat(log).contains("2,280 in (1,900 cached, 260 written to cache, 120 uncached) / 45 out tokens");
    JsonNode journaled = journaledUsage();
    assertThat(journaled.path("cached_tokens").asInt()).isEqualTo(1900);
    assertThat(journaled.path("cache_write_tokens").asInt()).isEqualTo(260);
    // The tool call's input was the decision: the session performed its step.
    assertThat(session.latest().trail()).hasSize(1);
    assertThat(session.latest().trail().get(0).ref()).isEqualTo("e6");
  }

  @Test
  void overTenAnthropicTurnsEachRequestRepeatsThePreviousCachedBlocksAndMarksItsOwnLastStableBlock() throws Exception {
    List<String> decisions = List.of(DECISION, step("click", "e11"), step("click", "e99"), step("scroll", null),
        step("click", "e9"), step("click", "e10"), step("click", "e11"), step("scroll", null), step("click", "e9"),
        "{\"reasoning\": \"all there\", \"done\": true}");
    for (String d : decisions) {
      server.then(json(200, Json.write(Map.of("id", "msg", "type", "message", "role", "assistant",
          "content", List.of(Map.of("type", "tool_use", "id", "toolu", "name", "decision", "input", Json.mapper().readTree(d))),
          "usage", Map.of("input_tokens", 100, "cache_read_input_tokens", 1500, "output_tokens", 20)))));
    }

    try (var source = new AnthropicSource(settings(server.base()))) {
      session.run(source, new PromptRenderer()).get(20, TimeUnit.SECONDS);
    }

    assertThat(server.received()).hasSize(10);
    for (int n = 1; n < 10; n++) {
      JsonNode before = Json.mapper().readTree(server.received().get(n - 1).body());
      JsonNode after = Json.mapper().readTree(server.received().get(n).body());
      assertThat(after.path("tools")).isEqualTo(before.path("tools"));
      assertThat(after.path("system")).isEqualTo(before.path("system"));
      JsonNode was = before.path("messages").get(0).path("content");
      JsonNode is = after.path("messages").get(0).path("content");
      int marked = -1;
      for (int i = 0; i < was.size(); i++) if (was.get(i).has("cache_control")) marked = i;
      assertThat(marked).as("turn %d marks its last stable block", n).isEqualTo(was.size() - 2);
      for (int i = 0; i <= marked; i++) {
        assertThat(is.get(i).path("text").asText()).as("turn %d block %d", n + 1, i).isEqualTo(was.get(i).path("text").asText());
      }
      assertThat(is.get(is.size() - 1).path("text").asText()).contains("<<<PAGE DATA", "Turn " + (n + 1));
    }
    assertThat(session.latest().lastUsage().cachedTokens()).isEqualTo(1500);
  }

  private static String step(String type, String ref) {
    return "{\"reasoning\": \"next\", \"done\": false, \"step\": {\"type\": \"" + type + "\""
        + (ref == null ? ", \"value\": \"down\"" : ", \"ref\": \"" + ref + "\"") + "}}";
  }
}

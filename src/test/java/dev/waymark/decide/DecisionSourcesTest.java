package dev.waymark.decide;

import static dev.waymark.decide.ScriptedServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DecisionSourcesTest {
  @Test
  void specsNameTheirKindAndModelWithTheProvidersDefaults() {
    try (DecisionSource o = DecisionSources.parse("openai:gpt-4o-mini");
         DecisionSource a = DecisionSources.parse("anthropic:claude-sonnet-4-5");
         DecisionSource p = DecisionSources.parse("program:python3 'my agent.py' --fast")) {
      assertThat(o).isInstanceOf(OpenAiCompatibleSource.class);
      assertThat(o.name()).isEqualTo("openai:gpt-4o-mini");
      assertThat(((OpenAiCompatibleSource) o).settings.baseUrl()).isEqualTo("https://api.openai.com/v1");
      assertThat(((OpenAiCompatibleSource) o).settings.apiKeyEnv()).isEqualTo("OPENAI_API_KEY");
      assertThat(a.name()).isEqualTo("anthropic:claude-sonnet-4-5");
      assertThat(((AnthropicSource) a).settings.baseUrl()).isEqualTo("https://api.anthropic.com");
      assertThat(((AnthropicSource) a).settings.apiKeyEnv()).isEqualTo("ANTHROPIC_API_KEY");
      assertThat(((ProcessSource) p).command()).containsExactly("python3", "my agent.py", "--fast");
    }
  }

  @Test
  void aModelNameMayHoldColonsAsOllamaTagsDo() {
    try (DecisionSource o = DecisionSources.parse("openai:llama3.1:8b")) {
      assertThat(o.name()).isEqualTo("openai:llama3.1:8b");
    }
  }

  @Test
  void settingsPointASourceAtALocalServerWithItsOwnKeyVariable() throws Exception {
    try (ScriptedServer server = new ScriptedServer()) {
      server.then(json(200, "{\"choices\":[{\"message\":{\"content\":\"{\\\"done\\\":true}\"}}]}"));
      DecisionSources.Settings s = DecisionSources.Settings.defaults().withOpenAi(server.base() + "/v1", "LOCAL_KEY")
          .withEnv(Map.of("LOCAL_KEY", "local-secret")::get).withStream(false)
          .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5), null);
      try (DecisionSource src = DecisionSources.parse("openai:qwen2.5", s)) {
        assertThat(src.decide(new Prompt("s", "u"), null).content()).isEqualTo("{\"done\":true}");
      }
      assertThat(server.received().get(0).header("Authorization")).isEqualTo("Bearer local-secret");
    }
  }

  @Test
  void badSpecsSayWhatIsAccepted() {
    assertThatThrownBy(() -> DecisionSources.parse("gpt-4o")).hasMessageContaining("use openai:<model>");
    assertThatThrownBy(() -> DecisionSources.parse("gemini:pro")).hasMessageContaining("\"gemini\" is not a kind");
    assertThatThrownBy(() -> DecisionSources.parse("openai:")).hasMessageContaining("names no model");
    assertThatThrownBy(() -> DecisionSources.parse("program:  ")).hasMessageContaining("names no command");
  }
}

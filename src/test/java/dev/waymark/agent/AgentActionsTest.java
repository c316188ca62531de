package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.DecisionParser;
import dev.waymark.workflow.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each task_respond kind becomes the decision the turn reads; a malformed action says what to send instead. */
class AgentActionsTest {
  private static JsonNode decision(String action) {
    return Json.read(AgentActions.toDecision(Json.read(action, JsonNode.class)), JsonNode.class);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"kind\":\"click\",\"ref\":\"e7\"}|{\"type\":\"click\",\"ref\":\"e7\"}",
      "{\"kind\":\"click\",\"ref\":\"e7\",\"acceptDialog\":true,\"allowDownload\":true}|{\"type\":\"click\",\"ref\":\"e7\",\"accept_dialog\":true,\"allow_download\":true}",
      "{\"kind\":\"type\",\"ref\":\"e3\",\"text\":\"{{ email }}\"}|{\"type\":\"fill\",\"ref\":\"e3\",\"value\":\"{{ email }}\"}",
      "{\"kind\":\"select\",\"ref\":\"e4\",\"value\":\"fr\"}|{\"type\":\"select\",\"ref\":\"e4\",\"value\":\"fr\"}",
      "{\"kind\":\"press\",\"key\":\"Enter\"}|{\"type\":\"press\",\"value\":\"Enter\"}",
      "{\"kind\":\"navigate\",\"url\":\"back\"}|{\"type\":\"navigate\",\"url\":\"back\"}",
      "{\"kind\":\"scroll\"}|{\"type\":\"scroll\",\"value\":\"down\"}",
      "{\"kind\":\"scroll\",\"ref\":\"e9\"}|{\"type\":\"scroll\",\"ref\":\"e9\"}",
      "{\"kind\":\"wait\",\"text\":\"Saved\",\"gone\":true}|{\"type\":\"wait\",\"wait\":{\"text\":\"Saved\",\"absent\":true}}",
      "{\"kind\":\"wait\",\"text\":\"Draft kept\",\"acceptDialog\":true}|{\"type\":\"wait\",\"wait\":{\"text\":\"Draft kept\"},\"accept_dialog\":true}",
      "{\"kind\":\"extract_list\",\"ref\":\"l1\",\"limit\":5}|{\"type\":\"extractList\",\"ref\":\"l1\",\"limit\":5}",
      "{\"kind\":\"upload\",\"ref\":\"e2\",\"file\":\"resume_pdf\"}|{\"type\":\"upload\",\"ref\":\"e2\",\"value\":\"{{ resume_pdf }}\"}",
      "{\"kind\":\"switch_tab\",\"tabId\":12}|{\"type\":\"switchTab\",\"value\":\"12\"}",
      "{\"kind\":\"close_tab\",\"tabId\":\"12\"}|{\"type\":\"closeTab\",\"value\":\"12\"}",
      "{\"kind\":\"adopt_tab\",\"tabId\":3}|{\"type\":\"adoptTab\",\"value\":\"3\"}",
      "{\"kind\":\"set_viewport\",\"width\":390,\"height\":844}|{\"type\":\"setViewport\",\"value\":\"390x844\"}",
      "{\"kind\":\"user_step\",\"reason\":\"Sign in\",\"method\":\"passkey\",\"until_url_includes\":\"/home\"}|{\"type\":\"userStep\",\"prompt\":\"Sign in\",\"method\":\"passkey\",\"continue_on\":{\"url_includes\":\"/home\"}}"})
  void eachStepKindBecomesItsStep(String action, String step) throws Exception {
    JsonNode d = decision(action);
    assertThat(d.path("done").asBoolean()).isFalse();
    assertThat(d.get("step")).isEqualTo(Json.read(step, JsonNode.class));
    // The session's own parser reads it.
    assertThat(DecisionParser.parse(Json.write(d))).isNotNull();
  }

  @Test
  void decisionOutcomesAreNotSteps() {
    assertThat(decision("{\"kind\":\"done\",\"summary\":\"ordered\"}").path("done").asBoolean()).isTrue();
    assertThat(decision("{\"kind\":\"blocked\",\"reason\":\"needs a code\"}").path("blocked").asText()).isEqualTo("needs a code");
    assertThat(decision("{\"kind\":\"handoff\",\"summary\":\"pay\"}").path("handoff").asText()).isEqualTo("pay");
    assertThat(decision("{\"kind\":\"resolve\",\"happened\":false}").path("resolve").asText()).isEqualTo("did_not_happen");
    assertThat(decision("{\"kind\":\"resolve\",\"happened\":true}").path("resolve").asText()).isEqualTo("happened");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[]|action must be an object",
      "{}|action.kind is missing",
      "{\"kind\":\"hover\"}|\"hover\" is not known",
      "{\"kind\":\"click\"}|needs ref",
      "{\"kind\":\"click\",\"ref\":\"e1\",\"text\":\"x\"}|takes no field \"text\"",
      "{\"kind\":\"type\",\"ref\":\"e1\"}|needs text",
      "{\"kind\":\"set_viewport\",\"width\":390}|needs height",
      "{\"kind\":\"set_viewport\",\"width\":-1,\"height\":3}|needs width",
      "{\"kind\":\"user_step\",\"reason\":\"x\",\"method\":\"sms\"}|\"sms\" is not known",
      "{\"kind\":\"resolve\"}|happened: true",
      "{\"kind\":\"upload\",\"ref\":\"e1\",\"file\":\"../etc/passwd\"}|must name a file variable",
      "{\"kind\":\"switch_tab\"}|needs tabId"})
  void aMalformedActionSaysWhatToSend(String action, String message) {
    assertThatThrownBy(() -> AgentActions.toDecision(Json.read(action, JsonNode.class)))
        .isInstanceOf(AgentActions.BadAction.class).hasMessageContaining(message);
  }

  @Test
  void theToolSchemaNamesEveryKindTheConverterKnows() {
    var respond = WaymarkMcp.toolDefinitions().stream().filter(t -> "task_respond".equals(t.get("name"))).findFirst().orElseThrow();
    JsonNode kinds = Json.mapper().valueToTree(respond).path("inputSchema").path("properties").path("action")
        .path("properties").path("kind").path("enum");
    assertThat(Json.mapper().convertValue(kinds, java.util.List.class)).isEqualTo(AgentActions.KINDS);
  }
}

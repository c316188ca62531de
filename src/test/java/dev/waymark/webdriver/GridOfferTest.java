package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What a Grid's /status says about its nodes, judged before a session is queued (GridOffer). */
class GridOfferTest {
  private static JsonNode status(String slots) throws Exception {
    return new ObjectMapper().readTree("{\"value\": {\"ready\": true, \"nodes\": [{\"availability\": \"UP\", \"slots\": ["
        + slots + "]}]}}");
  }

  @Test
  void aChromeNodeWithManagedDownloadsOffersBoth() throws Exception {
    JsonNode s = status("{\"stereotype\": {\"browserName\": \"chrome\", \"se:downloadsEnabled\": true}}");
    assertThat(GridOffer.missing(s, true, "G")).isNull();
    assertThat(GridOffer.missing(s, false, "G")).isNull();
  }

  @Test
  void aChromeNodeWithoutManagedDownloadsServesOnlyWorkflowsThatAllowNone() throws Exception {
    JsonNode s = status("{\"stereotype\": {\"browserName\": \"chrome\"}}");
    assertThat(GridOffer.missing(s, false, "G")).isNull();
    assertThat(GridOffer.missing(s, true, "G")).contains("se:downloadsEnabled").contains("--enable-managed-downloads true");
  }

  @Test
  void aGridOfFirefoxNodesSaysItHasNoChrome() throws Exception {
    JsonNode s = status("{\"stereotype\": {\"browserName\": \"firefox\"}}, {\"stereotype\": {\"browserName\": \"MicrosoftEdge\"}}");
    assertThat(GridOffer.missing(s, false, "G")).contains("offers chrome").contains("firefox, MicrosoftEdge");
  }

  @Test
  void aGridWithNoNodeYetOrADownNodeIsLeftToItsQueue() throws Exception {
    assertThat(GridOffer.missing(new ObjectMapper().readTree("{\"value\": {\"nodes\": []}}"), true, "G")).isNull();
    JsonNode down = new ObjectMapper().readTree("{\"value\": {\"nodes\": [{\"availability\": \"DOWN\", \"slots\": "
        + "[{\"stereotype\": {\"browserName\": \"firefox\"}}]}]}}");
    assertThat(GridOffer.missing(down, false, "G")).isNull();
  }
}

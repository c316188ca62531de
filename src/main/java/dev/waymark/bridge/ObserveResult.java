package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.waymark.observe.PageObservation;

/**
 * The {@code observation} reply.
 *
 * @param ok          the page could be observed
 * @param error       why not
 * @param observation the PageObservation JSON (spec names)
 * @param tab         the tab observed
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ObserveResult(@JsonProperty("ok") boolean ok, @JsonProperty("error") String error,
    @JsonProperty("observation") JsonNode observation, @JsonProperty("tab") Integer tab) {
  // lenient: the observer may report more than the record holds (timings, diagnostics)
  private static final ObjectMapper LENIENT = Json.mapper().copy()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The observation as the foundation's record; null when there is none. */
  public PageObservation page() {
    if (observation == null || !observation.isObject()) {
      return null;
    }
    try {
      return LENIENT.treeToValue(observation, PageObservation.class);
    } catch (JsonProcessingException e) {
      throw new BridgeException.Refused("The browser's observation could not be read: " + e.getOriginalMessage());
    }
  }
}

package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

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
}

package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The {@code gate_cleared} reply: how a userStep gate ended.
 *
 * @param ok         the gate was cleared (not timed out or failed)
 * @param how        continue, condition or timeout
 * @param error      why it failed
 * @param answeredBy for a Continue, the channel the person pressed it in (studio, terminal, chrome)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record GateResult(@JsonProperty("ok") boolean ok, @JsonProperty("how") String how, @JsonProperty("error") String error,
    @JsonProperty("answered_by") String answeredBy) {
}

package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;

/**
 * The {@code observation} reply.
 *
 * @param ok          the page could be observed
 * @param error       why not
 * @param observation the PageObservation JSON (spec names)
 * @param tab         the tab observed
 * @param network     the tab's requests as the extension saw them: {@code inflight} (still open, long polls left
 *                    out) and {@code idle_ms} (since the last activity that can lead to more: a script, fetch, XHR
 *                    or frame request started or ended, the top document until the page loaded, the load event;
 *                    null when it saw none)
 * @param observeMs   how long the observer ran, measured in the page (ms); null from an extension that does not say
 * @param settled     asked to wait for a quiet network: whether it went quiet before the limit (false: read as it
 *                    was); null when not asked, or from an extension that cannot wait
 * @param reads       asked to wait: how many times the page was read to answer (1 when it was quiet, or only its
 *                    load's grace was waited out with no request in it); null when not asked
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ObserveResult(@JsonProperty("ok") boolean ok, @JsonProperty("error") String error,
    @JsonProperty("observation") JsonNode observation, @JsonProperty("tab") Integer tab,
    @JsonProperty("network") JsonNode network, @JsonProperty("observe_ms") Double observeMs,
    @JsonProperty("settled") Boolean settled, @JsonProperty("reads") Integer reads) {
  // lenient: the observer may report more than the record holds (timings, diagnostics)
  private static final ObjectMapper LENIENT = Json.mapper().copy()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** Whether no request of the tab is open and nothing that can lead to more happened for at least {@code quietMs}. */
  public boolean networkQuiet(long quietMs) {
    if (network == null || !network.isObject()) return true;
    if (network.path("inflight").asInt(0) > 0) return false;
    JsonNode idle = network.get("idle_ms");
    return idle == null || idle.isNull() || idle.asLong() >= quietMs;
  }

  /** The observation as the foundation's record; null when there is none. */
  public PageObservation page() {
    if (observation == null || !observation.isObject()) {
      return null;
    }
    try {
      PageObservation page = LENIENT.treeToValue(observation, PageObservation.class);
      // a late effect names the click by the workflow's step id; the wire id it was sent under tells which sending
      return page.lateEffects().isEmpty() ? page : page.withLateEffects(page.lateEffects().stream()
          .map(l -> new PageObservation.LateEffect(BridgeBrowserPort.stepIdOf(l.stepId()), l.effect(), l.afterMs(),
              l.stepId(), null)).toList());
    } catch (JsonProcessingException e) {
      throw new BridgeException.Refused("The browser's observation could not be read: " + e.getOriginalMessage());
    }
  }
}

package dev.waymark.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Whether a Selenium Grid has a node for what a replay asks, read from its {@code /status} (each node's slots and
 * their stereotypes) before a session is queued: a Grid that cannot match keeps a request queued until its
 * session-request-timeout (300 s by default) and then says only that it timed out. Asked: a chrome node, and with
 * {@code managedDownloads} one started with managed downloads on ({@code se:downloadsEnabled}).
 */
final class GridOffer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration ASK = Duration.ofSeconds(5);

  private GridOffer() {}

  /**
   * Null when a node offers what is asked, or when the Grid's status cannot be read or lists no node yet (the request
   * then queues as before: a node may be registering); else what is missing, in words that say how to fix it.
   */
  static String missing(URI grid, boolean managedDownloads) {
    JsonNode status;
    try {
      HttpClient http = HttpClient.newBuilder().connectTimeout(ASK).build();
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(grid.resolve("/status")).timeout(ASK).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) return null;
      status = JSON.readTree(r.body());
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    return missing(status, managedDownloads, grid.toString());
  }

  /** The same judgement on a {@code /status} body already read (pure: the unit tests give it Grid answers). */
  static String missing(JsonNode status, boolean managedDownloads, String gridName) {
    List<JsonNode> stereotypes = new ArrayList<>();
    for (JsonNode node : status.path("value").path("nodes")) {
      if (!"UP".equalsIgnoreCase(node.path("availability").asText("UP"))) continue;
      for (JsonNode slot : node.path("slots")) stereotypes.add(slot.path("stereotype"));
    }
    if (stereotypes.isEmpty()) return null;
    List<JsonNode> chrome = stereotypes.stream().filter(s -> "chrome".equalsIgnoreCase(s.path("browserName").asText())).toList();
    if (chrome.isEmpty()) {
      return "no node of the Selenium Grid at " + gridName + " offers chrome (its nodes offer " + offered(stereotypes,
          s -> s.path("browserName").asText("?")) + "): replay on a Grid runs Chromium through chromedriver; add a node "
          + "with Chrome or Chromium";
    }
    if (managedDownloads && chrome.stream().noneMatch(s -> s.path("se:downloadsEnabled").asBoolean(false))) {
      return "no chrome node of the Selenium Grid at " + gridName + " has managed downloads on (se:downloadsEnabled), "
          + "which a workflow that allows a download needs to bring the file back to this computer: start the nodes with "
          + "--enable-managed-downloads true, or replay this workflow without --grid";
    }
    return null;
  }

  private static String offered(List<JsonNode> stereotypes, Function<JsonNode, String> name) {
    Set<String> names = new LinkedHashSet<>();
    for (JsonNode s : stereotypes) names.add(name.apply(s));
    return String.join(", ", names);
  }
}

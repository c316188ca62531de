package dev.waymark.travel;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Where the travel test page sends its {@code window.__log} (a beacon after each entry, {@code ?log=URL}): a runner
 * the test cannot reach into, such as {@code npx playwright test}, still lets it read what the page itself saw.
 */
final class PageLog implements AutoCloseable {
  private final HttpServer server;
  private final Map<String, List<String>> latest = new ConcurrentHashMap<>();

  private PageLog(HttpServer server) {
    this.server = server;
  }

  static PageLog start() throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    PageLog log = new PageLog(s);
    s.createContext("/log/", log::receive);
    s.start();
    return log;
  }

  /** The address a page run named {@code run} sends its log to. */
  String url(String run) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/log/" + run;
  }

  private void receive(HttpExchange ex) throws IOException {
    try (ex) {
      String run = ex.getRequestURI().getPath().substring("/log/".length());
      JsonNode entries = Json.read(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8), JsonNode.class);
      List<String> list = new ArrayList<>();
      entries.forEach(e -> list.add(e.asText()));
      // Beacons may arrive out of order: the longest log is the latest.
      latest.merge(run, list, (a, b) -> b.size() >= a.size() ? b : a);
      ex.sendResponseHeaders(204, -1);
    }
  }

  /** The page's log once {@code done} holds (beacons may trail the runner's exit a little), or what it was. */
  List<String> await(String run, Predicate<List<String>> done) throws InterruptedException {
    long until = System.currentTimeMillis() + 5_000;
    while (System.currentTimeMillis() < until) {
      List<String> now = latest.getOrDefault(run, List.of());
      if (done.test(now)) return now;
      Thread.sleep(50);
    }
    return latest.getOrDefault(run, List.of());
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

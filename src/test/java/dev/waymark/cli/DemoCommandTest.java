package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class DemoCommandTest {
  @Test
  void servesTheDemoShopOnLoopbackAndNothingOutsideIt() throws Exception {
    HttpServer server = DemoCommand.start(0);
    try {
      HttpClient http = HttpClient.newHttpClient();
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      HttpResponse<String> index = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> escape = http.send(HttpRequest.newBuilder(URI.create(base + "/../dev/waymark/Main.class")).build(),
          HttpResponse.BodyHandlers.ofString());

      assertThat(server.getAddress().getAddress().isLoopbackAddress()).isTrue();
      assertThat(index.statusCode()).isEqualTo(200);
      assertThat(index.body()).contains("<form id=\"login\"");
      assertThat(escape.statusCode()).isEqualTo(404);
    } finally {
      server.stop(0);
    }
  }
}

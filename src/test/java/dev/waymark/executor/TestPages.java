package dev.waymark.executor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves the executor test pages (src/test/resources/pages/executor) on a loopback port, plus
 * {@code /echo} (answers the request it got as JSON: method, query, body, cookie, content type)
 * and {@code /login} (sets a session cookie), so captureUrl can prove it fetches in the page's
 * session.
 */
final class TestPages implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService pool;

  TestPages() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    pool = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "test-pages");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(pool);
    server.createContext("/", this::serve);
    server.start();
  }

  /** Absolute URL of a page or endpoint, e.g. {@code url("basic.html")}. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
  }

  private void serve(HttpExchange ex) throws IOException {
    try (ex) {
      URI uri = ex.getRequestURI();
      String path = uri.getPath();
      if (path.equals("/echo")) {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String json = "{\"method\":" + quote(ex.getRequestMethod()) + ",\"query\":" + quote(uri.getRawQuery())
            + ",\"body\":" + quote(body) + ",\"cookie\":" + quote(ex.getRequestHeaders().getFirst("Cookie"))
            + ",\"content_type\":" + quote(ex.getRequestHeaders().getFirst("Content-Type")) + "}";
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.getResponseHeaders().add("Content-Disposition", "attachment; filename=\"echo.json\"");
        send(ex, 200, json.getBytes(StandardCharsets.UTF_8));
        return;
      }
      if (path.equals("/streaming")) {
        // the headers and a first part at once, the rest N ms later (at most 5 s): a response whose body is still
        // on its way after fetch() resolved
        String q = uri.getRawQuery();
        long ms = q != null && q.matches("ms=\\d{1,4}") ? Math.min(5_000, Long.parseLong(q.substring(3))) : 500;
        ex.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
        ex.sendResponseHeaders(200, 0);
        try (java.io.OutputStream out = ex.getResponseBody()) {
          out.write("first part\n".getBytes(StandardCharsets.UTF_8));
          out.flush();
          Thread.sleep(ms);
          out.write("the rest\n".getBytes(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return;
      }
      if (path.equals("/login")) {
        ex.getResponseHeaders().add("Set-Cookie", "sid=s3ss10n; Path=/");
        ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
        send(ex, 200, "<!doctype html><title>Signed in</title><p>signed in</p>".getBytes(StandardCharsets.UTF_8));
        return;
      }
      String name = path.substring(1);
      if (name.isEmpty() || name.contains("..")) {
        send(ex, 404, new byte[0]);
        return;
      }
      try (InputStream in = TestPages.class.getResourceAsStream("/pages/executor/" + name)) {
        if (in == null) {
          send(ex, 404, "not found".getBytes(StandardCharsets.UTF_8));
          return;
        }
        String type = name.endsWith(".html") ? "text/html; charset=utf-8"
            : name.endsWith(".js") ? "text/javascript" : "application/octet-stream";
        ex.getResponseHeaders().add("Content-Type", type);
        send(ex, 200, in.readAllBytes());
      }
    }
  }

  private static void send(HttpExchange ex, int status, byte[] body) throws IOException {
    ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}

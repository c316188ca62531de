package dev.waymark.observe;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * Test server for the pages under {@code src/test/resources/pages} plus pages generated in memory, on a
 * loopback port chosen by the system. The same server reached as {@code localhost} is a second origin, which
 * is how the test pages get a cross-origin frame.
 */
final class PageServer implements AutoCloseable {
  private static final Path ROOT = Path.of("src/test/resources/pages").toAbsolutePath().normalize();
  private final HttpServer server;
  private final Map<String, String> generated = new ConcurrentHashMap<>();

  PageServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "test-page-server");
      t.setDaemon(true);
      return t;
    }));
    server.createContext("/", this::handle);
    server.createContext("/lib/", ex -> dev.waymark.testing.GalleryLibs.serve(ex, "/lib/"));
    server.start();
  }

  /** The page's address on the first origin (127.0.0.1). */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
  }

  /** Serves an in-memory page at this path. */
  void put(String path, String html) {
    generated.put("/" + path, html);
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath();
      byte[] body;
      String type = "text/html; charset=utf-8";
      if (generated.containsKey(path)) {
        body = generated.get(path).getBytes(StandardCharsets.UTF_8);
      } else {
        Path file = ROOT.resolve(path.substring(1)).normalize();
        if (!file.startsWith(ROOT) || !Files.isRegularFile(file)) {
          ex.sendResponseHeaders(404, -1);
          return;
        }
        body = Files.readAllBytes(file);
        if (!file.toString().endsWith(".html")) type = "application/octet-stream";
      }
      ex.getResponseHeaders().set("Content-Type", type);
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

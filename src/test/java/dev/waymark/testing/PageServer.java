package dev.waymark.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** Serves src/test/resources/pages/ (the classpath folder pages/) on 127.0.0.1, a free port. */
public final class PageServer implements AutoCloseable {
  private static final Map<String, String> TYPES = Map.of(
      "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
      "json", "application/json", "png", "image/png", "svg", "image/svg+xml", "txt", "text/plain; charset=utf-8", "csv", "text/csv; charset=utf-8");

  private final HttpServer server;
  private final ExecutorService pool;

  public PageServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    pool = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "test-page-server");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(pool);
    server.createContext("/", this::serve);
    server.createContext("/slow", this::slow);
    server.createContext("/lib/", ex -> dev.waymark.testing.GalleryLibs.serve(ex, "/lib/"));
    server.createContext("/streaming", this::streaming);
    server.createContext("/attachment", this::attachment);
    server.start();
  }

  /** The URL of a file under pages/, e.g. {@code url("bridge/clicks.html")}. */
  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
  }

  private void serve(HttpExchange ex) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath();
      if (path.contains("..")) {
        ex.sendResponseHeaders(400, -1);
        return;
      }
      String resource = "pages" + (path.endsWith("/") ? path + "index.html" : path);
      try (InputStream in = PageServer.class.getClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          ex.sendResponseHeaders(404, -1);
          return;
        }
        byte[] body = in.readAllBytes();
        String ext = resource.substring(resource.lastIndexOf('.') + 1);
        ex.getResponseHeaders().add("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
        ex.getResponseHeaders().add("Cache-Control", "no-store");
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
          out.write(body);
        }
      }
    }
  }

  /**
   * {@code /attachment?name=NAME}: a small CSV sent as a download named NAME by its Content-Disposition, at an address
   * whose last part says nothing of that name (as a report endpoint of a real app).
   */
  private void attachment(HttpExchange ex) throws IOException {
    try (ex) {
      String q = ex.getRequestURI().getQuery();
      String name = q != null && q.matches("name=[A-Za-z0-9._-]{1,64}") ? q.substring(5) : "download.csv";
      byte[] body = "item,qty\nMilk,1\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", "text/csv");
      ex.getResponseHeaders().add("Content-Disposition", "attachment; filename=\"" + name + "\"");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** {@code /slow?ms=N}: answers "ok" after N ms (at most 10 s), like a backend a page waits on. */
  private void slow(HttpExchange ex) throws IOException {
    try (ex) {
      String q = ex.getRequestURI().getQuery();
      long ms = q != null && q.matches("ms=\\d{1,5}") ? Math.min(10_000, Long.parseLong(q.substring(3))) : 1000;
      try {
        Thread.sleep(ms);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      byte[] body = "ok".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /**
   * {@code /streaming?ms=N}: the first half of an HTML page (a heading and an "Early button") at once, the
   * rest after N ms (at most 20 s), like a server-rendered page whose slow part is still on its way.
   */
  private void streaming(HttpExchange ex) throws IOException {
    try (ex) {
      String q = ex.getRequestURI().getQuery();
      long ms = q != null && q.matches("ms=\\d{1,5}") ? Math.min(20_000, Long.parseLong(q.substring(3))) : 5000;
      ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
      ex.sendResponseHeaders(200, 0);
      try (OutputStream out = ex.getResponseBody()) {
        String head = "<!doctype html><html><head><title>Streaming</title></head><body><h1>Arriving</h1>"
            + "<button id=early>Early button</button>\n<!-- " + "padding ".repeat(600) + " -->\n";
        out.write(head.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.flush();
        try {
          Thread.sleep(ms);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        out.write("<button id=late>Late button</button></body></html>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
    try {
      pool.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

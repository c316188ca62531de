package dev.waymark.decide;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A real HTTP server on 127.0.0.1 port 0 that answers each request with the next scripted action. */
public final class ScriptedServer implements AutoCloseable {
  /** One request as the server saw it. */
  public record Received(String method, String path, Map<String, List<String>> headers, String body) {
    public String header(String name) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (e.getKey() != null && e.getKey().equalsIgnoreCase(name)) return e.getValue().get(0);
      }
      return null;
    }
  }

  /** How the server answers one request. */
  public interface Action {
    void handle(HttpExchange ex) throws Exception;
  }

  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "scripted-server");
    t.setDaemon(true);
    return t;
  });
  private final ConcurrentLinkedQueue<Action> script = new ConcurrentLinkedQueue<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();

  public ScriptedServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext("/", ex -> {
      try {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(new Received(ex.getRequestMethod(), ex.getRequestURI().getPath(), Map.copyOf(ex.getRequestHeaders()), body));
        Action a = script.poll();
        if (a == null) a = json(500, "{\"error\":{\"message\":\"no scripted reply left\"}}");
        a.handle(ex);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (Exception e) {
        // The client went away mid-answer, which some scripts cause on purpose.
      } finally {
        ex.close();
      }
    });
    server.start();
  }

  public String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public ScriptedServer then(Action... actions) {
    script.addAll(List.of(actions));
    return this;
  }

  public List<Received> received() {
    return received;
  }

  public static Action json(int status, String body, String... headers) {
    return ex -> {
      for (int i = 0; i + 1 < headers.length; i += 2) ex.getResponseHeaders().add(headers[i], headers[i + 1]);
      ex.getResponseHeaders().add("Content-Type", "application/json");
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
      if (b.length > 0) ex.getResponseBody().write(b);
    };
  }

  public static Action text(int status, String contentType, String body) {
    return ex -> {
      ex.getResponseHeaders().add("Content-Type", contentType);
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, b.length);
      ex.getResponseBody().write(b);
    };
  }

  /** Server-sent events, one chunk at a time with a flush and a short pause between, then the end of the body. */
  public static Action sse(String... chunks) {
    return sseThenHang(null, chunks);
  }

  /** Like {@link #sse} but then stays silent for {@code hang} without closing, as a stalled server does. */
  public static Action sseThenHang(Duration hang, String... chunks) {
    return ex -> {
      ex.getResponseHeaders().add("Content-Type", "text/event-stream");
      ex.sendResponseHeaders(200, 0);
      OutputStream out = ex.getResponseBody();
      for (String c : chunks) {
        out.write(c.getBytes(StandardCharsets.UTF_8));
        out.flush();
        Thread.sleep(5);
      }
      if (hang != null) Thread.sleep(hang.toMillis());
    };
  }

  /** Accepts the request and answers nothing for this long: a request timeout on the client side. */
  public static Action hang(Duration d) {
    return ex -> Thread.sleep(d.toMillis());
  }

  @Override
  public void close() throws InterruptedException {
    server.stop(0);
    pool.shutdownNow();
    pool.awaitTermination(5, TimeUnit.SECONDS);
  }
}

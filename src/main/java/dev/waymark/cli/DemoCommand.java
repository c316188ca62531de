package dev.waymark.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code waymark demo}: serves the demo shop on 127.0.0.1 so a newcomer has a page to author against. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Serve the demo shop pages on 127.0.0.1 until interrupted.")
public final class DemoCommand implements Callable<Integer> {
  private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
      "css", "text/css; charset=utf-8", "js", "text/javascript; charset=utf-8", "png", "image/png");

  @Option(names = "--port", description = "port to serve on (default: ${DEFAULT-VALUE}; 0 picks a free one)")
  int port = 17380;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    HttpServer server;
    try {
      server = start(port);
    } catch (BindException e) {
      spec.commandLine().getErr().println("port " + port + " is in use; pick another with --port, or --port 0 for a free one");
      return 1;
    }
    spec.commandLine().getOut().println("demo shop at http://127.0.0.1:" + server.getAddress().getPort() + "/index.html");
    spec.commandLine().getOut().flush();
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.stop(0);
      stop.countDown();
    }, "demo-shutdown"));
    stop.await();
    return 0;
  }

  /** Starts the demo server on loopback; the caller stops it. */
  public static HttpServer start(int port) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    server.createContext("/", DemoCommand::serve);
    server.setExecutor(Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "demo-http");
      // The server's own dispatcher keeps the command alive; its workers must not outlive it.
      t.setDaemon(true);
      return t;
    }));
    server.start();
    return server;
  }

  private static void serve(HttpExchange ex) throws IOException {
    try (ex) {
      String path = URI.create(ex.getRequestURI().getRawPath()).normalize().getPath();
      if (path.equals("/")) path = "/index.html";
      if (path.contains("..") || !path.matches("/[A-Za-z0-9._/-]+")) {
        ex.sendResponseHeaders(404, -1);
        return;
      }
      try (InputStream in = DemoCommand.class.getResourceAsStream("/demo" + path)) {
        if (in == null) {
          ex.sendResponseHeaders(404, -1);
          return;
        }
        byte[] body = in.readAllBytes();
        String ext = path.substring(path.lastIndexOf('.') + 1);
        ex.getResponseHeaders().set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
          out.write(body);
        }
      }
    }
  }
}

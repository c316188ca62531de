package dev.waymark.agent;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's MCP endpoint: Streamable HTTP on 127.0.0.1 only, at {@code /mcp}. Every request must name a loopback
 * Host with this port (a DNS-rebinding page names its own host), must carry no Origin or a loopback one of this port
 * (a web page's fetch carries its own), and must carry the per-install bearer token; anything else is refused before
 * the MCP server sees it, and counted. Off until the person turns it on.
 */
public final class McpHttpEndpoint implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(McpHttpEndpoint.class);
  public static final String PATH = "/mcp";
  /** The largest request body read (a task_respond action is a few hundred bytes). */
  static final int MAX_REQUEST_BYTES = 1024 * 1024;

  /** Why a request was refused before any tool ran. */
  public enum Refusal { HOST, ORIGIN, TOKEN }

  private final Server server;
  private final McpSyncServer mcp;
  private final McpToken token;
  private final int port;
  private final Map<Refusal, AtomicInteger> refused = new ConcurrentHashMap<>();

  private McpHttpEndpoint(Server server, McpSyncServer mcp, McpToken token, int port) {
    this.server = server;
    this.mcp = mcp;
    this.token = token;
    this.port = port;
  }

  /** Starts the endpoint on 127.0.0.1:{@code port} (0: a free port). */
  public static McpHttpEndpoint start(WaymarkMcp tools, McpToken token, int port) throws IOException {
    QueuedThreadPool threads = new QueuedThreadPool(16, 2);
    threads.setName("waymark-mcp-http");
    Server server = new Server(threads);
    ServerConnector connector = new ServerConnector(server);
    connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
    connector.setPort(port);
    server.addConnector(connector);
    HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(tools.jsonMapper()).mcpEndpoint(PATH).maxRequestSize(MAX_REQUEST_BYTES)
        .keepAliveInterval(Duration.ofSeconds(15)).build();
    McpSyncServer mcp = tools.serve(transport);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    ServletHolder holder = new ServletHolder("mcp", transport);
    holder.setAsyncSupported(true);
    context.addServlet(holder, PATH);
    Guard guard = new Guard(token);
    guard.setHandler(context);
    server.setHandler(guard);
    try {
      server.start();
    } catch (Exception e) {
      mcp.close();
      try {
        server.stop();
      } catch (Exception ignored) {
        // nothing more to stop
      }
      throw new IOException("The MCP endpoint could not start on 127.0.0.1:" + port + ": " + e.getMessage()
          + (port != 0 ? " (another program may use that port; choose another in Settings)" : ""), e);
    }
    int bound = connector.getLocalPort();
    McpHttpEndpoint endpoint = new McpHttpEndpoint(server, mcp, token, bound);
    guard.endpoint = endpoint;
    LOG.info("MCP endpoint listening on http://127.0.0.1:{}{}", bound, PATH);
    return endpoint;
  }

  public int port() {
    return port;
  }

  /** The address an agent is configured with. */
  public String url() {
    return "http://127.0.0.1:" + port + PATH;
  }

  public McpToken token() {
    return token;
  }

  /** How many requests were refused for {@code why} since the endpoint started. */
  public int refused(Refusal why) {
    AtomicInteger n = refused.get(why);
    return n == null ? 0 : n.get();
  }

  @Override
  public void close() {
    try {
      mcp.closeGracefully();
    } catch (RuntimeException e) {
      LOG.debug("closing the MCP server: {}", e.getMessage());
    }
    try {
      server.stop();
    } catch (Exception e) {
      LOG.warn("stopping the MCP endpoint failed", e);
    }
  }

  private void count(Refusal why) {
    refused.computeIfAbsent(why, k -> new AtomicInteger()).incrementAndGet();
  }

  /** Refuses what is not a local agent holding the token, before the servlet reads a byte of the body. */
  private static final class Guard extends Handler.Wrapper {
    private final McpToken token;
    private volatile McpHttpEndpoint endpoint;

    Guard(McpToken token) {
      this.token = token;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      McpHttpEndpoint e = endpoint;
      int port = e == null ? -1 : e.port;
      String host = request.getHeaders().get(HttpHeader.HOST);
      if (!loopbackAuthority(host, port)) {
        return refuse(Refusal.HOST, 421, "This endpoint answers only requests addressed to 127.0.0.1:" + port, request, response, callback);
      }
      String origin = request.getHeaders().get(HttpHeader.ORIGIN);
      if (origin != null && !loopbackOrigin(origin, port)) {
        return refuse(Refusal.ORIGIN, 403, "Requests from web pages are refused", request, response, callback);
      }
      if (!token.matchesHeader(request.getHeaders().get(HttpHeader.AUTHORIZATION))) {
        response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer realm=\"waymark\"");
        return refuse(Refusal.TOKEN, 401, "Send the studio's MCP token as Authorization: Bearer <token> "
            + "(Settings > Agents in the studio shows it)", request, response, callback);
      }
      return super.handle(request, response, callback);
    }

    private boolean refuse(Refusal why, int status, String message, Request request, Response response, Callback callback) {
      McpHttpEndpoint e = endpoint;
      if (e != null) e.count(why);
      LOG.warn("MCP request refused ({}) from {}", why.name().toLowerCase(Locale.ROOT), Request.getRemoteAddr(request));
      Response.writeError(request, response, callback, status, message);
      return true;
    }

    static boolean loopbackAuthority(String hostHeader, int port) {
      if (hostHeader == null) return false;
      String h = hostHeader.strip().toLowerCase(Locale.ROOT);
      return h.equals("127.0.0.1:" + port) || h.equals("localhost:" + port) || h.equals("[::1]:" + port);
    }

    static boolean loopbackOrigin(String origin, int port) {
      String o = origin.strip().toLowerCase(Locale.ROOT);
      return o.equals("http://127.0.0.1:" + port) || o.equals("http://localhost:" + port) || o.equals("http://[::1]:" + port);
    }
  }
}

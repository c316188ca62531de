package dev.waymark.agent;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.workflow.Json;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waymark's MCP tools ({@code task_start}, {@code task_state}, {@code task_respond}, {@code task_export},
 * {@code task_list}, {@code task_end}, {@code workflow_run}) on the official MCP Java SDK, over any of its transports (stdio for the {@code mcp} command,
 * Streamable HTTP for the studio). A tool call becomes a call of {@link AgentTasks}; what cannot be done comes back
 * as the tool's error text, never as a protocol error, so the agent reads why and what to send instead.
 */
public final class WaymarkMcp {
  private static final Logger LOG = LoggerFactory.getLogger(WaymarkMcp.class);
  public static final String SERVER_NAME = "waymark";
  static final String INSTRUCTIONS = "Waymark performs browser tasks in the user's own browser, one action per "
      + "task_respond call, and records them as a workflow that replays without a model. Start with task_start, act "
      + "only on refs from the latest observation with its interaction_generation, and end with kind done, blocked or "
      + "handoff. Send since (the generation of the page you hold) to get only what changed on the page; refs keep their "
      + "meaning within a document. Risky actions wait for the user's approval; you never see or send variable values, you write "
      + "{{ name }} tokens. Export the workflow with task_export. Several tasks may run at once, each in its own tab: "
      + "task_list shows them, task_end ends one.";

  private final AgentTasks tasks;
  private final WorkflowRuns runs;
  private final McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
  private final Set<Path> written = ConcurrentHashMap.newKeySet();
  private final AtomicInteger calls = new AtomicInteger();

  public WaymarkMcp(AgentTasks tasks, WorkflowRuns runs) {
    this.tasks = tasks;
    this.runs = runs;
  }

  public McpJsonMapper jsonMapper() {
    return mapper;
  }

  /** How many tool calls reached a tool (a refused HTTP request never does). */
  public int toolCalls() {
    return calls.get();
  }

  /** A server over a single-session transport (stdio). */
  public McpSyncServer serve(McpServerTransportProvider transport) {
    return configured(McpServer.sync(transport)).build();
  }

  /** Serves the tools on a stdio pair (the {@code mcp} command's stdin and stdout); closing stops serving. */
  public AutoCloseable serveStdio(InputStream in, java.io.OutputStream out) {
    McpSyncServer server = serve(new io.modelcontextprotocol.server.transport.StdioServerTransportProvider(mapper, in, out));
    return server::closeGracefully;
  }

  /** A server over a Streamable HTTP transport (the studio's endpoint). */
  public McpSyncServer serve(McpStreamableServerTransportProvider transport) {
    return configured(McpServer.sync(transport)).build();
  }

  /** The same server on either transport: our JSON mapper, name, instructions, capabilities and tools. */
  private McpServer.SyncSpecification<?> configured(McpServer.SyncSpecification<?> spec) {
    return spec.jsonMapper(mapper).serverInfo(SERVER_NAME, version()).instructions(INSTRUCTIONS)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).logging().build())
        .tools(toolSpecs());
  }

  static String version() {
    String v = WaymarkMcp.class.getPackage().getImplementationVersion();
    return v == null ? "0.1.0" : v;
  }

  /** The tool definitions as shipped in {@code mcp/tools.json}: name, title, description, annotations, input schema. */
  public static List<Map<String, Object>> toolDefinitions() {
    try (InputStream in = WaymarkMcp.class.getResourceAsStream("/mcp/tools.json")) {
      if (in == null) throw new IllegalStateException("mcp/tools.json is missing from the build");
      return Json.mapper().readValue(in, new TypeReference<List<Map<String, Object>>>() {});
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  List<McpServerFeatures.SyncToolSpecification> toolSpecs() {
    Map<String, BiFunction<Map<String, Object>, Consumer<String>, TaskReply>> handlers = new LinkedHashMap<>();
    handlers.put("task_start", this::start);
    handlers.put("task_state", (a, p) -> interruptible(() -> tasks.state(string(a, "task_id"), since(a), p)));
    handlers.put("task_respond", this::respond);
    handlers.put("task_export", (a, p) -> interruptible(() -> tasks.export(string(a, "task_id"),
        string(a, "path") == null ? null : Path.of(string(a, "path")), written)));
    handlers.put("task_list", (a, p) -> tasks.listReply());
    handlers.put("task_end", (a, p) -> tasks.end(string(a, "task_id"), "ended by the agent (task_end)"));
    handlers.put("workflow_run", (a, p) -> interruptible(() -> runs.run(
        string(a, "path") == null ? null : Path.of(string(a, "path")), p)));
    List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
    for (Map<String, Object> def : toolDefinitions()) {
      String name = (String) def.get("name");
      McpSchema.Tool tool = McpSchema.Tool.builder().name(name).title((String) def.get("title"))
          .description((String) def.get("description"))
          .inputSchema(mapper, Json.write(def.get("inputSchema")))
          .annotations(mapper.convertValue(def.get("annotations"), McpSchema.ToolAnnotations.class))
          .build();
      BiFunction<Map<String, Object>, Consumer<String>, TaskReply> handler = handlers.get(name);
      if (handler == null) throw new IllegalStateException("no handler for tool " + name);
      specs.add(McpServerFeatures.SyncToolSpecification.builder().tool(tool)
          .callHandler((exchange, request) -> call(name, handler, exchange, request)).build());
    }
    return specs;
  }

  private McpSchema.CallToolResult call(String name, BiFunction<Map<String, Object>, Consumer<String>, TaskReply> handler,
      McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
    calls.incrementAndGet();
    Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
    Consumer<String> progress = progress(exchange, request);
    TaskReply reply;
    try {
      reply = handler.apply(args, progress);
    } catch (TaskException | AgentActions.BadAction e) {
      reply = TaskReply.failure(e.getMessage());
    } catch (RuntimeException e) {
      LOG.warn("tool {} failed", name, e);
      reply = TaskReply.failure("Waymark failed: " + e.getMessage() + " (the log has the details)");
    }
    LOG.info("tool {} answered{}", name, reply.error() ? " with an error" : "");
    return McpSchema.CallToolResult.builder().addTextContent(reply.text()).structuredContent(reply.structured())
        .isError(reply.error()).build();
  }

  /** Progress notifications for a client that sent a progress token; a log line for any other. */
  private static Consumer<String> progress(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
    Object token = request.meta() == null ? null : request.meta().get("progressToken");
    AtomicInteger step = new AtomicInteger();
    return message -> {
      try {
        if (token != null) {
          exchange.progressNotification(new McpSchema.ProgressNotification(token, (double) step.incrementAndGet(), null, message));
        } else {
          exchange.loggingNotification(McpSchema.LoggingMessageNotification.builder()
              .level(McpSchema.LoggingLevel.INFO).logger(SERVER_NAME).data(message).build());
        }
      } catch (RuntimeException e) {
        LOG.debug("progress could not be sent: {}", e.getMessage());
      }
    };
  }

  private TaskReply start(Map<String, Object> a, Consumer<String> p) {
    Object vars = a.get("variables");
    Map<String, String> variables = new LinkedHashMap<>();
    if (vars instanceof Map<?, ?> m) m.forEach((k, v) -> variables.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
    else if (vars != null) throw new TaskException("variables must be an object of names and descriptions, e.g. {\"email\": \"the account's email\"}");
    AgentTasks.Start req = new AgentTasks.Start(string(a, "goal"), string(a, "start_url"), strings(a, "allowed_sites"),
        variables, a.containsKey("capabilities") ? strings(a, "capabilities") : null, string(a, "workflow_id"));
    return interruptible(() -> tasks.start(req, p));
  }

  private TaskReply respond(Map<String, Object> a, Consumer<String> p) {
    Long generation = wholeNumber(a.get("interaction_generation"));
    if (generation == null) {
      throw new TaskException("interaction_generation is missing or not a whole number; task_state gives the current one");
    }
    Long since = since(a);
    JsonNode action = Json.mapper().valueToTree(a.get("action"));
    return interruptible(() -> tasks.respond(string(a, "task_id"), generation, action, since, p));
  }

  /** The optional {@code since}: the generation of the page the agent holds, so the reply may carry only changes. */
  private static Long since(Map<String, Object> a) {
    if (a.get("since") == null) return null;
    Long since = wholeNumber(a.get("since"));
    if (since == null || since < 1) {
      throw new TaskException("since must be the whole number of a generation you were sent a page at (1 or more), "
          + "or left out for the whole page");
    }
    return since;
  }

  private static Long wholeNumber(Object g) {
    if (g instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) return n.longValue();
    if (g instanceof String s && s.strip().matches("\\d{1,18}")) return Long.parseLong(s.strip());
    return null;
  }

  @FunctionalInterface
  private interface Work {
    TaskReply run() throws InterruptedException;
  }

  private static TaskReply interruptible(Work w) {
    try {
      return w.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return TaskReply.failure("The call was cancelled; call task_state to see where the task is");
    }
  }

  private static String string(Map<String, Object> a, String key) {
    Object v = a.get(key);
    return v == null ? null : String.valueOf(v);
  }

  private static List<String> strings(Map<String, Object> a, String key) {
    Object v = a.get(key);
    if (v == null) return List.of();
    if (!(v instanceof List<?> l)) throw new TaskException(key + " must be a list of strings");
    return l.stream().map(String::valueOf).toList();
  }
}

package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The MCP SDK's own client, as an agent uses it: one tool call at a time, with the progress it is sent. */
final class AgentClient implements AutoCloseable {
  /** One tool answer: whether it is an error, its text, its structured content. */
  record Answer(boolean error, String text, JsonNode data) {
    long generation() {
      return data.path("interaction_generation").asLong();
    }

    String taskId() {
      return data.path("task_id").asText();
    }

    /** The ref of the control named {@code name} in the observation text ("e7 button \"Send message\""). */
    String ref(String name) {
      Matcher m = Pattern.compile("\\b([el]\\d+) (?:[a-z:]+ )?\"" + Pattern.quote(name) + "\"").matcher(text);
      if (!m.find()) throw new AssertionError("no control \"" + name + "\" in:\n" + text);
      return m.group(1);
    }

    @Override
    public String toString() {
      return (error ? "ERROR " : "") + text;
    }
  }

  private final McpSyncClient client;
  final List<String> progress = new CopyOnWriteArrayList<>();
  private final AtomicInteger tokens = new AtomicInteger();

  private AgentClient(McpClientTransport transport) {
    client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
        .clientInfo(new McpSchema.Implementation("waymark-test-agent", "1.0"))
        .initializationTimeout(Duration.ofSeconds(90))
        .progressConsumer(p -> progress.add(p.message()))
        .loggingConsumer(l -> progress.add(String.valueOf(l.data())))
        .build();
    client.initialize();
  }

  static AgentClient overHttp(String baseUrl, String token) {
    return new AgentClient(HttpClientStreamableHttpTransport.builder(baseUrl).endpoint(McpHttpEndpoint.PATH)
        .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token)).build());
  }

  static AgentClient over(McpClientTransport transport) {
    return new AgentClient(transport);
  }

  McpSyncClient sdk() {
    return client;
  }

  Answer call(String tool, Map<String, Object> args) {
    McpSchema.CallToolResult r = client.callTool(McpSchema.CallToolRequest.builder().name(tool).arguments(args)
        .progressToken("p" + tokens.incrementAndGet()).build());
    StringBuilder text = new StringBuilder();
    for (McpSchema.Content c : r.content()) if (c instanceof McpSchema.TextContent t) text.append(t.text());
    JsonNode data = Json.mapper().valueToTree(r.structuredContent());
    return new Answer(Boolean.TRUE.equals(r.isError()), text.toString(), data);
  }

  Answer respond(Answer last, Map<String, Object> action) {
    return call("task_respond", Map.of("task_id", last.taskId(), "interaction_generation", last.generation(), "action", action));
  }

  @Override
  public void close() {
    client.closeGracefully();
  }
}

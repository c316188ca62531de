package dev.waymark.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Locale;

/**
 * Decisions from the Anthropic Messages API ({@code POST {base}/v1/messages}) or a server compatible with it. The
 * key comes from an environment variable (default {@code ANTHROPIC_API_KEY}) and goes in {@code x-api-key}.
 * Streams by default: text from {@code content_block_delta} events, usage from {@code message_start} and
 * {@code message_delta}. The decision is asked for as a call of one tool whose input schema is the
 * {@link DecisionSchema} ({@code tool_choice} forces it), and the tool call's input is the decision; a server that
 * refuses tools is asked again in plain text, and for the rest of the source's life. The system text and the
 * stable blocks of the user message carry {@code cache_control} breakpoints, so the provider caches the prefix
 * that every turn repeats; usage reports what was read from and written to that cache.
 */
public final class AnthropicSource extends HttpModelSource {
  public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
  public static final String DEFAULT_KEY_ENV = "ANTHROPIC_API_KEY";
  public static final String API_VERSION = "2023-06-01";

  public AnthropicSource(ModelSettings settings) {
    super(settings);
  }

  @Override
  String provider() {
    return "anthropic";
  }

  @Override
  URI endpoint() {
    // Accept a base written with or without the /v1 the path adds.
    String base = settings.baseUrl().endsWith("/v1") ? settings.baseUrl().substring(0, settings.baseUrl().length() - 3)
        : settings.baseUrl();
    return URI.create(base + "/v1/messages");
  }

  @Override
  void headers(HttpRequest.Builder b, String key, boolean stream) {
    if (key != null) b.header("x-api-key", key);
    b.header("anthropic-version", API_VERSION);
    b.header("Accept", stream ? "text/event-stream" : "application/json");
  }

  /** The tool the decision is asked for as; flipped off, for the life of the source, when the server refuses tools. */
  static final String TOOL = DecisionSchema.NAME;
  private volatile boolean tools = true;

  @Override
  String requestBody(Prompt prompt, boolean stream) {
    ObjectNode b = Json.mapper().createObjectNode();
    b.put("model", settings.model());
    b.put("max_tokens", settings.maxTokens());
    if (tools) {
      // Tools come first in the cached prefix; a session's definition changes only when what it offers widens (decision
      // 0070: the tab steps once the task has had tabs), so it is cached with the system text.
      b.putArray("tools").addObject().put("name", TOOL)
          .put("description", "Give this turn's decision: one step to perform, or done, blocked or handoff.")
          .set("input_schema", prompt.schemaForRequest());
      b.putObject("tool_choice").put("type", "tool").put("name", TOOL);
    }
    if (prompt.system() != null && !prompt.system().isEmpty()) {
      ArrayNode system = b.putArray("system");
      ephemeral(system.addObject().put("type", "text").put("text", prompt.system()));
    }
    ArrayNode content = b.putArray("messages").addObject().put("role", "user").putArray("content");
    ObjectNode lastStable = null;
    for (String block : prompt.stable()) {
      if (block.isEmpty()) continue;
      lastStable = content.addObject().put("type", "text").put("text", block);
    }
    // One breakpoint on the last stable block: the next turn's request repeats every block before its own
    // last one, and the provider finds this turn's cache entry at that earlier block boundary.
    if (lastStable != null) ephemeral(lastStable);
    // The API refuses empty text blocks.
    if (!prompt.tail().isEmpty() || lastStable == null) {
      content.addObject().put("type", "text").put("text", prompt.tail().isEmpty() ? " " : prompt.tail());
    }
    if (settings.temperature() != null) b.put("temperature", settings.temperature());
    b.put("stream", stream);
    return Json.write(b);
  }

  private static void ephemeral(ObjectNode block) {
    block.putObject("cache_control").put("type", "ephemeral");
  }

  @Override
  boolean adapt(int status, String serverMessage) {
    String m = serverMessage == null ? "" : serverMessage.toLowerCase(Locale.ROOT);
    if (tools && (m.contains("tool") || m.contains("input_schema"))) {
      tools = false;
      return true;
    }
    return false;
  }

  @Override
  Reply parseFull(JsonNode body) throws DecisionSourceException, RetryableException {
    if ("error".equals(body.path("type").asText())) throw streamError(body);
    JsonNode content = body.path("content");
    if (!content.isArray()) {
      throw new DecisionSourceException("the answer from " + endpoint() + " holds no content: is it a Messages API? "
          + baseUrlAdvice());
    }
    StringBuilder text = new StringBuilder();
    String decision = null;
    for (JsonNode block : content) {
      String type = block.path("type").asText();
      if ("text".equals(type)) text.append(block.path("text").asText(""));
      else if ("tool_use".equals(type) && TOOL.equals(block.path("name").asText()) && decision == null) {
        decision = Json.write(block.path("input"));
      }
    }
    JsonNode usage = body.path("usage");
    return new Reply(decision != null ? decision : text.toString(), inputTokens(usage), usage.path("output_tokens").asInt(0),
        usage.path("cache_read_input_tokens").asInt(0), usage.path("cache_creation_input_tokens").asInt(0));
  }

  private static int inputTokens(JsonNode usage) {
    // Cached prompt tokens are still prompt tokens; the journal wants what the turn cost in total.
    return usage.path("input_tokens").asInt(0) + usage.path("cache_creation_input_tokens").asInt(0)
        + usage.path("cache_read_input_tokens").asInt(0);
  }

  @Override
  boolean onEvent(String event, JsonNode data, StreamState state) throws DecisionSourceException, RetryableException {
    String type = data.path("type").asText(event == null ? "" : event);
    switch (type) {
      case "message_start" -> {
        JsonNode usage = data.path("message").path("usage");
        state.promptTokens = inputTokens(usage);
        state.completionTokens = usage.path("output_tokens").asInt(0);
        cacheUsage(usage, state);
      }
      case "content_block_delta" -> {
        JsonNode delta = data.path("delta");
        String kind = delta.path("type").asText();
        // The tool call's input arrives as JSON text in pieces: that text is the decision.
        if ("text_delta".equals(kind)) state.append(delta.path("text").asText(""));
        else if ("input_json_delta".equals(kind)) state.append(delta.path("partial_json").asText(""));
      }
      case "message_delta" -> {
        JsonNode usage = data.path("usage");
        if (usage.has("output_tokens")) state.completionTokens = usage.get("output_tokens").asInt();
        if (usage.has("input_tokens")) state.promptTokens = inputTokens(usage);
        cacheUsage(usage, state);
      }
      case "message_stop" -> {
        return true;
      }
      case "error" -> throw streamError(data);
      default -> { }
    }
    return false;
  }

  private static void cacheUsage(JsonNode usage, StreamState state) {
    if (usage.has("cache_read_input_tokens")) state.cachedTokens = usage.get("cache_read_input_tokens").asInt();
    if (usage.has("cache_creation_input_tokens")) state.cacheWriteTokens = usage.get("cache_creation_input_tokens").asInt();
  }

  /** An error event inside a 200 stream: overload and API errors are worth another attempt, the rest are not. */
  private DecisionSourceException streamError(JsonNode data) throws RetryableException {
    String kind = data.path("error").path("type").asText("");
    String msg = data.path("error").path("message").asText("no details");
    if (kind.equals("overloaded_error") || kind.equals("api_error") || kind.equals("rate_limit_error")) {
      throw new RetryableException("the server broke off the answer (" + kind + ": " + msg + ")", null);
    }
    return new DecisionSourceException("the server broke off the answer (" + kind + ": " + msg + ")");
  }

  @Override
  String explain(int status, String msg, String key) {
    String env = settings.apiKeyEnv() == null ? DEFAULT_KEY_ENV : settings.apiKeyEnv();
    String lower = msg.toLowerCase(Locale.ROOT);
    if (status == 401 || status == 403) {
      return key == null
          ? "the server at " + settings.baseUrl() + " wants an API key (" + status + ": " + msg + "): set the environment "
              + "variable " + env + " before starting Waymark, or name another variable in the settings"
          : "the server at " + settings.baseUrl() + " refused the API key from " + env + " (" + status + ": " + msg
              + "): check that " + env + " holds a valid key" + (status == 403 ? " with access to this model" : "");
    }
    if ((status == 404 || status == 400) && lower.contains("model")) {
      return "model \"" + settings.model() + "\" is not available at " + settings.baseUrl() + " (" + status + ": " + msg
          + "): check the model name, such as claude-sonnet-4-5";
    }
    if (status == 404) return endpoint() + " does not exist (404: " + msg + "): the base URL is probably wrong. " + baseUrlAdvice();
    if (status == 413 || lower.contains("prompt is too long") || lower.contains("context")) {
      return "the prompt is too long for the model (" + status + ": " + msg + "): lower the observation caps";
    }
    if (status == 429) return "rate limited by " + settings.baseUrl() + " (429: " + msg + ")";
    if (status == 529) return "the API is overloaded (529: " + msg + ")";
    if (status >= 500) return "the server at " + settings.baseUrl() + " failed (" + status + ": " + msg + ")";
    return "the server at " + settings.baseUrl() + " rejected the request (" + status + ": " + msg + ")";
  }

  @Override
  String baseUrlAdvice() {
    return "The Anthropic base URL is https://api.anthropic.com (the source adds /v1/messages)";
  }
}

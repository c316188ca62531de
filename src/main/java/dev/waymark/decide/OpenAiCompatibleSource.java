package dev.waymark.decide;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Locale;

/**
 * Decisions from any OpenAI-compatible chat completions API ({@code POST {base}/chat/completions}): OpenAI itself,
 * Ollama, llama.cpp's server, vLLM, LM Studio. The key comes from an environment variable (default
 * {@code OPENAI_API_KEY}) and may be absent for local servers. Streams by default, asking for usage in the last
 * chunk; a server that refuses {@code stream_options} is asked again without it. Asks for the decision's shape as
 * structured output ({@code response_format} with the {@link DecisionSchema}); a server that refuses it is asked
 * again in plain text, and for the rest of the source's life. Usage includes the prompt tokens the server's
 * automatic prefix cache served ({@code usage.prompt_tokens_details.cached_tokens}).
 */
public final class OpenAiCompatibleSource extends HttpModelSource {
  public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
  public static final String DEFAULT_KEY_ENV = "OPENAI_API_KEY";

  public OpenAiCompatibleSource(ModelSettings settings) {
    super(settings);
  }

  @Override
  String provider() {
    return "openai";
  }

  @Override
  URI endpoint() {
    return URI.create(settings.baseUrl() + "/chat/completions");
  }

  @Override
  void headers(HttpRequest.Builder b, String key, boolean stream) {
    if (key != null) b.header("Authorization", "Bearer " + key);
    b.header("Accept", stream ? "text/event-stream" : "application/json");
  }

  // Flipped, for the life of the source, when the server refuses the parameter; a volatile read is enough.
  private volatile boolean streamOptions = true;
  private volatile boolean maxCompletionTokens;
  private volatile boolean structured = true;

  @Override
  String requestBody(Prompt prompt, boolean stream) {
    return body(prompt, stream, streamOptions);
  }

  private String body(Prompt prompt, boolean stream, boolean includeUsage) {
    ObjectNode b = Json.mapper().createObjectNode();
    b.put("model", settings.model());
    ArrayNode messages = b.putArray("messages");
    if (prompt.system() != null && !prompt.system().isEmpty()) {
      messages.addObject().put("role", "system").put("content", prompt.system());
    }
    messages.addObject().put("role", "user").put("content", prompt.user() == null ? "" : prompt.user());
    b.put(maxCompletionTokens ? "max_completion_tokens" : "max_tokens", settings.maxTokens());
    if (settings.temperature() != null) b.put("temperature", settings.temperature());
    if (structured) {
      ObjectNode format = b.putObject("response_format").put("type", "json_schema");
      format.putObject("json_schema").put("name", DecisionSchema.NAME).put("strict", false)
          .set("schema", prompt.schemaForRequest());
    }
    b.put("stream", stream);
    if (stream && includeUsage) b.putObject("stream_options").put("include_usage", true);
    return Json.write(b);
  }

  @Override
  boolean adapt(int status, String serverMessage) {
    String m = serverMessage == null ? "" : serverMessage.toLowerCase(Locale.ROOT);
    if (streamOptions && settings.stream() && m.contains("stream_options")) {
      streamOptions = false;
      return true;
    }
    // llama.cpp says "JSON schema" or "grammar" when it cannot turn the schema into a grammar.
    if (structured && (m.contains("response_format") || m.contains("json_schema") || m.contains("json schema")
        || m.contains("structured output") || m.contains("guided_json") || m.contains("grammar"))) {
      structured = false;
      return true;
    }
    if (!maxCompletionTokens && m.contains("max_tokens") && m.contains("max_completion_tokens")) {
      maxCompletionTokens = true;
      return true;
    }
    return false;
  }

  @Override
  Reply parseFull(JsonNode body) throws DecisionSourceException {
    if (body.has("error")) throw new DecisionSourceException("the server answered with an error: " + serverMessage(body, null));
    JsonNode choices = body.path("choices");
    if (!choices.isArray() || choices.isEmpty()) {
      throw new DecisionSourceException("the answer from " + endpoint() + " holds no choices: is it a chat completions API? "
          + baseUrlAdvice());
    }
    JsonNode message = choices.get(0).path("message");
    String content = message.path("content").isTextual() ? message.get("content").asText() : null;
    if (content == null && message.path("refusal").isTextual()) {
      throw new DecisionSourceException("the model refused to answer: " + message.get("refusal").asText());
    }
    JsonNode usage = body.path("usage");
    return new Reply(content == null ? "" : content, usage.path("prompt_tokens").asInt(0),
        usage.path("completion_tokens").asInt(0), cached(usage), 0);
  }

  /** The prompt tokens the server's prefix cache served, where it says (OpenAI, vLLM, LM Studio do). */
  private static int cached(JsonNode usage) {
    return usage.path("prompt_tokens_details").path("cached_tokens").asInt(0);
  }

  @Override
  boolean onEvent(String event, JsonNode data, StreamState state) throws DecisionSourceException {
    if (data.has("error")) {
      throw new DecisionSourceException("the server broke off the stream with an error: " + serverMessage(data, null));
    }
    JsonNode choices = data.path("choices");
    if (choices.isArray() && !choices.isEmpty()) {
      JsonNode delta = choices.get(0).path("delta");
      if (delta.path("content").isTextual()) state.append(delta.get("content").asText());
      else if (delta.path("refusal").isTextual()) {
        throw new DecisionSourceException("the model refused to answer: " + delta.get("refusal").asText());
      }
    }
    JsonNode usage = data.path("usage");
    if (usage.isObject()) {
      state.promptTokens = usage.path("prompt_tokens").asInt(state.promptTokens);
      state.completionTokens = usage.path("completion_tokens").asInt(state.completionTokens);
      state.cachedTokens = usage.path("prompt_tokens_details").path("cached_tokens").asInt(state.cachedTokens);
    }
    return false;
  }

  @Override
  boolean retryable(int status, JsonNode errorBody) {
    // A spent quota comes back as 429 too, and no wait fixes it.
    String code = errorBody == null ? "" : errorBody.path("error").path("code").asText("")
        + errorBody.path("error").path("type").asText("");
    return super.retryable(status, errorBody) && !code.contains("insufficient_quota");
  }

  @Override
  String explain(int status, String msg, String key) {
    String env = settings.apiKeyEnv() == null ? DEFAULT_KEY_ENV : settings.apiKeyEnv();
    String lower = msg.toLowerCase(Locale.ROOT);
    boolean aboutModel = lower.contains("model") && (lower.contains("not found") || lower.contains("does not exist")
        || lower.contains("not exist") || lower.contains("unknown") || lower.contains("no such") || lower.contains("invalid model"));
    if (status == 401 || status == 403) {
      return key == null
          ? "the server at " + settings.baseUrl() + " wants an API key (" + status + ": " + msg + "): set the environment "
              + "variable " + env + " before starting Waymark, or name another variable in the settings"
          : "the server at " + settings.baseUrl() + " refused the API key from " + env + " (" + status + ": " + msg
              + "): check that " + env + " holds a valid key for this server";
    }
    if (aboutModel && (status == 404 || status == 400 || status == 422)) {
      return "model \"" + settings.model() + "\" is not available at " + settings.baseUrl() + " (" + status + ": " + msg
          + "): check the model name (for Ollama, `ollama list` shows the installed ones)";
    }
    if (status == 404) {
      return endpoint() + " does not exist (404: " + msg + "): the base URL is probably wrong. " + baseUrlAdvice();
    }
    if (status == 413 || lower.contains("context length") || lower.contains("maximum context") || lower.contains("too many tokens")) {
      return "the prompt is too long for the model (" + status + ": " + msg + "): lower the observation caps or pick a "
          + "model with a longer context";
    }
    if (status == 429) {
      return lower.contains("quota")
          ? "the account behind " + env + " has no quota left (429: " + msg + "): check its plan and billing"
          : "rate limited by " + settings.baseUrl() + " (429: " + msg + ")";
    }
    if (status >= 500) return "the server at " + settings.baseUrl() + " failed (" + status + ": " + msg + ")";
    return "the server at " + settings.baseUrl() + " rejected the request (" + status + ": " + msg + ")";
  }

  @Override
  String baseUrlAdvice() {
    return "An OpenAI-compatible base URL usually ends in /v1, e.g. https://api.openai.com/v1, "
        + "http://localhost:11434/v1 (Ollama), http://localhost:8080/v1 (llama.cpp), http://localhost:1234/v1 (LM Studio)";
  }
}

package dev.waymark.decide;

import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * How to reach a model API: base URL, model, the name of the environment variable holding the key (never the
 * key itself, so settings can be saved and shown), timeouts, retries, streaming and sampling. {@code env}
 * reads environment variables; tests replace it.
 */
public record ModelSettings(
    String baseUrl,
    String model,
    String apiKeyEnv,
    Duration connectTimeout,
    Duration requestTimeout,
    Duration streamIdleTimeout,
    int maxAttempts,
    Duration backoffBase,
    Duration maxRetryWait,
    boolean stream,
    int maxTokens,
    Double temperature,
    UnaryOperator<String> env) {

  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(120);
  public static final Duration DEFAULT_STREAM_IDLE_TIMEOUT = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_ATTEMPTS = 4;
  public static final Duration DEFAULT_BACKOFF_BASE = Duration.ofMillis(500);
  public static final Duration DEFAULT_MAX_RETRY_WAIT = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_TOKENS = 1024;

  public ModelSettings {
    if (baseUrl == null || baseUrl.isBlank()) throw new IllegalArgumentException("a base URL is required");
    if (model == null || model.isBlank()) throw new IllegalArgumentException("a model name is required");
    baseUrl = baseUrl.strip().replaceAll("/+$", "");
    connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
    requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
    streamIdleTimeout = streamIdleTimeout == null ? DEFAULT_STREAM_IDLE_TIMEOUT : streamIdleTimeout;
    if (maxAttempts <= 0) maxAttempts = DEFAULT_MAX_ATTEMPTS;
    backoffBase = backoffBase == null ? DEFAULT_BACKOFF_BASE : backoffBase;
    maxRetryWait = maxRetryWait == null ? DEFAULT_MAX_RETRY_WAIT : maxRetryWait;
    if (maxTokens <= 0) maxTokens = DEFAULT_MAX_TOKENS;
    env = env == null ? System::getenv : env;
  }

  /** The key from the configured variable, or null when it is unset or blank (fine for local servers). */
  public String apiKey() {
    if (apiKeyEnv == null || apiKeyEnv.isBlank()) return null;
    String k = env.apply(apiKeyEnv);
    return k == null || k.isBlank() ? null : k.strip();
  }

  @Override
  public String toString() {
    // The record holds no key, but say so explicitly: only the variable's name is ever printed.
    return "ModelSettings[base=" + baseUrl + ", model=" + model + ", key_env=" + apiKeyEnv + ", stream=" + stream + "]";
  }

  public static Builder builder(String baseUrl, String model) {
    return new Builder(baseUrl, model);
  }

  public Builder toBuilder() {
    Builder b = new Builder(baseUrl, model);
    b.apiKeyEnv = apiKeyEnv; b.connectTimeout = connectTimeout; b.requestTimeout = requestTimeout;
    b.streamIdleTimeout = streamIdleTimeout; b.maxAttempts = maxAttempts; b.backoffBase = backoffBase;
    b.maxRetryWait = maxRetryWait; b.stream = stream; b.maxTokens = maxTokens; b.temperature = temperature; b.env = env;
    return b;
  }

  /** Mutable assembly of model settings. */
  public static final class Builder {
    private String baseUrl, model, apiKeyEnv;
    private Duration connectTimeout, requestTimeout, streamIdleTimeout, backoffBase, maxRetryWait;
    private int maxAttempts, maxTokens;
    private boolean stream = true;
    private Double temperature;
    private UnaryOperator<String> env;

    Builder(String baseUrl, String model) {
      this.baseUrl = baseUrl;
      this.model = model;
    }

    public Builder baseUrl(String v) { baseUrl = v; return this; }
    public Builder model(String v) { model = v; return this; }
    public Builder apiKeyEnv(String v) { apiKeyEnv = v; return this; }
    public Builder connectTimeout(Duration v) { connectTimeout = v; return this; }
    public Builder requestTimeout(Duration v) { requestTimeout = v; return this; }
    public Builder streamIdleTimeout(Duration v) { streamIdleTimeout = v; return this; }
    public Builder maxAttempts(int v) { maxAttempts = v; return this; }
    public Builder backoffBase(Duration v) { backoffBase = v; return this; }
    public Builder maxRetryWait(Duration v) { maxRetryWait = v; return this; }
    public Builder stream(boolean v) { stream = v; return this; }
    public Builder maxTokens(int v) { maxTokens = v; return this; }
    public Builder temperature(Double v) { temperature = v; return this; }
    public Builder env(UnaryOperator<String> v) { env = v; return this; }

    public ModelSettings build() {
      return new ModelSettings(baseUrl, model, apiKeyEnv, connectTimeout, requestTimeout, streamIdleTimeout,
          maxAttempts, backoffBase, maxRetryWait, stream, maxTokens, temperature, env);
    }
  }
}

package dev.waymark.decide;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Makes a decision source from its spec: {@code openai:<model>}, {@code anthropic:<model>} or
 * {@code program:<command line>}, with settings for base URLs, key variable names, timeouts and streaming.
 */
public final class DecisionSources {
  private DecisionSources() {}

  /**
   * Settings that apply to whichever source a spec names. Base URLs and key variable names default to the
   * providers' own; {@code env} reads environment variables (tests replace it).
   */
  public record Settings(
      String openaiBaseUrl,
      String openaiKeyEnv,
      String anthropicBaseUrl,
      String anthropicKeyEnv,
      Duration connectTimeout,
      Duration requestTimeout,
      Duration streamIdleTimeout,
      int maxAttempts,
      boolean stream,
      int maxTokens,
      Double temperature,
      Duration programTimeout,
      Path programDirectory,
      UnaryOperator<String> env) {

    public Settings {
      openaiBaseUrl = blank(openaiBaseUrl) ? OpenAiCompatibleSource.DEFAULT_BASE_URL : openaiBaseUrl.strip();
      openaiKeyEnv = blank(openaiKeyEnv) ? OpenAiCompatibleSource.DEFAULT_KEY_ENV : openaiKeyEnv.strip();
      anthropicBaseUrl = blank(anthropicBaseUrl) ? AnthropicSource.DEFAULT_BASE_URL : anthropicBaseUrl.strip();
      anthropicKeyEnv = blank(anthropicKeyEnv) ? AnthropicSource.DEFAULT_KEY_ENV : anthropicKeyEnv.strip();
      programTimeout = programTimeout == null ? ProcessSource.DEFAULT_TIMEOUT : programTimeout;
      env = env == null ? System::getenv : env;
    }

    public static Settings defaults() {
      return new Settings(null, null, null, null, null, null, null, 0, true, 0, null, null, null, null);
    }

    public Settings withOpenAi(String baseUrl, String keyEnv) {
      return new Settings(baseUrl, keyEnv, anthropicBaseUrl, anthropicKeyEnv, connectTimeout, requestTimeout,
          streamIdleTimeout, maxAttempts, stream, maxTokens, temperature, programTimeout, programDirectory, env);
    }

    public Settings withAnthropic(String baseUrl, String keyEnv) {
      return new Settings(openaiBaseUrl, openaiKeyEnv, baseUrl, keyEnv, connectTimeout, requestTimeout,
          streamIdleTimeout, maxAttempts, stream, maxTokens, temperature, programTimeout, programDirectory, env);
    }

    public Settings withTimeouts(Duration connect, Duration request, Duration streamIdle, Duration program) {
      return new Settings(openaiBaseUrl, openaiKeyEnv, anthropicBaseUrl, anthropicKeyEnv, connect, request,
          streamIdle, maxAttempts, stream, maxTokens, temperature, program, programDirectory, env);
    }

    public Settings withStream(boolean on) {
      return new Settings(openaiBaseUrl, openaiKeyEnv, anthropicBaseUrl, anthropicKeyEnv, connectTimeout,
          requestTimeout, streamIdleTimeout, maxAttempts, on, maxTokens, temperature, programTimeout, programDirectory, env);
    }

    public Settings withEnv(UnaryOperator<String> reader) {
      return new Settings(openaiBaseUrl, openaiKeyEnv, anthropicBaseUrl, anthropicKeyEnv, connectTimeout,
          requestTimeout, streamIdleTimeout, maxAttempts, stream, maxTokens, temperature, programTimeout,
          programDirectory, reader);
    }

    private static boolean blank(String s) {
      return s == null || s.isBlank();
    }

    ModelSettings model(String baseUrl, String keyEnv, String model) {
      return ModelSettings.builder(baseUrl, model).apiKeyEnv(keyEnv).connectTimeout(connectTimeout)
          .requestTimeout(requestTimeout).streamIdleTimeout(streamIdleTimeout).maxAttempts(maxAttempts)
          .stream(stream).maxTokens(maxTokens).temperature(temperature).env(env).build();
    }
  }

  public static DecisionSource parse(String spec) {
    return parse(spec, Settings.defaults());
  }

  /**
   * The source a spec names. Throws IllegalArgumentException with a message that shows the accepted forms
   * when the spec is not one of them.
   */
  public static DecisionSource parse(String spec, Settings settings) {
    if (spec == null || spec.isBlank()) throw new IllegalArgumentException(usage("no decision source given"));
    int colon = spec.indexOf(':');
    if (colon <= 0) throw new IllegalArgumentException(usage("\"" + spec + "\" names no kind of source"));
    String kind = spec.substring(0, colon).strip().toLowerCase(Locale.ROOT);
    String rest = spec.substring(colon + 1).strip();
    if (rest.isEmpty()) throw new IllegalArgumentException(usage("\"" + spec + "\" names no " + (kind.equals("program") ? "command" : "model")));
    return switch (kind) {
      case "openai" -> new OpenAiCompatibleSource(settings.model(settings.openaiBaseUrl(), settings.openaiKeyEnv(), rest));
      case "anthropic" -> new AnthropicSource(settings.model(settings.anthropicBaseUrl(), settings.anthropicKeyEnv(), rest));
      case "program" -> new ProcessSource(ProcessSource.split(rest), settings.programTimeout(), settings.programDirectory());
      default -> throw new IllegalArgumentException(usage("\"" + kind + "\" is not a kind of decision source"));
    };
  }

  private static String usage(String problem) {
    return problem + "; use openai:<model> (any OpenAI-compatible server, e.g. openai:gpt-4o-mini or, with the "
        + "Ollama base URL, openai:llama3.1), anthropic:<model>, or program:<command line>";
  }
}

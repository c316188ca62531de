package dev.waymark.decide;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The common half of the model API sources: one POST per turn with connect and request timeouts, retries of 429
 * and 5xx with exponential backoff that honours Retry-After, server-sent events with an idle timeout, and error
 * messages that say what to do. The key is read from the environment at each call and is never logged; any
 * echo of it in a server's error text is masked.
 */
abstract class HttpModelSource implements DecisionSource {
  private static final Logger log = LoggerFactory.getLogger(HttpModelSource.class);
  private static final int MAX_ERROR_BODY = 64 * 1024;
  private static final AtomicInteger SOURCES = new AtomicInteger();

  protected final ModelSettings settings;
  private final HttpClient client;
  private final ExecutorService executor;

  HttpModelSource(ModelSettings settings) {
    this.settings = settings;
    int n = SOURCES.incrementAndGet();
    AtomicInteger threads = new AtomicInteger();
    this.executor = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "waymark-model-http-" + n + "-" + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    // HTTP/1.1: local servers (llama.cpp, Ollama, vLLM) answer it best, and h2c upgrades only add a round trip.
    this.client = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(settings.connectTimeout())
        .followRedirects(HttpClient.Redirect.NORMAL)
        .executor(executor)
        .build();
  }

  /** The provider's short name, as in {@code openai} or {@code anthropic}. */
  abstract String provider();

  abstract URI endpoint();

  abstract void headers(HttpRequest.Builder b, String key, boolean stream);

  abstract String requestBody(Prompt prompt, boolean stream);

  abstract Reply parseFull(JsonNode body) throws DecisionSourceException, RetryableException;

  /** Handles one server-sent event; returns true when the stream is complete. */
  abstract boolean onEvent(String event, JsonNode data, StreamState state) throws DecisionSourceException, RetryableException;

  /** A message for a failed status that says what happened and what to do. */
  abstract String explain(int status, String serverMessage, String key);

  /** Whether a 429 or 5xx is worth retrying; a spent quota, for one, is not. */
  boolean retryable(int status, JsonNode errorBody) {
    return status == 408 || status == 429 || status >= 500;
  }

  /**
   * Adapts future requests to a server that refused one of their parameters with a 400 (an older server that
   * knows no {@code stream_options}, a model that wants {@code max_completion_tokens}); true when the request is
   * worth sending again. The adaptation sticks for later turns.
   */
  boolean adapt(int status, String serverMessage) {
    return false;
  }

  @Override
  public String name() {
    return provider() + ":" + settings.model();
  }

  @Override
  public Reply decide(Prompt prompt, Consumer<String> partial) throws DecisionSourceException, InterruptedException {
    Consumer<String> sink = partial == null ? s -> { } : partial;
    String key = settings.apiKey();
    String body = requestBody(prompt, settings.stream());
    int adapted = 0;
    String lastFailure = null;
    for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
      try {
        long t0 = System.nanoTime();
        Reply r = attempt(body, key, settings.stream(), sink);
        log.debug("{}: reply of {} chars in {} ms (prompt tokens {} of which cached {}, completion tokens {})", name(),
            r.content().length(), (System.nanoTime() - t0) / 1_000_000, r.promptTokens(), r.cachedTokens(),
            r.completionTokens());
        return r;
      } catch (FallbackException f) {
        if (++adapted > 3) throw new DecisionSourceException(mask(f.getMessage(), key));
        log.info("{}: the server refused a parameter ({}); asking again without it", name(), mask(f.getMessage(), key));
        body = requestBody(prompt, settings.stream());
        attempt--;
      } catch (RetryableException e) {
        lastFailure = mask(e.getMessage(), key);
        if (attempt == settings.maxAttempts()) break;
        Duration wait = e.retryAfter != null ? e.retryAfter : backoff(attempt);
        if (wait.compareTo(settings.maxRetryWait()) > 0) {
          throw new DecisionSourceException(lastFailure + "; the server asks to wait " + wait.toSeconds()
              + " s before trying again, longer than this source waits (" + settings.maxRetryWait().toSeconds()
              + " s). Try again later");
        }
        log.info("{}: {}; retrying in {} ms (attempt {} of {})", name(), lastFailure, wait.toMillis(), attempt + 1,
            settings.maxAttempts());
        Thread.sleep(wait.toMillis());
      }
    }
    throw new DecisionSourceException(lastFailure + " (gave up after " + settings.maxAttempts() + " attempts)");
  }

  private Duration backoff(int attempt) {
    long base = settings.backoffBase().toMillis() * (1L << Math.min(attempt - 1, 16));
    long jitter = ThreadLocalRandom.current().nextLong(Math.max(1, base / 4) + 1);
    return Duration.ofMillis(Math.min(base + jitter, settings.maxRetryWait().toMillis()));
  }

  private Reply attempt(String body, String key, boolean stream, Consumer<String> partial)
      throws DecisionSourceException, RetryableException, InterruptedException {
    HttpRequest.Builder rb = HttpRequest.newBuilder(endpoint())
        .timeout(settings.requestTimeout())
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    headers(rb, key, stream);
    HttpResponse<InputStream> resp = send(rb.build());
    int status = resp.statusCode();
    if (status >= 200 && status < 300) {
      String type = resp.headers().firstValue("content-type").orElse("");
      if (type.contains("text/event-stream")) return readStream(resp.body(), partial);
      String text = readAll(resp.body(), Integer.MAX_VALUE);
      JsonNode json = parseJson(text, status);
      Reply r = parseFull(json);
      partial.accept(r.content());
      return r;
    }
    String text;
    try {
      text = readAll(resp.body(), MAX_ERROR_BODY);
    } catch (RetryableException e) {
      text = "";
    }
    JsonNode json = tryJson(text);
    String message = serverMessage(json, text);
    if ((status == 400 || status == 422) && adapt(status, message)) throw new FallbackException(explain(status, message, key));
    if (retryable(status, json)) {
      throw new RetryableException(explain(status, message, key), retryAfter(resp.headers()));
    }
    throw new DecisionSourceException(mask(explain(status, message, key), key));
  }

  private HttpResponse<InputStream> send(HttpRequest request) throws DecisionSourceException, RetryableException, InterruptedException {
    CompletableFuture<HttpResponse<InputStream>> f = client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
    try {
      return f.get();
    } catch (InterruptedException e) {
      f.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof HttpConnectTimeoutException) {
        throw new RetryableException("could not connect to " + settings.baseUrl() + " within "
            + settings.connectTimeout().toSeconds() + " s", null);
      }
      if (c instanceof HttpTimeoutException) {
        throw new RetryableException("no answer from " + endpoint() + " within " + seconds(settings.requestTimeout())
            + "; a slow local model may need a longer request timeout", null);
      }
      if (c instanceof ConnectException || hasCause(c, ConnectException.class)) {
        throw new DecisionSourceException("cannot connect to " + settings.baseUrl() + " (connection refused): is the "
            + "server running, and is the base URL right? " + baseUrlAdvice());
      }
      if (hasCause(c, UnresolvedAddressException.class) || hasCause(c, java.net.UnknownHostException.class)) {
        throw new DecisionSourceException("the host of " + settings.baseUrl() + " cannot be found: check the base URL. "
            + baseUrlAdvice());
      }
      if (hasCause(c, SSLException.class)) {
        throw new DecisionSourceException("TLS failed with " + settings.baseUrl() + " (" + c.getMessage()
            + "): check that the base URL's scheme (http or https) matches the server");
      }
      throw new RetryableException("the connection to " + settings.baseUrl() + " failed (" + c + ")", null);
    }
  }

  /** What to check about the base URL, in this provider's terms. */
  abstract String baseUrlAdvice();

  private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) return true;
    }
    return false;
  }

  private Reply readStream(InputStream in, Consumer<String> partial) throws DecisionSourceException, RetryableException,
      InterruptedException {
    StreamState state = new StreamState(partial);
    partial.accept("");
    try (IdleGuard guard = new IdleGuard(in, settings.streamIdleTimeout())) {
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String event = null;
      String line;
      try {
        while ((line = r.readLine()) != null && !guard.tripped()) {
          guard.touch();
          if (line.isEmpty()) {
            event = null;
          } else if (line.startsWith("event:")) {
            event = line.substring(6).strip();
          } else if (line.startsWith("data:")) {
            String data = line.substring(5).strip();
            if (data.equals("[DONE]")) return state.reply();
            JsonNode json;
            try {
              json = Json.mapper().readTree(data);
            } catch (JsonProcessingException e) {
              throw new DecisionSourceException("the " + provider() + " stream sent an event that is not JSON ("
                  + abbreviate(data, 120) + "): is the base URL a " + provider() + "-compatible API?");
            }
            if (onEvent(event, json, state)) return state.reply();
          }
          // Comment lines (": keep-alive") and id:/retry: fields carry nothing for us.
        }
      } catch (IOException e) {
        guard.rethrow(this, state.text.length());
        throw new RetryableException("the stream broke after " + state.text.length() + " characters (" + e.getMessage() + ")", null);
      }
      // A closed stream reads as its end, so a stall or an interrupt is told apart here.
      guard.rethrow(this, state.text.length());
      if (state.text.length() > 0) {
        // Some servers close without [DONE]; what arrived is complete enough to parse, and the parser will say if not.
        return state.reply();
      }
      throw new RetryableException("the stream ended before any text arrived", null);
    }
  }

  private String readAll(InputStream in, int max) throws RetryableException, InterruptedException {
    try (IdleGuard guard = new IdleGuard(in, settings.streamIdleTimeout())) {
      StringBuilder sb = new StringBuilder();
      byte[] buf = new byte[8192];
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      int n;
      try {
        while ((n = in.read(buf)) >= 0) {
          guard.touch();
          if (out.size() + n > max) {
            out.write(buf, 0, Math.max(0, max - out.size()));
            break;
          }
          out.write(buf, 0, n);
        }
      } catch (IOException e) {
        guard.rethrow(this, out.size());
        throw new RetryableException("the answer broke off (" + e.getMessage() + ")", null);
      }
      guard.rethrow(this, out.size());
      sb.append(out.toString(StandardCharsets.UTF_8));
      return sb.toString();
    }
  }

  private JsonNode parseJson(String text, int status) throws DecisionSourceException {
    JsonNode json = tryJson(text);
    if (json == null || !json.isObject()) {
      throw new DecisionSourceException(endpoint() + " answered " + status + " with something that is not "
          + provider() + " JSON (" + abbreviate(text, 120) + "): check the base URL. " + baseUrlAdvice());
    }
    return json;
  }

  static JsonNode tryJson(String text) {
    if (text == null || text.isBlank()) return null;
    try {
      return Json.mapper().readTree(text);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /** The human part of an error body, whatever shape the server uses. */
  static String serverMessage(JsonNode json, String raw) {
    if (json != null) {
      JsonNode err = json.get("error");
      if (err != null && err.isObject() && err.path("message").isTextual()) return err.get("message").asText();
      if (err != null && err.isTextual()) return err.asText();
      if (json.path("message").isTextual()) return json.get("message").asText();
      if (json.path("detail").isTextual()) return json.get("detail").asText();
      if (json.has("detail")) return json.get("detail").toString();
    }
    return raw == null || raw.isBlank() ? "no details" : abbreviate(raw.strip(), 300);
  }

  /** Retry-After in seconds or as an HTTP date, or the retry-after-ms some servers send. */
  static Duration retryAfter(HttpHeaders h) {
    var ms = h.firstValue("retry-after-ms");
    if (ms.isPresent()) {
      try {
        return Duration.ofMillis((long) Double.parseDouble(ms.get().strip()));
      } catch (NumberFormatException ignored) {
        // fall through to Retry-After
      }
    }
    var ra = h.firstValue("retry-after");
    if (ra.isEmpty()) return null;
    String v = ra.get().strip();
    try {
      return Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
    } catch (NumberFormatException e) {
      try {
        Duration d = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
        return d.isNegative() ? Duration.ZERO : d;
      } catch (DateTimeParseException e2) {
        return null;
      }
    }
  }

  static String mask(String text, String key) {
    if (text == null || key == null || key.length() < 4) return text;
    return text.replace(key, "***");
  }

  static String abbreviate(String s, int max) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= max ? one : one.substring(0, max - 1) + "…";
  }

  static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }

  /** A failure worth another attempt, with the wait the server asked for when it asked. */
  static class RetryableException extends Exception {
    final Duration retryAfter;

    RetryableException(String message, Duration retryAfter) {
      super(message);
      this.retryAfter = retryAfter;
    }
  }

  /** The server refused a parameter the source can do without; the request goes again, adapted. */
  static final class FallbackException extends RetryableException {
    FallbackException(String message) {
      super(message, null);
    }
  }
}

package dev.waymark.session;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What one model decision cost: the prompt's size as sent (characters and the estimate), and the tokens the
 * source reported (0 when it reports none). {@code promptTokens} counts every input token; of those,
 * {@code cachedTokens} were read from the provider's prompt cache and {@code cacheWriteTokens} written to it.
 * Journaled with the turn it decided.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record TurnUsage(
    @JsonProperty("source") String source,
    @JsonProperty("prompt_chars") int promptChars,
    @JsonProperty("prompt_tokens_estimate") int promptTokensEstimate,
    @JsonProperty("prompt_tokens") int promptTokens,
    @JsonProperty("completion_tokens") int completionTokens,
    @JsonProperty("millis") long millis,
    @JsonProperty("cached_tokens") int cachedTokens,
    @JsonProperty("cache_write_tokens") int cacheWriteTokens) {

  @JsonCreator
  public TurnUsage {}

  /** Usage of a source that reports no prompt cache. */
  public TurnUsage(String source, int promptChars, int promptTokensEstimate, int promptTokens, int completionTokens,
      long millis) {
    this(source, promptChars, promptTokensEstimate, promptTokens, completionTokens, millis, 0, 0);
  }

  /** The input tokens the provider had to read afresh: neither from its cache nor written to it. */
  public int uncachedTokens() {
    return Math.max(0, promptTokens - cachedTokens - cacheWriteTokens);
  }

  /** One line for a status bar, a terminal or the log. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append("prompt ").append(String.format("%,d", promptChars)).append(" chars (~")
        .append(String.format("%,d", promptTokensEstimate)).append(" tokens)");
    if (promptTokens > 0 || completionTokens > 0) {
      sb.append(", ").append(String.format("%,d", promptTokens)).append(" in");
      if (cachedTokens > 0 || cacheWriteTokens > 0) {
        sb.append(" (").append(String.format("%,d", cachedTokens)).append(" cached");
        if (cacheWriteTokens > 0) sb.append(", ").append(String.format("%,d", cacheWriteTokens)).append(" written to cache");
        sb.append(", ").append(String.format("%,d", uncachedTokens())).append(" uncached)");
      }
      sb.append(" / ").append(String.format("%,d", completionTokens)).append(" out tokens");
    }
    sb.append(", ").append(millis).append(" ms from ").append(source);
    return sb.toString();
  }
}

package dev.waymark.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What one model decision cost: the prompt's size as sent (characters and the estimate), and the tokens the
 * source reported (0 when it reports none). Journaled with the turn it decided.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record TurnUsage(
    @JsonProperty("source") String source,
    @JsonProperty("prompt_chars") int promptChars,
    @JsonProperty("prompt_tokens_estimate") int promptTokensEstimate,
    @JsonProperty("prompt_tokens") int promptTokens,
    @JsonProperty("completion_tokens") int completionTokens,
    @JsonProperty("millis") long millis) {

  /** One line for a status bar or a terminal. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append("prompt ").append(String.format("%,d", promptChars)).append(" chars (~")
        .append(String.format("%,d", promptTokensEstimate)).append(" tokens)");
    if (promptTokens > 0 || completionTokens > 0) {
      sb.append(", ").append(String.format("%,d", promptTokens)).append(" in / ")
          .append(String.format("%,d", completionTokens)).append(" out tokens");
    }
    sb.append(", ").append(millis).append(" ms from ").append(source);
    return sb.toString();
  }
}

package dev.waymark.decide;

/**
 * How big one turn's request to a model is, in characters and estimated tokens, and where the characters went:
 * the system text, the user message (its page and trail among it) and the decision schema sent with them
 * ({@code schemaChars}, JSON as the request holds it). {@code stableChars} counts the system text and the stable
 * prefix of the user message: what a provider's prompt cache can serve from the turn before.
 */
public record PromptSize(int turn, int chars, int estimatedTokens, int systemChars, int pageChars, int trailChars,
    int stableChars, int schemaChars) {
  public PromptSize(int turn, int chars, int estimatedTokens, int systemChars, int pageChars, int trailChars) {
    this(turn, chars, estimatedTokens, systemChars, pageChars, trailChars, 0, 0);
  }

  @Override
  public String toString() {
    return String.format("turn %d: %,d chars ≈ %,d tokens (page %,d, trail %,d, system %,d, schema %,d; stable prefix %,d)",
        turn, chars, estimatedTokens, pageChars, trailChars, systemChars, schemaChars, stableChars);
  }
}

package dev.waymark.decide;

/**
 * How big one turn's prompt is, in characters and estimated tokens, and where the characters went.
 * {@code stableChars} counts the system text and the stable prefix of the user message: what a provider's
 * prompt cache can serve from the turn before.
 */
public record PromptSize(int turn, int chars, int estimatedTokens, int systemChars, int pageChars, int trailChars,
    int stableChars) {
  public PromptSize(int turn, int chars, int estimatedTokens, int systemChars, int pageChars, int trailChars) {
    this(turn, chars, estimatedTokens, systemChars, pageChars, trailChars, 0);
  }

  @Override
  public String toString() {
    return String.format("turn %d: %,d chars ≈ %,d tokens (page %,d, trail %,d, system %,d; stable prefix %,d)",
        turn, chars, estimatedTokens, pageChars, trailChars, systemChars, stableChars);
  }
}

package dev.waymark.decide;

/** How big one turn's prompt is, in characters and estimated tokens, and where the characters went. */
public record PromptSize(int turn, int chars, int estimatedTokens, int systemChars, int pageChars, int trailChars) {
  @Override
  public String toString() {
    return String.format("turn %d: %,d chars ≈ %,d tokens (page %,d, trail %,d, system %,d)",
        turn, chars, estimatedTokens, pageChars, trailChars, systemChars);
  }
}

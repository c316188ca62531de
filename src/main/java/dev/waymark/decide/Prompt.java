package dev.waymark.decide;

import dev.waymark.observe.CompactObservation;

/**
 * What a decision source is asked: system instructions and the turn's user message, with their size.
 * {@code turn} (from one) and {@code goal} travel along for sources that speak a structured protocol, such as
 * an external program; model APIs read only system and user.
 */
public record Prompt(String system, String user, int turn, String goal) {
  public Prompt(String system, String user) {
    this(system, user, 0, null);
  }

  public int chars() {
    return (system == null ? 0 : system.length()) + (user == null ? 0 : user.length());
  }

  /**
   * A token estimate without a tokenizer, for reporting sizes: the same estimate the observer reports for the
   * page (CompactObservation.estimateTokens), which follows how BPE tokenizers split prose and markup.
   */
  public int estimatedTokens() {
    return CompactObservation.estimateTokens(system) + CompactObservation.estimateTokens(user);
  }

  @Override
  public String toString() {
    // Prompts can be long; a log line or an assertion message needs only the size.
    return "Prompt[turn=" + turn + ", chars=" + chars() + ", ~tokens=" + estimatedTokens() + "]";
  }
}

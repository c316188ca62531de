package dev.waymark.decide;

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

  /** A cheap token estimate (about four characters a token for English and JSON), for reporting sizes. */
  public int estimatedTokens() {
    return (chars() + 3) / 4;
  }

  @Override
  public String toString() {
    // Prompts can be long; a log line or an assertion message needs only the size.
    return "Prompt[turn=" + turn + ", chars=" + chars() + ", ~tokens=" + estimatedTokens() + "]";
  }
}

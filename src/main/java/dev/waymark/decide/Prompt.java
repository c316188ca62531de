package dev.waymark.decide;

/** What a decision source is asked: system instructions and the turn's user message, with their size. */
public record Prompt(String system, String user) {
  public int chars() {
    return (system == null ? 0 : system.length()) + (user == null ? 0 : user.length());
  }

  /** A cheap token estimate (about four characters a token for English and JSON), for reporting sizes. */
  public int estimatedTokens() {
    return (chars() + 3) / 4;
  }
}

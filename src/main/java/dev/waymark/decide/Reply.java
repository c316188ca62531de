package dev.waymark.decide;

/**
 * A decision source's raw reply, unparsed, with the tokens it cost when the source reports them (0 when it does
 * not). {@code promptTokens} counts every input token, cached or not; {@code cachedTokens} are those read from the
 * provider's prompt cache and {@code cacheWriteTokens} those written to it this turn.
 */
public record Reply(String content, int promptTokens, int completionTokens, int cachedTokens, int cacheWriteTokens) {
  public Reply(String content, int promptTokens, int completionTokens) {
    this(content, promptTokens, completionTokens, 0, 0);
  }

  /** The same reply with other content (the decision with its refs translated), its usage unchanged. */
  public Reply withContent(String other) {
    return new Reply(other, promptTokens, completionTokens, cachedTokens, cacheWriteTokens);
  }

  public static Reply of(String content) {
    return new Reply(content, 0, 0);
  }
}

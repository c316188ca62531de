package dev.waymark.decide;

/** A decision source's raw reply, unparsed, with the tokens it cost when the source reports them. */
public record Reply(String content, int promptTokens, int completionTokens) {
  public static Reply of(String content) {
    return new Reply(content, 0, 0);
  }
}

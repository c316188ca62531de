package dev.waymark.observe;

/** The token estimate of {@link CompactObservation#estimateTokens}: how BPE tokenizers split the compact text. */
final class TokenEstimate {
  private TokenEstimate() {}

  static int of(String text) {
    if (text == null || text.isEmpty()) return 0;
    int tokens = 0;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      int j = i + 1;
      if (isAsciiLetter(c)) {
        while (j < n && isAsciiLetter(text.charAt(j))) j++;
        tokens += (j - i + 3) / 4;
      } else if (c >= '0' && c <= '9') {
        while (j < n && text.charAt(j) >= '0' && text.charAt(j) <= '9') j++;
        tokens += (j - i + 2) / 3;
      } else if (c == '\n' || c == '\r') {
        while (j < n && (text.charAt(j) == '\n' || text.charAt(j) == '\r')) j++;
        tokens += 1;
      } else if (c == ' ' || c == '\t') {
        while (j < n && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) j++;
        if (j - i >= 2) tokens += 1; // indentation; a single space rides on the next word
      } else if (c < 128) {
        while (j < n && text.charAt(j) < 128 && isAsciiPunct(text.charAt(j))) j++;
        tokens += (j - i + 1) / 2;
      } else {
        tokens += 1;
      }
      i = j;
    }
    return tokens;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isAsciiPunct(char c) {
    return c > ' ' && c < 127 && !isAsciiLetter(c) && !(c >= '0' && c <= '9');
  }
}

package dev.waymark.decide;

import java.util.function.Consumer;
import org.slf4j.LoggerFactory;

/** What a stream has delivered so far; {@code partial} receives the whole text each time it grows. */
final class StreamState {
  final StringBuilder text = new StringBuilder();
  final Consumer<String> partial;
  int promptTokens;
  int completionTokens;
  int cachedTokens;
  int cacheWriteTokens;

  StreamState(Consumer<String> partial) {
    this.partial = partial;
  }

  void append(String delta) {
    if (delta == null || delta.isEmpty()) return;
    text.append(delta);
    try {
      partial.accept(text.toString());
    } catch (RuntimeException e) {
      // A broken display must not lose the decision.
      LoggerFactory.getLogger(StreamState.class).warn("partial-text consumer failed", e);
    }
  }

  Reply reply() {
    return new Reply(text.toString(), promptTokens, completionTokens, cachedTokens, cacheWriteTokens);
  }
}


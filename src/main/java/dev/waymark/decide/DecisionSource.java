package dev.waymark.decide;

import java.util.function.Consumer;

/**
 * Where each turn's decision comes from: a model API, an external program, or the person. Called off the FX
 * thread; it blocks until the reply is complete, and streams partial text to {@code partial} as it arrives.
 * Each call of {@code partial} carries the whole text so far (not a delta), so a display can simply show the
 * latest; an empty string means a retry started over.
 */
public interface DecisionSource extends AutoCloseable {
  /** A short name for the studio and the journal, such as {@code openai:gpt-4o-mini}. */
  String name();

  Reply decide(Prompt prompt, Consumer<String> partial) throws DecisionSourceException, InterruptedException;

  @Override
  default void close() {}
}

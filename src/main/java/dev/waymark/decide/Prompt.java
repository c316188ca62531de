package dev.waymark.decide;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.CompactObservation;
import java.util.List;

/**
 * What a decision source is asked: system instructions and the turn's user message, with their size. The user
 * message is {@code stable} (blocks that only grow from turn to turn: goal, variables, one block per turn of the
 * trail) followed by {@code tail} (turn number, budget, hints, the page), so a provider can cache everything
 * before the tail. {@code turn} (from one) and {@code goal} travel along for sources that speak a structured
 * protocol, such as an external program; model APIs read only system and user, and send {@code decisionSchema} as
 * structured output or a tool's input: the decision schema narrowed to the session (null: the whole schema).
 */
public record Prompt(String system, List<String> stable, String tail, int turn, String goal, ObjectNode decisionSchema) {
  public Prompt {
    stable = stable == null ? List.of() : List.copyOf(stable);
    tail = tail == null ? "" : tail;
    decisionSchema = decisionSchema == null ? null : decisionSchema.deepCopy();
  }

  public Prompt(String system, List<String> stable, String tail, int turn, String goal) {
    this(system, stable, tail, turn, goal, null);
  }

  /** The schema a model API sends with this prompt: the session's, or the whole one. A copy the caller may keep. */
  public ObjectNode schemaForRequest() {
    return decisionSchema == null ? DecisionSchema.forRequest() : decisionSchema.deepCopy();
  }

  /** A prompt with nothing marked stable in its user message. */
  public Prompt(String system, String user, int turn, String goal) {
    this(system, List.of(), user, turn, goal);
  }

  public Prompt(String system, String user) {
    this(system, user, 0, null);
  }

  /** The whole user message: the stable blocks, then the tail. */
  public String user() {
    return stablePrefix() + tail;
  }

  /** The part of the user message that the next turn's message starts with, byte for byte. */
  public String stablePrefix() {
    return String.join("", stable);
  }

  public int chars() {
    return (system == null ? 0 : system.length()) + user().length();
  }

  /**
   * A token estimate without a tokenizer, for reporting sizes: the same estimate the observer reports for the
   * page (CompactObservation.estimateTokens), which follows how BPE tokenizers split prose and markup.
   */
  public int estimatedTokens() {
    return CompactObservation.estimateTokens(system) + CompactObservation.estimateTokens(user());
  }

  @Override
  public String toString() {
    // Prompts can be long; a log line or an assertion message needs only the size.
    return "Prompt[turn=" + turn + ", chars=" + chars() + ", ~tokens=" + estimatedTokens() + "]";
  }
}

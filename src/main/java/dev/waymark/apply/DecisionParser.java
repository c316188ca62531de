package dev.waymark.apply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.Set;

/**
 * Reads a model's raw reply into a {@link Decision}. Models wrap JSON in code fences or prose, so the
 * first balanced object is taken; anything else unreadable is a {@link DecisionException} whose message is
 * written for the next prompt.
 */
public final class DecisionParser {
  static final Set<String> TOP_LEVEL = Set.of("reasoning", "done", "step", "blocked", "handoff", "resolve");
  static final Set<String> RESOLUTIONS = Set.of("happened", "did_not_happen");
  /** Passes over a reply whose first braces do not balance; each pass is linear in the reply's length. */
  static final int MAX_PASSES = 8;

  private DecisionParser() {}

  public static Decision parse(String raw) throws DecisionException {
    if (raw == null || raw.isBlank()) {
      throw new DecisionException("the reply was empty; answer with one JSON object {\"reasoning\", \"done\", \"step\"}");
    }
    if (raw.length() > Json.MAX_DOCUMENT_LENGTH) {
      // Said before any scan, so the cost of a runaway reply is one length check.
      throw new DecisionException("the reply is longer than " + Json.MAX_DOCUMENT_LENGTH / (1024 * 1024)
          + " MiB; a decision is one small JSON object {\"reasoning\", \"done\", \"step\"}");
    }
    String json = firstObject(raw);
    if (json == null) {
      throw new DecisionException("the reply held no JSON object; answer with one JSON object {\"reasoning\", \"done\", \"step\"}");
    }
    JsonNode tree;
    try {
      tree = Json.mapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new DecisionException("the reply is not valid JSON (" + e.getOriginalMessage()
          + "); answer with one JSON object {\"reasoning\", \"done\", \"step\"}");
    }
    if (!(tree instanceof ObjectNode obj)) {
      throw new DecisionException("the reply is not a JSON object");
    }
    for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!TOP_LEVEL.contains(name)) {
        throw new DecisionException("unknown decision field \"" + name + "\"; a decision has only reasoning, done, step, blocked, handoff and resolve");
      }
    }
    String reasoning = text(obj.get("reasoning"));
    JsonNode doneNode = obj.get("done");
    if (doneNode != null && !doneNode.isNull() && !doneNode.isBoolean()) {
      throw new DecisionException("\"done\" must be true or false");
    }
    boolean done = doneNode != null && doneNode.asBoolean(false);
    JsonNode stepNode = obj.get("step");
    ObjectNode step = null;
    if (stepNode != null && !stepNode.isNull()) {
      if (!(stepNode instanceof ObjectNode s)) {
        throw new DecisionException("\"step\" must be a JSON object such as {\"type\": \"click\", \"ref\": \"e3\"}");
      }
      step = s;
    }
    String blocked = text(obj.get("blocked"));
    String handoff = text(obj.get("handoff"));
    String resolve = text(obj.get("resolve"));
    if (resolve != null) {
      if (!RESOLUTIONS.contains(resolve)) {
        throw new DecisionException("\"resolve\" must be \"happened\" or \"did_not_happen\", not \"" + resolve + "\"");
      }
      if (done || step != null || blocked != null || handoff != null) {
        throw new DecisionException("a decision that resolves the uncertain step does nothing else; send {\"reasoning\", "
            + "\"resolve\"} alone and decide the next step on the next turn");
      }
      return new Decision(reasoning == null ? "" : reasoning, false, null, null, null, resolve);
    }
    if (!done && step == null && blocked == null && handoff == null) {
      throw new DecisionException("the decision has no step and is not done; give a \"step\" or set \"done\": true");
    }
    return new Decision(reasoning == null ? "" : reasoning, done, step, blocked, handoff);
  }

  private static String text(JsonNode n) {
    if (n == null || n.isNull()) return null;
    return n.isTextual() ? n.asText() : n.toString();
  }

  /**
   * The first balanced {...} in the text, aware of strings and escapes, so a fence, a preface or a
   * trailing remark around the object does not matter.
   *
   * <p>Each pass from one brace also settles every later brace it sees outside a string (one pass of a
   * stack tells whether each of them closes), so only a brace that every pass so far saw inside a string
   * needs a pass of its own. Restarting at every brace instead costs quadratic time: a reply of 60,000
   * unclosed braces and quotes took 6 s. Passes are capped, so any reply costs at most {@link #MAX_PASSES} linear
   * scans.
   */
  static String firstObject(String raw) {
    BitSet settled = new BitSet();
    int bestStart = -1;
    int bestEnd = -1;
    int start = raw.indexOf('{');
    for (int passes = 0; start >= 0; passes++) {
      if (bestStart >= 0 && bestStart < start) break;
      if (passes == MAX_PASSES) break;
      int[] stack = new int[16];
      int depth = 0;
      boolean inString = false;
      boolean escaped = false;
      int nextUnsettled = -1;
      for (int i = start; i < raw.length(); i++) {
        char c = raw.charAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (c == '\\') escaped = true;
          else if (c == '"') inString = false;
          else if (c == '{' && nextUnsettled < 0 && !settled.get(i)) nextUnsettled = i;
          continue;
        }
        if (c == '"') {
          inString = true;
        } else if (c == '{') {
          settled.set(i);
          if (depth == stack.length) stack = Arrays.copyOf(stack, depth * 2);
          stack[depth++] = i;
        } else if (c == '}' && depth > 0) {
          int open = stack[--depth];
          if (depth == 0) return raw.substring(start, i + 1);
          if (bestStart < 0 || open < bestStart) {
            bestStart = open;
            bestEnd = i;
          }
        }
      }
      // Unbalanced from here: the next brace no pass has settled is the only one that can still open an
      // object earlier than the best one found inside this pass.
      start = nextUnsettled;
    }
    return bestStart >= 0 ? raw.substring(bestStart, bestEnd + 1) : null;
  }
}

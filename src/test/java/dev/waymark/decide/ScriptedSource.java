package dev.waymark.decide;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A decision source for tests: replies from a script, in order, then {@code done}; records every prompt and the
 * thread it was asked on. {@code fail} makes it answer like a provider that is down, {@code stream} like one that streams.
 */
public final class ScriptedSource implements DecisionSource {
  public final Deque<String> replies = new ArrayDeque<>();
  public final List<Prompt> prompts = new CopyOnWriteArrayList<>();
  public final List<String> threads = new CopyOnWriteArrayList<>();
  public volatile boolean fail;
  public volatile boolean stream;

  public ScriptedSource(String... replies) {
    this.replies.addAll(List.of(replies));
  }

  @Override
  public String name() {
    return "scripted";
  }

  @Override
  public Reply decide(Prompt prompt, Consumer<String> partial) throws DecisionSourceException {
    prompts.add(prompt);
    threads.add(Thread.currentThread().getName());
    if (fail) throw new DecisionSourceException("the server answered 503; try again in a minute");
    String reply = replies.isEmpty() ? "{\"reasoning\": \"finished\", \"done\": true}" : replies.poll();
    if (stream) {
      // Like a streaming provider: the whole text so far, each time it grows, slowly enough to be seen.
      for (int i = 1; i <= 4; i++) {
        partial.accept(reply.substring(0, reply.length() * i / 4));
        try {
          Thread.sleep(150);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
    return new Reply(reply, 1200 + prompts.size(), 40);
  }
}

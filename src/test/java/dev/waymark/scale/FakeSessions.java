package dev.waymark.scale;

import dev.waymark.replay.BrowserLostException;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplaySession;
import dev.waymark.replay.ReplaySessions;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Sessions whose browsers answer every step ok, except as {@code behaviour} says for the n-th session opened
 * (1, 2, …): it may throw {@link BrowserLostException} at a step. Counts sessions, performs and open sessions.
 */
final class FakeSessions implements ReplaySessions {
  /** What session n does at a step: null to answer it ok, or the exception to throw. */
  interface Behaviour {
    RuntimeException at(int session, Step step, Map<String, String> values);
  }

  final AtomicInteger opened = new AtomicInteger();
  final AtomicInteger closed = new AtomicInteger();
  final AtomicInteger open = new AtomicInteger();
  final AtomicInteger mostOpen = new AtomicInteger();
  /** "session n: step id value-of-name" for each perform, in the order they happened. */
  final ConcurrentLinkedQueue<String> performs = new ConcurrentLinkedQueue<>();
  final List<Map<String, String>> valuesSeen = new CopyOnWriteArrayList<>();
  private final Behaviour behaviour;
  private final IntFunction<String> unavailable;

  FakeSessions(Behaviour behaviour) {
    this(behaviour, n -> null);
  }

  /** {@code unavailable}: for session n, null to open it, or the reason it cannot be opened. */
  FakeSessions(Behaviour behaviour, IntFunction<String> unavailable) {
    this.behaviour = behaviour;
    this.unavailable = unavailable;
  }

  static RuntimeException lost(boolean sent) {
    return new BrowserLostException("the fake session went away", sent);
  }

  long performsOf(String stepId) {
    return performs.stream().filter(p -> p.contains(": " + stepId)).count();
  }

  @Override
  public ReplaySession open() throws Unavailable {
    int n = opened.incrementAndGet();
    String why = unavailable.apply(n);
    if (why != null) throw new Unavailable(why);
    mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
    ReplayBrowser browser = new ReplayBrowser() {
      private String name = "-";

      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
        performs.add("session " + n + ": " + step.id());
        valuesSeen.add(Map.copyOf(values));
        RuntimeException e = behaviour.at(n, step, values);
        if (e != null) throw e;
        if (values.containsKey("name")) name = values.get("name");
        // An extract reads back what the page was given, as the test page of the real-browser test does.
        String data = step.type().equals("extract") ? "read " + name : null;
        return StepResult.success(step.id(), data, "https://example.com/", null);
      }

      @Override
      public StepResult gate(Step step, long limitMs) {
        return StepResult.success(step.id(), null, null, null);
      }
    };
    return ReplaySession.of(browser, "fake session " + n, null, () -> {
      open.decrementAndGet();
      closed.incrementAndGet();
    });
  }
}

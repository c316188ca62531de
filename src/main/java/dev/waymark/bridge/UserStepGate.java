package dev.waymark.bridge;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.UserSteps;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a userStep is performed, in the studio, {@code author} and {@code run} alike: the extension shows the
 * person the reason, the method and what else ends the wait in its side panel (the page itself shows at most a
 * pointer to it, nothing a page script could press), watches continue_on's conditions (any one of them ends it;
 * none for a manual step), and the person's Continue comes from the side panel, the studio or the terminal,
 * whichever answers first. Only this class ends a gate, so the first answer wins and a stale one is refused.
 */
public final class UserStepGate implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(UserStepGate.class);
  /** The channels a Continue (or an approval) comes from, as the journal names them. */
  public static final String STUDIO = "studio", TERMINAL = "terminal", CHROME = "chrome";

  /** The userStep waiting now: its wire id (what the side panel answers) and the step. */
  public record Waiting(String gateId, Step step, CompletableFuture<String> continued) {
    /** The waiting step before anyone has answered it. */
    public Waiting(String gateId, Step step) {
      this(gateId, step, new CompletableFuture<>());
    }
  }

  /** How long a gate waits for a browser whose connection dropped to pair again. */
  static final long RECONNECT_WAIT_MS = 120_000;
  private static final String NO_BROWSER = "the browser could not ask the person: ";

  private final BrowserClient client;
  private final AtomicReference<Waiting> current = new AtomicReference<>();
  // A Continue the session passed on for its waiting userStep a moment before this gate began: {step id, channel}.
  private final AtomicReference<String[]> early = new AtomicReference<>();
  private final java.util.Set<String> finished = ConcurrentHashMap.newKeySet();
  private final Map<String, String> answeredBy = new ConcurrentHashMap<>();
  private final BridgeListener answers = new BridgeListener() {
    @Override
    public void event(ClientInfo from, BrowserEvent e) {
      if ("answer".equals(e.event()) && "continue".equals(e.text("answer")) && e.text("item_id") != null) {
        if (!continueWaiting(e.text("item_id"), CHROME)) LOG.info("a Continue from the side panel for {} came when it no longer waited", e.text("item_id"));
      }
    }
  };

  public UserStepGate(BrowserClient client) {
    this.client = client;
    client.addListener(answers);
  }

  /** The userStep waiting for the person now, or null. */
  public Waiting waiting() {
    return current.get();
  }

  /**
   * Shows the step to the person and blocks until a Continue, a condition or {@code limitMs} (0: as long as it
   * takes, since the person's pace is not the turn timeout) ends it.
   */
  public StepResult perform(Step step, long limitMs) throws InterruptedException {
    String gateId = (step.id() == null ? "gate" : step.id()) + "@" + UUID.randomUUID().toString().substring(0, 8);
    Waiting w = new Waiting(gateId, step);
    current.set(w);
    String[] before = early.getAndSet(null);
    if (before != null && before[0].equals(step.id())) {
      current.compareAndSet(w, null);
      finished.add(step.id());
      answeredBy.put(step.id(), before[1]);
      return StepResult.success(step.id(), "continued: the person pressed Continue in " + where(before[1]), null, null);
    }
    try {
      GateResult g = ask(w, limitMs);
      if (g == null) {
        return StepResult.failure(step.id(), "the browser disconnected while the step waited for the person and did not come back within "
            + duration(RECONNECT_WAIT_MS) + "; reconnect the browser (the Waymark icon, or Launch browser) and run the step again", null);
      }
      if (g.ok()) {
        if (step.id() != null && g.answeredBy() != null) answeredBy.put(step.id(), g.answeredBy());
        String data = "condition".equals(g.how()) ? "continued: the page shows what continue_on waits for"
            : "continued: the person pressed Continue in " + where(g.answeredBy());
        return StepResult.success(step.id(), data, null, null);
      }
      // a timeout's error, when the browser gives one, says what the page showed of continue_on at its last look
      String why = "timeout".equals(g.how()) ? "the person did not continue within " + duration(limitMs)
          + (g.error() != null && !g.error().isBlank() ? " (" + g.error() + ")" : "")
          : g.error() != null ? g.error() : "the person did not continue";
      return StepResult.failure(step.id(), why, null);
    } finally {
      if (step.id() != null) finished.add(step.id());
      current.compareAndSet(w, null);
    }
  }

  /**
   * Shows the gate and waits for its end. A connection that drops meanwhile (the extension's worker restarted, the
   * browser's network blinked) does not end the person's wait: once the browser is back the same gate is shown
   * again with the time it has left, and a Continue given in the studio or on the terminal while it was away ends
   * it. Null when the browser did not come back within {@link #RECONNECT_WAIT_MS}.
   */
  private GateResult ask(Waiting w, long limitMs) throws InterruptedException {
    Step step = w.step();
    long deadline = limitMs > 0 ? System.currentTimeMillis() + limitMs : Long.MAX_VALUE;
    for (;;) {
      String by = w.continued().getNow(null);
      if (by != null) return new GateResult(true, "continue", null, by);
      long left = limitMs > 0 ? deadline - System.currentTimeMillis() : 0;
      if (limitMs > 0 && left <= 0) return new GateResult(false, "timeout", null, null);
      Future<GateResult> f = client.panel().gate(w.gateId(), step, UserSteps.instruction(step), UserSteps.continuesWhen(step.continueOn()),
          UserSteps.conditions(step.continueOn()), left);
      try {
        return f.get();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (!(cause instanceof BridgeException.ConnectionLost || cause instanceof BridgeException.NotConnected)) {
          return new GateResult(false, null, NO_BROWSER + cause.getMessage()
              + "; check that the browser is connected and the task tab shows a web page", null);
        }
        LOG.warn("the browser's connection dropped while {} waited for the person; it is shown again once the browser is back", w.gateId());
        if (!awaitBrowser(w, deadline)) return w.continued().isDone() ? new GateResult(true, "continue", null, w.continued().getNow(null)) : null;
      } catch (InterruptedException e) {
        f.cancel(true);
        client.panel().waitingEnded(w.gateId(), null);
        throw e;
      }
    }
  }

  /** Waits for a browser to pair again, a local Continue, or the gate's own deadline; false when none came in time. */
  private boolean awaitBrowser(Waiting w, long deadline) throws InterruptedException {
    long until = Math.min(deadline, System.currentTimeMillis() + RECONNECT_WAIT_MS);
    CompletableFuture<ClientInfo> back = client.awaitConnected();
    try {
      CompletableFuture.anyOf(back, w.continued()).get(Math.max(1, until - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
      return back.isDone() || w.continued().isDone() || System.currentTimeMillis() >= deadline;
    } catch (TimeoutException e) {
      return System.currentTimeMillis() >= deadline; // the gate's own time ran out: its timeout says so
    } catch (ExecutionException e) {
      return false;
    } finally {
      back.cancel(false);
    }
  }

  /**
   * The person's Continue from {@code channel} for the waiting step named by its wire id or its step id. False,
   * and nothing happens, when no such step waits (already answered elsewhere, or a stale id).
   */
  public boolean continueWaiting(String id, String channel) {
    Waiting w = current.get();
    if (w == null || id == null || !(id.equals(w.gateId()) || id.equals(w.step().id()))) return false;
    // Kept here as well: a Continue given while the browser is away still ends the wait.
    w.continued().complete(channel);
    client.panel().waitingEnded(w.gateId(), channel);
    return true;
  }

  /**
   * The person's Continue for the userStep the session shows as waiting ({@code stepId}): ends it, or, when its gate
   * has not begun yet (the session publishes the step just before it performs it), ends it as soon as it begins.
   */
  public boolean continueSessionStep(String stepId, String channel) {
    if (stepId == null || finished.contains(stepId)) return false;
    Waiting w = current.get();
    if (w == null) {
      early.set(new String[] {stepId, channel});
      return true;
    }
    return continueWaiting(stepId, channel);
  }

  /** Which channel's Continue ended the step with this id, or null (a condition, a timeout, not a userStep). */
  public String answeredBy(String stepId) {
    return stepId == null ? null : answeredBy.get(stepId);
  }

  @Override
  public void close() {
    client.removeListener(answers);
  }

  private static String where(String channel) {
    if (channel == null) return "the browser";
    return switch (channel) {
      case CHROME -> "Chrome's side panel";
      case STUDIO -> "the studio";
      case TERMINAL -> "the terminal";
      default -> channel;
    };
  }

  private static String duration(long ms) {
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }
}

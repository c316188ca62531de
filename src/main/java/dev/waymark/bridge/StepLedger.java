package dev.waymark.bridge;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The studio's record of every step sent to a browser. A step id is sent at most once: a step
 * whose reply did not come (socket dropped, timeout) stays UNCERTAIN and is never re-sent; the
 * person or the next decision resolves it, helped by {@link BrowserClient#status(String)}.
 */
public final class StepLedger {
  private static final int MAX_ENTRIES = 10_000;

  /** Where a step stands. */
  public enum State {
    /** Sent, no reply yet. */
    SENT,
    /** The extension answered; see the result. */
    DONE,
    /** Sent, but the reply never came: the effect is unknown. */
    UNCERTAIN
  }

  /**
   * One step.
   *
   * @param stepId     the step's id
   * @param clientId   the browser it went to
   * @param state      where it stands
   * @param result     the result the perform call returned (uncertain ones included)
   * @param lateResult a reply that arrived after the step was already recorded uncertain
   * @param sentAt     when it was sent
   */
  public record Entry(String stepId, String clientId, State state, PerformResult result, PerformResult lateResult,
            Instant sentAt) {
  }

  private final Map<String, Entry> entries = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
      return size() > MAX_ENTRIES;
    }
  };

  /** Records a step about to be sent; false when the id was already sent (it must not be sent again). */
  synchronized boolean begin(String stepId, String clientId) {
    if (entries.containsKey(stepId)) {
      return false;
    }
    entries.put(stepId, new Entry(stepId, clientId, State.SENT, null, null, Instant.now()));
    return true;
  }

  /** Forgets a step that was never sent, so it may be sent later. */
  synchronized void notSent(String stepId) {
    Entry e = entries.get(stepId);
    if (e != null && e.state() == State.SENT) {
      entries.remove(stepId);
    }
  }

  synchronized void finish(String stepId, PerformResult result) {
    Entry e = entries.get(stepId);
    if (e != null) {
      entries.put(stepId, new Entry(stepId, e.clientId(), result.uncertain() ? State.UNCERTAIN : State.DONE,
          result, null, e.sentAt()));
    }
  }

  synchronized void late(String stepId, PerformResult result) {
    Entry e = entries.get(stepId);
    if (e != null && e.state() == State.UNCERTAIN) {
      entries.put(stepId, new Entry(stepId, e.clientId(), e.state(), e.result(), result, e.sentAt()));
    }
  }

  /** The entry of a step id. */
  public synchronized Optional<Entry> get(String stepId) {
    return Optional.ofNullable(entries.get(stepId));
  }
}

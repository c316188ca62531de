package dev.waymark.session;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each published {@link SessionSnapshot} to every listener through the notifier ({@code Platform::runLater}
 * in the studio, direct in tests). A listener that throws is logged and the others still receive the snapshot.
 */
final class SnapshotPublisher {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotPublisher.class);

  private final Executor notifier;
  private final List<Consumer<SessionSnapshot>> listeners = new CopyOnWriteArrayList<>();
  private volatile SessionSnapshot latest;

  SnapshotPublisher(Executor notifier, SessionSnapshot first) {
    this.notifier = notifier;
    this.latest = first;
  }

  /** Adds a listener and sends it the current snapshot right away. */
  void add(Consumer<SessionSnapshot> l) {
    listeners.add(l);
    SessionSnapshot s = latest;
    notifier.execute(() -> deliver(l, s));
  }

  void remove(Consumer<SessionSnapshot> l) {
    listeners.remove(l);
  }

  /** The last published snapshot; safe from any thread. */
  SessionSnapshot latest() {
    return latest;
  }

  void publish(SessionSnapshot s) {
    latest = s;
    for (Consumer<SessionSnapshot> l : listeners) notifier.execute(() -> deliver(l, s));
  }

  private static void deliver(Consumer<SessionSnapshot> l, SessionSnapshot s) {
    try {
      l.accept(s);
    } catch (RuntimeException e) {
      LOG.error("a session listener ({}) failed on a snapshot; the other listeners still receive it", l, e);
    }
  }
}

package dev.waymark.ui.shell;

import dev.waymark.session.SessionSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each session snapshot to every view model in the order they were added; one that throws is logged under
 * its name and the others still get the snapshot, so one broken panel does not freeze the rest of the window.
 */
final class SnapshotFanOut implements Consumer<SessionSnapshot> {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotFanOut.class);

  private record Named(String name, Consumer<SessionSnapshot> consumer) {}

  private final List<Named> consumers = new ArrayList<>();

  /** Adds a consumer; the name is what the log says when it fails. */
  SnapshotFanOut add(String name, Consumer<SessionSnapshot> consumer) {
    consumers.add(new Named(name, consumer));
    return this;
  }

  @Override
  public void accept(SessionSnapshot s) {
    for (Named n : consumers) {
      try {
        n.consumer().accept(s);
      } catch (RuntimeException e) {
        LOG.error("{} failed to take the session snapshot (observation {}); the other panels were still updated",
            n.name(), s.observationSerial(), e);
      }
    }
  }
}

package dev.waymark.ui.common;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** The studio's background threads for UI-side work that must stay off the FX thread (tree building, files). */
public final class UiThreads {
  private static final AtomicInteger N = new AtomicInteger();
  private static final ExecutorService WORKER = Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "waymark-ui-worker-" + N.incrementAndGet());
    t.setDaemon(true);
    return t;
  });

  private UiThreads() {}

  public static ExecutorService worker() {
    return WORKER;
  }
}

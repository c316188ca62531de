package dev.waymark.scale;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The progress line of a run at scale: at most one a second, only when something changed, and one at the end.
 * Its own named thread reads the counts; the sink must be safe to call from it.
 */
public final class ScaleProgress implements AutoCloseable {
  private final Supplier<ScaleRunner.Counts> counts;
  private final Consumer<String> sink;
  private final ScheduledExecutorService ticker;
  private String last;

  public ScaleProgress(Supplier<ScaleRunner.Counts> counts, Consumer<String> sink) {
    this.counts = counts;
    this.sink = sink;
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "waymark-run-progress");
      t.setDaemon(true);
      return t;
    });
  }

  /** Starts the ticks. */
  public ScaleProgress start() {
    ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    return this;
  }

  private synchronized void tick() {
    ScaleRunner.Counts c = counts.get();
    // Compared without the rate, which changes every second by itself.
    String key = c.done() + "/" + c.passed() + "/" + c.running() + "/" + c.queued();
    if (key.equals(last)) return;
    last = key;
    sink.accept(ScaleSummary.progress(c));
  }

  /** Stops the ticks and prints the last line. */
  @Override
  public void close() {
    ticker.shutdownNow();
    try {
      ticker.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      sink.accept(ScaleSummary.progress(counts.get()));
    }
  }
}

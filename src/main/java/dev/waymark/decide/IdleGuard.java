package dev.waymark.decide;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** Closes a body stream that has been silent for too long, or whose reader was interrupted. */
final class IdleGuard implements AutoCloseable {
  private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "waymark-model-watchdog");
    t.setDaemon(true);
    return t;
  });

  private final InputStream in;
  private final long idleNanos;
  private final Thread reader = Thread.currentThread();
  private final AtomicLong last = new AtomicLong(System.nanoTime());
  private final AtomicBoolean timedOut = new AtomicBoolean();
  private final AtomicBoolean interrupted = new AtomicBoolean();
  private final ScheduledFuture<?> task;

  IdleGuard(InputStream in, Duration idle) {
    this.in = in;
    this.idleNanos = idle.toNanos();
    long period = Math.max(10, Math.min(1000, idle.toMillis() / 4));
    this.task = WATCHDOG.scheduleAtFixedRate(this::check, period, period, TimeUnit.MILLISECONDS);
  }

  void touch() {
    last.set(System.nanoTime());
  }

  private void check() {
    if (reader.isInterrupted() && interrupted.compareAndSet(false, true)) {
      closeQuietly();
    } else if (System.nanoTime() - last.get() > idleNanos && timedOut.compareAndSet(false, true)) {
      closeQuietly();
    }
  }

  private void closeQuietly() {
    try {
      in.close();
    } catch (IOException ignored) {
      // The reader sees the close as an IOException; nothing else to do here.
    }
  }

  boolean tripped() {
    return timedOut.get() || interrupted.get();
  }

  /** Turns a stall or an interrupt noticed by the watchdog into the exception the caller expects. */
  void rethrow(HttpModelSource source, int received) throws HttpModelSource.RetryableException, InterruptedException {
    if (interrupted.get() || Thread.currentThread().isInterrupted()) throw new InterruptedException("model read interrupted");
    if (timedOut.get()) {
      throw new HttpModelSource.RetryableException("the answer stalled: nothing arrived for " + HttpModelSource.seconds(source.settings.streamIdleTimeout())
          + " after " + received + " characters", null);
    }
  }

  @Override
  public void close() {
    task.cancel(false);
    closeQuietly();
  }
}

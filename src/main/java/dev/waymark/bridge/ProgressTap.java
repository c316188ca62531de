package dev.waymark.bridge;

import dev.waymark.workflow.StepProgress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code progress} events of one running step, handed to a listener on the thread that waits for the step (the
 * session thread, replay's runner), never on the bridge's dispatch thread: the bridge only queues them, so whoever
 * owns the state the progress changes changes it on its own thread.
 */
final class ProgressTap implements BridgeListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ProgressTap.class);
  /** Queued when the step's reply came, so the waiting thread wakes at once. */
  private static final Object ENDED = new Object();

  private final BrowserClient client;
  private final String wireId;
  private final String stepId;
  private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();

  private ProgressTap(BrowserClient client, String wireId, String stepId) {
    this.client = client;
    this.wireId = wireId;
    this.stepId = stepId;
  }

  /** Listens for the progress of the performance {@code wireId} of workflow step {@code stepId}; open it before sending. */
  static ProgressTap open(BrowserClient client, String wireId, String stepId) {
    ProgressTap tap = new ProgressTap(client, wireId, stepId);
    client.addListener(tap);
    return tap;
  }

  @Override
  public void event(ClientInfo from, BrowserEvent event) {
    if (!"progress".equals(event.event()) || !wireId.equals(event.text("step_id"))) return;
    queue.offer(new StepProgress(stepId, event.body().path("items").asInt(0), event.body().path("pages").asInt(0)));
  }

  /**
   * Waits for {@code reply} at most {@code limitMs}, handing progress to {@code sink} on this thread while it runs:
   * the latest of what came since the last look (a slow sink skips the ones in between, never falls behind).
   */
  <T> T await(CompletableFuture<T> reply, long limitMs, Consumer<StepProgress> sink)
      throws InterruptedException, ExecutionException, TimeoutException {
    reply.whenComplete((r, e) -> queue.offer(ENDED));
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMs);
    while (!reply.isDone()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) throw new TimeoutException();
      Object next = queue.poll(left, TimeUnit.NANOSECONDS);
      StepProgress latest = next instanceof StepProgress p ? p : null;
      for (Object o = queue.poll(); o != null; o = queue.poll()) {
        if (o instanceof StepProgress p) latest = p;
      }
      // Once the reply is there it says how far the step got; a progress line after it would only be older.
      if (latest != null && !reply.isDone()) {
        try {
          sink.accept(latest);
        } catch (RuntimeException e) {
          LOG.warn("a progress listener of step {} failed; the step goes on", stepId, e);
        }
      }
    }
    return reply.get();
  }

  @Override
  public void close() {
    client.removeListener(this);
  }
}

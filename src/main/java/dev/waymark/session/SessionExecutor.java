package dev.waymark.session;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session's threads: the one thread that owns session state, one for blocking decision-source calls, and
 * one for element highlighting, so outlining an element never waits behind a model that is still thinking.
 */
final class SessionExecutor {
  private static final Logger LOG = LoggerFactory.getLogger(SessionExecutor.class);

  private final ExecutorService session;
  private final ExecutorService decisions;
  private final ExecutorService highlights;

  SessionExecutor(String sessionThread, String decisionThread, String highlightThread) {
    session = Executors.newSingleThreadExecutor(r -> named(r, sessionThread));
    decisions = Executors.newSingleThreadExecutor(r -> named(r, decisionThread));
    highlights = Executors.newSingleThreadExecutor(r -> named(r, highlightThread));
  }

  private static Thread named(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /**
   * Runs {@code work} on the session thread. Its future fails with a {@link SessionException} that a person can
   * read: as thrown, "stopped" when interrupted, or "something went wrong" (logged) for anything else.
   */
  <T> CompletableFuture<T> call(Callable<T> work) {
    CompletableFuture<T> f = new CompletableFuture<>();
    try {
      session.execute(() -> {
        try {
          f.complete(work.call());
        } catch (SessionException e) {
          f.completeExceptionally(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          f.completeExceptionally(new SessionException("The session was stopped", e));
        } catch (Exception e) {
          LOG.error("session operation failed", e);
          f.completeExceptionally(new SessionException("Something went wrong: " + e.getMessage()
              + ". The log has the details; the session itself is unchanged", e));
        }
      });
    } catch (RejectedExecutionException e) {
      f.completeExceptionally(new SessionException("The session is closed", e));
    }
    return f;
  }

  /** Queues work on the session thread whose result nobody waits for; dropped once the session is closed. */
  void post(Runnable work) {
    try {
      session.execute(work);
    } catch (RejectedExecutionException ignored) {
      // Closed: nobody is listening any more.
    }
  }

  /** Where blocking decision-source calls run. */
  Executor decisions() {
    return decisions;
  }

  /** Where element highlighting runs. */
  Executor highlights() {
    return highlights;
  }

  /** Runs {@code last} on the session thread (5 s at most), then stops every thread. Safe to call twice. */
  void shutDown(Runnable last) {
    if (session.isShutdown()) return;
    try {
      session.submit(last).get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      LOG.warn("the session thread did not finish its last work in time", e);
    }
    for (ExecutorService s : new ExecutorService[] {session, decisions, highlights}) s.shutdownNow();
    try {
      for (ExecutorService s : new ExecutorService[] {session, decisions, highlights}) s.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

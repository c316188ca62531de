package dev.waymark.session;

import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.DecisionSourceException;
import dev.waymark.decide.Prompt;
import dev.waymark.decide.PromptPages;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.decide.Reply;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a decision source for decisions, one turn or turn after turn. It never touches session state: it reads
 * the session through its snapshot and the turn context, and acts through the session's own operations, so a
 * model's decision goes exactly where a person's goes.
 */
final class ModelDriver {
  private static final Logger LOG = LoggerFactory.getLogger(ModelDriver.class);
  /** The source's partial reply is shown a few times a second at most. */
  private static final long STREAM_INTERVAL_NANOS = 120_000_000L;

  private final DecisionHost session;
  private final Executor decisions;
  /** The running loop's own stop flag: a stop() at any moment of a run ends that run, and only that run. */
  private final AtomicReference<AtomicBoolean> running = new AtomicReference<>();
  /** The pages this session's model was shown: a cached base and the changes since it (decision 0063). */
  private final PromptPages pages = new PromptPages();
  /** When the last partial reply was shown; NEVER before the first (nanoTime has no fixed origin). */
  private static final long NEVER = Long.MIN_VALUE;
  private volatile long lastStreamFlush = NEVER;

  ModelDriver(DecisionHost session, Executor decisions) {
    this.session = session;
    this.decisions = decisions;
  }

  CompletableFuture<TurnOutcome> decideNext(DecisionSource source, PromptRenderer renderer, boolean autoApply) {
    return session.turnContext().thenComposeAsync(ctx -> {
      CompletableFuture<Reply> reply = new CompletableFuture<>();
      session.started("Waiting for " + source.name());
      try {
        Prompt prompt = renderer.renderTurn(ctx.goal(), ctx.page(), ctx.next(), ctx.last(), pages).prompt();
        long t0 = System.nanoTime();
        Reply r = source.decide(prompt, this::streamed);
        TurnUsage usage = new TurnUsage(source.name(), prompt.chars(), prompt.estimatedTokens(), r.promptTokens(),
            r.completionTokens(), (System.nanoTime() - t0) / 1_000_000, r.cachedTokens(), r.cacheWriteTokens());
        LOG.info("turn decided by {}: {}", source.name(), usage.describe());
        session.decided(usage);
        // The model wrote refs of the pages it was shown; the session resolves the observer's.
        reply.complete(r.withContent(pages.translate(r.content(), ctx.page(), prompt.turn())));
      } catch (DecisionSourceException e) {
        reply.completeExceptionally(new SessionException(source.name() + " could not decide: " + e.getMessage(), e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        reply.completeExceptionally(new SessionException("The decision was cancelled", e));
      } catch (RuntimeException e) {
        LOG.warn("decision source {} failed", source.name(), e);
        reply.completeExceptionally(new SessionException(source.name() + " failed: " + e.getMessage(), e));
      }
      return reply;
    }, decisions).handle((reply, err) -> {
      lastStreamFlush = NEVER;
      // Settled on the session thread, so whoever sees the failure also sees the activity cleared.
      return session.ended().thenApply(ignored -> {
        if (err == null) return reply;
        Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
        throw cause instanceof SessionException se ? se : new SessionException(cause.getMessage(), cause);
      });
    }).thenCompose(settled -> settled).thenCompose(reply -> autoApply
        ? session.submit(reply.content())
        : session.propose(reply.content()).thenApply(s -> (TurnOutcome) null));
  }

  CompletableFuture<TurnOutcome> run(DecisionSource source, PromptRenderer renderer) {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean previous = running.getAndSet(stop);
    if (previous != null) previous.set(true);
    return loop(source, renderer, null, stop).whenComplete((o, e) -> running.compareAndSet(stop, null));
  }

  private CompletableFuture<TurnOutcome> loop(DecisionSource source, PromptRenderer renderer, TurnOutcome last,
      AtomicBoolean stop) {
    SessionSnapshot s = session.latest();
    if (stop.get() || !s.continueLoop() || s.pending() != null
        || (last != null && last.kind() == TurnOutcome.Kind.AWAITING_APPROVAL)) {
      return CompletableFuture.completedFuture(last);
    }
    return decideNext(source, renderer, true).thenCompose(o -> loop(source, renderer, o, stop));
  }

  /** Ends the running loop after the turn in progress; a later run starts afresh. */
  void stop() {
    AtomicBoolean stop = running.get();
    if (stop != null) stop.set(true);
  }

  private void streamed(String text) {
    long now = System.nanoTime();
    long last = lastStreamFlush;
    if (text == null || (last != NEVER && now - last < STREAM_INTERVAL_NANOS)) return;
    lastStreamFlush = now;
    session.streamed(text);
  }
}

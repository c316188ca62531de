package dev.waymark.bridge;

import java.time.Duration;

/**
 * How late the bridge answers a wrong pairing proof: the first of a run at once (a person who typed the code
 * wrong hears it now), each further one in a row twice as late as the one before, up to a ceiling. A right proof
 * is never delayed and ends the run; so does a minute without wrong ones. With the bound on unpaired connections
 * this caps guesses at {@code maxUnpaired / maxDelay} a second, from every source together (on loopback they are
 * all 127.0.0.1, the real extension's too, so a per-address bound would shut it out).
 */
final class ProofThrottle {
  private static final long QUIET_NANOS = Duration.ofMinutes(1).toNanos();

  private final long firstMs;
  private final long maxMs;
  private int failures;
  private long lastFailure;

  ProofThrottle(Duration first, Duration max) {
    this.firstMs = first.toMillis();
    this.maxMs = max.toMillis();
  }

  /** Records a wrong proof; answers how many milliseconds to wait before refusing it. */
  synchronized long failed() {
    long now = System.nanoTime();
    if (failures > 0 && now - lastFailure > QUIET_NANOS) {
      failures = 0;
    }
    failures++;
    lastFailure = now;
    return delayFor(failures);
  }

  /** A right proof: the next wrong one is answered at once again. */
  synchronized void succeeded() {
    failures = 0;
  }

  long delayFor(int failuresInARow) {
    if (failuresInARow <= 1) {
      return 0;
    }
    int shift = Math.min(failuresInARow - 2, 30);
    return Math.min(maxMs, firstMs << shift);
  }
}

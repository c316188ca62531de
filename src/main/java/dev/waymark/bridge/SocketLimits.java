package dev.waymark.bridge;

import java.time.Duration;

/**
 * Bounds on what an unauthenticated peer may cost the bridge (decision 0053, docs/protocol.md "Limits"): the
 * upgrade request's size and time, how many connections may be unpaired at once, how late a wrong pairing proof
 * is answered, and how many pongs may wait for a peer that does not read.
 *
 * @param maxRequestHeadBytes an upgrade request's head (request line and headers) above this: 431
 * @param maxHeaderLines      more header lines than this: 431
 * @param upgradeTimeout      a connection that has not completed its upgrade by then: 408 and closed (slowloris)
 * @param maxUnpaired         connections in the upgrade or not yet paired, at most; the next one gets 503
 * @param proofDelay          the delay before the refusal of the second wrong proof in a row, doubling after it
 * @param maxProofDelay       the longest such delay
 * @param maxQueuedPongs      a ping is not answered while this many frames wait to be written to its peer
 */
public record SocketLimits(int maxRequestHeadBytes, int maxHeaderLines, Duration upgradeTimeout, int maxUnpaired,
              Duration proofDelay, Duration maxProofDelay, int maxQueuedPongs) {
  /** The studio's limits. */
  public static SocketLimits defaults() {
    return new SocketLimits(8 * 1024, 64, Duration.ofSeconds(5), 32, Duration.ofMillis(250), Duration.ofSeconds(4), 64);
  }

  public SocketLimits withUpgradeTimeout(Duration d) {
    return new SocketLimits(maxRequestHeadBytes, maxHeaderLines, d, maxUnpaired, proofDelay, maxProofDelay, maxQueuedPongs);
  }

  public SocketLimits withMaxUnpaired(int n) {
    return new SocketLimits(maxRequestHeadBytes, maxHeaderLines, upgradeTimeout, n, proofDelay, maxProofDelay, maxQueuedPongs);
  }

  public SocketLimits withProofDelays(Duration first, Duration max) {
    return new SocketLimits(maxRequestHeadBytes, maxHeaderLines, upgradeTimeout, maxUnpaired, first, max, maxQueuedPongs);
  }
}

package dev.waymark.bridge;

/**
 * Counters of refused and closed connections, for tests and the connection view.
 *
 * @param refusedOrigin       upgrades refused for a missing or foreign Origin
 * @param refusedHost         upgrades refused for a non-loopback or wrong-port Host
 * @param refusedProof        hellos with a missing or wrong pairing proof
 * @param refusedBeforePairing messages other than hello before pairing
 * @param badMessages         frames that were not messages of the protocol
 * @param pairTimeouts        connections closed because they did not pair in time
 * @param oversized           connections closed for a frame or message over the limit
 * @param silent              paired connections closed for silence
 * @param paired              successful pairings
 */
public record BridgeStats(long refusedOrigin, long refusedHost, long refusedProof, long refusedBeforePairing,
              long badMessages, long pairTimeouts, long oversized, long silent, long paired) {
}

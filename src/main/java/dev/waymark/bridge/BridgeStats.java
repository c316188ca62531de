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
 * @param refusedUpgrade      upgrades refused as malformed or not ours: 400 (bad line, bare CR/LF, duplicate or
 *                            missing header, bad key), 404 (another path), 405 (not GET), 426 (version), 505 (HTTP/1.0)
 * @param refusedTooLarge     upgrades refused for a head over the size or header-count limit (431)
 * @param upgradeTimeouts     connections closed because their upgrade did not arrive in time (408; slowloris)
 * @param refusedBusy         connections refused because too many were waiting to pair (503)
 * @param delayedProofs       wrong proofs answered late because they came in a row
 * @param unansweredPings     pings left unanswered because their peer was not reading its pongs
 */
public record BridgeStats(long refusedOrigin, long refusedHost, long refusedProof, long refusedBeforePairing,
              long badMessages, long pairTimeouts, long oversized, long silent, long paired,
              long refusedUpgrade, long refusedTooLarge, long upgradeTimeouts, long refusedBusy,
              long delayedProofs, long unansweredPings) {
}

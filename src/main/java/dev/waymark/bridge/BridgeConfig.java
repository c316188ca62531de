package dev.waymark.bridge;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of the bridge server. Production uses {@link #defaults(Path)}; tests shorten the
 * timings with the {@code with…} methods.
 *
 * @param port              TCP port on 127.0.0.1; 0 picks a free one
 * @param configDir         folder holding the pairing secret
 * @param extensionId       the only extension whose Origin is accepted
 * @param maxMessageBytes   frames and messages above this close the connection (1009)
 * @param pairTimeout       an unpaired connection is closed after this
 * @param heartbeatInterval how often the studio sends a heartbeat
 * @param silenceTimeout    a paired client not heard from for this long is closed
 * @param requestTimeout    default reply timeout of requests other than perform and gate
 * @param performGrace      how much longer than its own timeout a step's reply may take (waits, navigation)
 * @param limits            what an unauthenticated peer may cost (upgrade size and time, unpaired connections, proofs)
 */
public record BridgeConfig(int port, Path configDir, String extensionId, int maxMessageBytes,
               Duration pairTimeout, Duration heartbeatInterval, Duration silenceTimeout,
               Duration requestTimeout, Duration performGrace, SocketLimits limits) {
  /** The default port. */
  public static final int DEFAULT_PORT = 17345;
  /** 16 MiB: room for a captured file, small enough that a page cannot exhaust the studio's memory. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  /** Defaults from docs/protocol.md. */
  public static BridgeConfig defaults(Path configDir) {
    return new BridgeConfig(DEFAULT_PORT, configDir, ExtensionId.WAYMARK, DEFAULT_MAX_MESSAGE_BYTES,
        Duration.ofSeconds(10), Duration.ofSeconds(15), Duration.ofSeconds(45), Duration.ofSeconds(15), Duration.ofSeconds(5), SocketLimits.defaults());
  }

  /** Defaults with the config folder from {@link ConfigDir#resolve()}. */
  public static BridgeConfig defaults() {
    return defaults(ConfigDir.resolve());
  }

  public BridgeConfig withPort(int p) {
    return new BridgeConfig(p, configDir, extensionId, maxMessageBytes, pairTimeout, heartbeatInterval, silenceTimeout, requestTimeout, performGrace, limits);
  }

  public BridgeConfig withMaxMessageBytes(int max) {
    return new BridgeConfig(port, configDir, extensionId, max, pairTimeout, heartbeatInterval, silenceTimeout, requestTimeout, performGrace, limits);
  }

  public BridgeConfig withPairTimeout(Duration d) {
    return new BridgeConfig(port, configDir, extensionId, maxMessageBytes, d, heartbeatInterval, silenceTimeout, requestTimeout, performGrace, limits);
  }

  public BridgeConfig withHeartbeat(Duration interval, Duration silence) {
    return new BridgeConfig(port, configDir, extensionId, maxMessageBytes, pairTimeout, interval, silence, requestTimeout, performGrace, limits);
  }

  public BridgeConfig withPerformGrace(Duration d) {
    return new BridgeConfig(port, configDir, extensionId, maxMessageBytes, pairTimeout, heartbeatInterval, silenceTimeout, requestTimeout, d, limits);
  }

  public BridgeConfig withRequestTimeout(Duration d) {
    return new BridgeConfig(port, configDir, extensionId, maxMessageBytes, pairTimeout, heartbeatInterval, silenceTimeout, d, performGrace, limits);
  }

  public BridgeConfig withLimits(SocketLimits l) {
    return new BridgeConfig(port, configDir, extensionId, maxMessageBytes, pairTimeout, heartbeatInterval, silenceTimeout, requestTimeout, performGrace, l);
  }
}

package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Closing the client stops every thread it started. Isolated: the threads are told apart by name, and a bridge
 * of another test class running beside it names its threads the same (it failed so once in a full run).
 */
@Isolated
class BrowserClientThreadsTest {
  @TempDir
  Path config;

  @Test
  void closeStopsEveryThreadItStarted() throws Exception {
    PairingSecret secret = PairingSecret.loadOrCreate(config);
    BrowserClient client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0)
        .withRequestTimeout(Duration.ofMillis(500)).withPerformGrace(Duration.ofMillis(200))
        .withHeartbeat(Duration.ofMillis(300), Duration.ofSeconds(45)), secret);
    FakeExtension ext = FakeExtension.withOrigin(client.port());
    ext.pair(secret, "browser-1");
    client.awaitConnected().get(5, TimeUnit.SECONDS);
    client.tabs();
    ext.next("tabs");
    client.close();
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(
        Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
            .filter(n -> n.startsWith("waymark-bridge") || n.startsWith("WebSocketSelector")
                || n.startsWith("WebSocketWorker"))
            .collect(Collectors.toSet())).as("threads left after close").isEmpty());
  }
}

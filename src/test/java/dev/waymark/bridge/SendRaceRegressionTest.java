package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.nio.channels.SelectionKey;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.framing.Framedata;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Java-WebSocket 1.6.0 can leave a frame sent from a non-selector thread queued until the next
 * send. Bursts end with a frame nothing follows, so a stalled last frame shows as a burst that
 * never completes.
 */
class SendRaceRegressionTest {
  private static final Logger LOG = LoggerFactory.getLogger(SendRaceRegressionTest.class);
  /** WAYMARK_RACE_GUARD=false turns the watchdog off, to see these tests fail without it. */
  private static final boolean GUARD = !"false".equals(System.getenv("WAYMARK_RACE_GUARD"));
  private static final int SPIN_NANOS = Integer.parseInt(System.getenv().getOrDefault("WAYMARK_RACE_SPIN", "80000"));
  private static final int FRAMES = Integer.parseInt(System.getenv().getOrDefault("WAYMARK_RACE_FRAMES", "10000"));

  @TempDir
  Path config;
  BrowserClient client;

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
  }

  @Test
  void thousandsOfFramesFromAnotherThreadAllArriveWithoutWaitingForTheNextSend() throws Exception {
    PairingSecret secret = PairingSecret.loadOrCreate(config);
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0).withRequestTimeout(Duration.ofSeconds(30)), secret);
    AtomicInteger arrived = new AtomicInteger();
    FakeExtension ext = new FakeExtension(client.port(), java.util.Map.of("Origin", ExtensionId.origin(ExtensionId.WAYMARK))) {
      @Override
      public void onMessage(String message) {
        super.onMessage(message);
        if (message.contains("\"type\":\"tabs\"")) {
          arrived.incrementAndGet();
          // answering keeps the selector thread busy writing and reading, which widens the race window
          String id = message.replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");
          send("{\"type\":\"tab_list\",\"id\":\"" + id + "\",\"tabs\":[]}");
        }
      }
    };
    ext.pair(secret, "race");
    client.awaitConnected().get(5, TimeUnit.SECONDS);
    ext.received.clear();

    client.server().setWatchdogEnabled(GUARD);
    Random random = new Random(42);
    int sent = 0;
    int stalls = 0;
    long worstMs = 0;
    List<CompletableFuture<?>> replies = new ArrayList<>();
    while (sent < FRAMES) {
      int burst = 1 + random.nextInt(4);
      for (int i = 0; i < burst; i++) {
        replies.add(client.tabs());
        // a varying gap sweeps the next send across the selector's drain-then-reset window
        long until = System.nanoTime() + random.nextInt(SPIN_NANOS);
        while (System.nanoTime() < until) {
          Thread.onSpinWait();
        }
      }
      sent += burst;
      long start = System.nanoTime();
      long deadline = start + TimeUnit.SECONDS.toNanos(2);
      while (arrived.get() < sent && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      worstMs = Math.max(worstMs, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      if (arrived.get() < sent) {
        stalls++;
      }
      ext.received.clear();
    }
    for (CompletableFuture<?> r : replies) {
      r.get(10, TimeUnit.SECONDS);
    }
    LOG.info("{} frames, {} stalled bursts, worst burst delivery {} ms, watchdog kicks {}", sent, stalls, worstMs, client.server().watchdogKicks());
    assertThat(stalls).as("bursts whose last frame stalled for 2 s").isZero();
    assertThat(arrived.get()).isEqualTo(sent);
  }

  /**
   * A paired fake extension on a bridge where nothing but the test may wake the selector: no heartbeats, no
   * silence limit, the scheduled watchdog off.
   */
  private WebSocketImpl quietConnection(FakeExtension[] ext, String clientId) throws Exception {
    PairingSecret secret = PairingSecret.loadOrCreate(config);
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0)
        .withHeartbeat(Duration.ofHours(1), Duration.ofHours(2)), secret);
    ext[0] = FakeExtension.withOrigin(client.port());
    ext[0].pair(secret, clientId);
    client.awaitConnected().get(5, TimeUnit.SECONDS);
    client.server().setWatchdogEnabled(false);
    return (WebSocketImpl) client.server().connectionOf(clientId);
  }

  @Test
  void aFrameLeftQueuedWithoutWriteInterestIsDeliveredByTheWatchdog() throws Exception {
    FakeExtension[] ext = new FakeExtension[1];
    WebSocketImpl conn = quietConnection(ext, "stuck");
    // The pairing's own frames are written and the selector is back to reading only.
    await().atMost(Duration.ofSeconds(5)).until(() -> conn.outQueue.isEmpty()
        && (conn.getSelectionKey().interestOps() & SelectionKey.OP_WRITE) == 0);

    // Exactly what the race leaves behind: the frame is queued, the key is OP_READ, nobody wakes the selector.
    for (Framedata frame : conn.getDraft().createFrames("{\"type\":\"heartbeat\",\"at\":1}", false)) {
      conn.outQueue.put(conn.getDraft().createBinaryFrame(frame));
    }
    assertThat(client.server().watchdogTick()).as("stuck frames the watchdog woke the selector for").isEqualTo(1);

    ObjectNode delivered = ext[0].next("heartbeat");
    assertThat(delivered.path("at").asLong()).isEqualTo(1);
  }

  @Test
  void theWatchdogLeavesAConnectionThatIsWritingAlone() throws Exception {
    WebSocketImpl conn = quietConnection(new FakeExtension[1], "idle");
    await().atMost(Duration.ofSeconds(5)).until(conn.outQueue::isEmpty);

    assertThat(client.server().watchdogTick()).as("an empty queue is never kicked").isZero();
  }
}

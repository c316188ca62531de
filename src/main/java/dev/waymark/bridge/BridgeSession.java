package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.java_websocket.WebSocket;
import org.java_websocket.exceptions.WebsocketNotConnectedException;

/** Per-connection state of the bridge, attached to the WebSocket: pairing, liveness, requests waiting. */
final class BridgeSession {
  final WebSocket conn;
  final long serial;
  final String serverNonce;
  final Map<String, PendingRequest> pending = new ConcurrentHashMap<>();
  volatile boolean paired;
  volatile boolean replaced;
  /** A wrong proof's refusal is scheduled: nothing more is read from this connection. */
  volatile boolean proofRefused;
  /** Orders a hello's registration against the connection's close (guards paired and closed). */
  final Object pairLock = new Object();
  /** The connection has closed; a hello still being read must not register it. */
  boolean closed;
  /** Counted among the open connections that have not paired. */
  final java.util.concurrent.atomic.AtomicBoolean countedUnpaired = new java.util.concurrent.atomic.AtomicBoolean();
  volatile ClientInfo info;
  volatile long lastHeard = System.nanoTime();
  volatile long lastHeartbeatSent;
  volatile ScheduledFuture<?> pairTimeout;
  ByteBuffer lastHead; // send-race watchdog thread only

  BridgeSession(WebSocket conn, long serial, String serverNonce) {
    this.conn = conn;
    this.serial = serial;
    this.serverNonce = serverNonce;
  }

  /**
   * Sends a request's text and tracks it until its reply, its timeout, or the end of the connection; the
   * future fails as not connected when the text could not be sent at all.
   */
  CompletableFuture<ObjectNode> send(String id, String type, String text, Duration timeout, ScheduledExecutorService timer) {
    PendingRequest p = new PendingRequest(type);
    pending.put(id, p);
    p.timeout = timer.schedule(() -> {
      if (pending.remove(id, p)) {
        p.raw.completeExceptionally(new BridgeException.Timeout(
            "The browser did not answer the " + type + " request within " + timeout.toMillis() + " ms"));
      }
    }, timeout.toMillis(), TimeUnit.MILLISECONDS);
    synchronized (p) {
      try {
        conn.send(text);
        p.sent = true;
      } catch (WebsocketNotConnectedException e) {
        pending.remove(id, p);
        p.timeout.cancel(false);
        p.raw.completeExceptionally(new BridgeException.NotConnected(notConnectedText()));
      }
    }
    return p.raw;
  }

  /** Completes the request a reply answers; false when no request waits for it (late or unknown). */
  boolean settle(WireCodec.Decoded reply) {
    String id = reply.id();
    PendingRequest p = id == null ? null : pending.remove(id);
    if (p == null) return false;
    p.timeout.cancel(false);
    if (reply.type() == MessageType.ERROR) {
      p.raw.completeExceptionally(new BridgeException.Refused(reply.body().path("error").asText("the browser refused the request")));
    } else {
      p.raw.complete(reply.body());
    }
    return true;
  }

  /** Fails every request still waiting: lost if it was sent, not connected if it never left. */
  void failPending() {
    for (Map.Entry<String, PendingRequest> e : pending.entrySet()) {
      PendingRequest p = e.getValue();
      if (!pending.remove(e.getKey(), p)) {
        continue;
      }
      if (p.timeout != null) {
        p.timeout.cancel(false);
      }
      synchronized (p) {
        p.raw.completeExceptionally(p.sent
            ? new BridgeException.ConnectionLost("The connection to the browser ended before it answered the " + p.type + " request")
            : new BridgeException.NotConnected(notConnectedText()));
      }
    }
  }

  static String notConnectedText() {
    return "No browser is connected to the studio. Start Chromium with the Waymark extension (waymark browser), "
        + "or paste the pairing code into the extension's popup.";
  }

  /** A request waiting for its reply. */
  static final class PendingRequest {
    final String type;
    final CompletableFuture<ObjectNode> raw = new CompletableFuture<>();
    volatile ScheduledFuture<?> timeout;
    boolean sent; // guarded by this

    PendingRequest(String type) {
      this.type = type;
    }
  }
}

package dev.waymark.bridge;

import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.util.concurrent.atomic.AtomicLong;
import org.java_websocket.WebSocket;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.server.WebSocketServer;

/**
 * Guards the Java-WebSocket 1.6.0 send race: the selector drains the out-queue and resets the key to OP_READ
 * while another thread enqueues and asks for OP_WRITE, so the frame waits for the next send. A frame seen at
 * the head of the queue with no write interest, or still at the head one period later, gets the write demand
 * re-raised.
 */
final class SendRaceWatchdog {
  /** How often the watchdog looks at queued frames. */
  static final long PERIOD_MS = 20;

  private final WebSocketServer server;
  private final AtomicLong kicks = new AtomicLong();
  private volatile boolean enabled = true;

  SendRaceWatchdog(WebSocketServer server) {
    this.server = server;
  }

  /** The scheduled look: nothing while turned off. */
  void scheduledTick() {
    if (enabled) tick();
  }

  /** One look at every connection's out-queue; answers how many stuck frames it woke the selector for. */
  int tick() {
    int n = 0;
    for (WebSocket conn : server.getConnections()) {
      if (!(conn instanceof WebSocketImpl impl)) continue;
      BridgeSession s = impl.getAttachment();
      ByteBuffer head = impl.outQueue.peek();
      if (head == null) {
        if (s != null) s.lastHead = null;
        continue;
      }
      SelectionKey key = impl.getSelectionKey();
      boolean stuck;
      try {
        stuck = key != null && key.isValid()
            && ((key.interestOps() & SelectionKey.OP_WRITE) == 0 || (s != null && s.lastHead == head));
      } catch (CancelledKeyException e) {
        stuck = false;
      }
      if (stuck) {
        n++;
        kicks.incrementAndGet();
        server.onWriteDemand(impl);
      }
      if (s != null) s.lastHead = head;
    }
    return n;
  }

  long kicks() {
    return kicks.get();
  }

  /** Off only to show in a test that the guard is what keeps frames moving. */
  void setEnabled(boolean on) {
    enabled = on;
  }
}

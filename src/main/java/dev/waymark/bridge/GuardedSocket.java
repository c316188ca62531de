package dev.waymark.bridge;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.java_websocket.WebSocketAdapter;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.drafts.Draft;
import org.java_websocket.framing.CloseFrame;

/**
 * A server connection whose upgrade request goes through {@link UpgradeGate} before the library reads it: the
 * head is collected up to its size limit, checked, and only then handed on. A refusal writes its HTTP answer and
 * is closed by {@link LoopbackSocketServer#sweep} once written (the library never closes a socket it refused).
 */
final class GuardedSocket extends WebSocketImpl {
  private final UpgradeGate gate;
  final long acceptedAt = System.nanoTime();
  /** Over the bound of unpaired connections when accepted: refused 503 at its first byte or sweep. */
  final boolean overCap;
  private final Object lock = new Object();
  private ByteArrayOutputStream head = new ByteArrayOutputStream(1024);
  private volatile boolean passed;
  private volatile boolean refused;
  volatile long refusedAt;
  /** Counted among the connections waiting to pair until it opens, is refused or closes. */
  private boolean pending;

  GuardedSocket(WebSocketAdapter listener, List<Draft> drafts, UpgradeGate gate, boolean overCap) {
    super(listener, drafts);
    this.gate = gate;
    this.overCap = overCap;
    this.pending = !overCap;
  }

  boolean passed() {
    return passed;
  }

  boolean refused() {
    return refused;
  }

  /** Leaves the count of upgrades in progress; true the first time only. */
  boolean leavePending() {
    synchronized (lock) {
      boolean was = pending;
      pending = false;
      return was;
    }
  }

  @Override
  public void decode(ByteBuffer socketBuffer) {
    if (passed) {
      super.decode(socketBuffer);
      return;
    }
    byte[] all;
    synchronized (lock) {
      if (refused) {
        socketBuffer.position(socketBuffer.limit());
        return;
      }
      if (overCap) {
        socketBuffer.position(socketBuffer.limit());
        refuse(UpgradeGate.busy());
        return;
      }
      byte[] chunk = new byte[socketBuffer.remaining()];
      socketBuffer.get(chunk);
      head.write(chunk, 0, chunk.length);
      byte[] b = head.toByteArray();
      int end = UpgradeGate.headEnd(b, b.length);
      if (end < 0) {
        if (b.length > gate.limits().maxRequestHeadBytes()) {
          gate.refusedTooLarge.incrementAndGet();
          refuse(UpgradeGate.tooLarge());
        }
        return;
      }
      UpgradeGate.Refusal r = gate.check(b, end);
      if (r != null) {
        refuse(r);
        return;
      }
      passed = true;
      head = null;
      all = b;
    }
    // the head and whatever frames came right behind it, to the library's own handshake
    super.decode(ByteBuffer.wrap(all));
  }

  /** Answers the upgrade with the refusal's HTTP response and starts closing; the sweep closes the socket. */
  void refuse(UpgradeGate.Refusal r) {
    synchronized (lock) {
      if (refused || passed) {
        return;
      }
      refused = true;
      refusedAt = System.nanoTime();
      head = null;
    }
    leavePending();
    outQueue.add(ByteBuffer.wrap(r.response()));
    if (getSelectionKey() != null) {
      getWebSocketListener().onWriteDemand(this);
    }
    flushAndClose(CloseFrame.PROTOCOL_ERROR, r.reason(), false);
  }
}

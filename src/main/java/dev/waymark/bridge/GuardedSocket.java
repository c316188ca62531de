package dev.waymark.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
  private final MaskCheck masks = new MaskCheck();
  private volatile boolean refused;
  volatile long refusedAt;
  /** The refusal's answer is written or queued: only then may the sweep close the socket. */
  private volatile boolean answered;
  /** Counted among the connections waiting to pair until it opens, is refused or closes. */
  private boolean pending;

  private final AtomicInteger pendingUpgrades;

  GuardedSocket(WebSocketAdapter listener, List<Draft> drafts, UpgradeGate gate, boolean overCap,
      AtomicInteger pendingUpgrades) {
    super(listener, drafts);
    this.gate = gate;
    this.pendingUpgrades = pendingUpgrades;
    this.overCap = overCap;
    this.pending = !overCap;
  }

  boolean passed() {
    return passed;
  }

  boolean refused() {
    return refused;
  }

  boolean answered() {
    return answered;
  }

  /** Leaves the count of upgrades in progress (once): it opened, was refused or closed. */
  void leavePending() {
    boolean was;
    synchronized (lock) {
      was = pending;
      pending = false;
    }
    if (was) {
      pendingUpgrades.decrementAndGet();
    }
  }

  @Override
  public void decode(ByteBuffer socketBuffer) {
    if (passed) {
      if (masks.allMasked(socketBuffer, socketBuffer.position())) {
        super.decode(socketBuffer);
      } else {
        unmasked();
      }
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
    ByteBuffer b = ByteBuffer.wrap(all);
    if (!masks.allMasked(b, UpgradeGate.headEnd(all, all.length))) {
      b.limit(UpgradeGate.headEnd(all, all.length));
      super.decode(b);
      unmasked();
      return;
    }
    super.decode(b);
  }

  private void unmasked() {
    // RFC 6455 5.1: a server closes the connection on a frame its client did not mask; the library takes it
    close(CloseFrame.PROTOCOL_ERROR, "a client frame must be masked");
  }

  /**
   * Follows frame boundaries through the bytes a client sends, to see each frame header's mask bit; payloads are
   * skipped, never copied. A declared length the library refuses anyway (over 2^63) ends the following.
   */
  static final class MaskCheck {
    private final byte[] header = new byte[14];
    private int headerLen;
    private long skip;
    private boolean stopped;

    /** Whether every frame header in {@code buf[from..limit)} has its mask bit set; does not move {@code buf}. */
    boolean allMasked(ByteBuffer buf, int from) {
      int i = from;
      int end = buf.limit();
      while (i < end && !stopped) {
        if (skip > 0) {
          long n = Math.min(skip, end - i);
          skip -= n;
          i += (int) n;
          continue;
        }
        header[headerLen++] = buf.get(i++);
        if (headerLen < 2) {
          continue;
        }
        if ((header[1] & 0x80) == 0) {
          return false;
        }
        int len7 = header[1] & 0x7f;
        int need = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + 4;
        if (headerLen < need) {
          continue;
        }
        long len = len7;
        if (len7 == 126) {
          len = ((header[2] & 0xffL) << 8) | (header[3] & 0xffL);
        } else if (len7 == 127) {
          len = 0;
          for (int k = 2; k < 10; k++) {
            len = (len << 8) | (header[k] & 0xffL);
          }
        }
        headerLen = 0;
        if (len < 0) {
          stopped = true;
        } else {
          skip = len;
        }
      }
      return true;
    }
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
    // refused, it waits to pair no longer: its socket is closed by the next sweep at the latest
    leavePending();
    ByteBuffer answer = ByteBuffer.wrap(r.response());
    // nothing else writes before the upgrade: the short answer goes out at once and our half of the socket is
    // shut, so the peer sees the end without waiting for the sweep that closes the rest
    try {
      if (getChannel() instanceof SocketChannel channel) {
        channel.write(answer);
        if (!answer.hasRemaining()) {
          channel.shutdownOutput();
        }
      }
    } catch (IOException gone) {
      answer.position(answer.limit());
    }
    if (answer.hasRemaining()) {
      outQueue.add(answer);
      if (getSelectionKey() != null) {
        getWebSocketListener().onWriteDemand(this);
      }
    }
    answered = true;
    flushAndClose(CloseFrame.PROTOCOL_ERROR, r.reason(), false);
  }
}

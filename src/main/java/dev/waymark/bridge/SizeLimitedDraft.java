package dev.waymark.bridge;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.drafts.Draft;
import org.java_websocket.drafts.Draft_6455;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.exceptions.LimitExceededException;
import org.java_websocket.framing.Framedata;
import org.java_websocket.protocols.IProtocol;
import org.java_websocket.protocols.Protocol;

/**
 * Draft 6455 with the message size limit, counting every frame or message refused for its size where the
 * limit trips: the close that follows may reach us as 1006 when the peer is still writing.
 */
final class SizeLimitedDraft extends Draft_6455 {
  private final int maxBytes;
  private final AtomicLong refused;

  SizeLimitedDraft(int maxBytes, AtomicLong refused) {
    super(List.of(), List.<IProtocol>of(new Protocol("")), maxBytes);
    this.maxBytes = maxBytes;
    this.refused = refused;
  }

  @Override
  public List<Framedata> translateFrame(ByteBuffer buffer) throws InvalidDataException {
    try {
      return super.translateFrame(buffer);
    } catch (LimitExceededException e) {
      refused.incrementAndGet();
      throw e;
    }
  }

  @Override
  public void processFrame(WebSocketImpl webSocketImpl, Framedata frame) throws InvalidDataException {
    try {
      super.processFrame(webSocketImpl, frame);
    } catch (LimitExceededException e) {
      refused.incrementAndGet();
      throw e;
    }
  }

  @Override
  public Draft copyInstance() {
    return new SizeLimitedDraft(maxBytes, refused);
  }
}

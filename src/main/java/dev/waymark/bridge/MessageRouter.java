package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.atomic.AtomicLong;
import org.java_websocket.WebSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a client's message goes, decided on the socket's worker thread: what does not decode or is outside the verbs
 * the studio accepts is refused; before pairing only a hello is heard (by {@link ClientAdmission}); after it, events
 * go to the listeners and replies to the request that waits for them (a late or unknown one to the late-reply
 * handler). Apart from {@link BridgeServer} because this is the protocol's closed verb set in one place, and it only
 * hands off: it never acts on what a message means.
 */
final class MessageRouter {
  private static final Logger LOG = LoggerFactory.getLogger(MessageRouter.class);

  private final WireCodec codec;
  private final SocketReplies replies;
  private final ClientAdmission admission;
  private final BridgeListeners listeners;
  private final AtomicLong badMessages;
  final AtomicLong refusedBeforePairing = new AtomicLong();

  MessageRouter(WireCodec codec, SocketReplies replies, ClientAdmission admission, BridgeListeners listeners,
      AtomicLong badMessages) {
    this.codec = codec;
    this.replies = replies;
    this.admission = admission;
    this.listeners = listeners;
    this.badMessages = badMessages;
  }

  /** A text frame from a connection. */
  void text(WebSocket conn, String text) {
    BridgeSession s = conn.getAttachment();
    if (s == null) {
      return;
    }
    if (s.proofRefused) {
      return; // its refusal is on the way, late on purpose
    }
    s.lastHeard = System.nanoTime();
    WireCodec.Decoded msg;
    try {
      msg = codec.decode(text);
    } catch (WireCodec.WireException e) {
      badMessages.incrementAndGet();
      replies.refuse(conn, null, CloseCodes.BAD_MESSAGE, e.getMessage());
      return;
    }
    if (!msg.type().acceptedByStudio()) {
      badMessages.incrementAndGet();
      replies.refuse(conn, msg.id(), CloseCodes.BAD_MESSAGE, "the studio does not accept " + msg.type().wire());
      return;
    }
    if (!s.paired) {
      if (msg.type() == MessageType.HELLO) {
        admission.hello(s, msg.body());
      } else {
        refusedBeforePairing.incrementAndGet();
        replies.refuse(conn, msg.id(), CloseCodes.UNAUTHORIZED, "pair first: nothing but hello is accepted before pairing");
      }
      return;
    }
    switch (msg.type()) {
      case HEARTBEAT -> { }
      case HELLO -> {
        badMessages.incrementAndGet();
        replies.refuse(conn, msg.id(), CloseCodes.BAD_MESSAGE, "already paired");
      }
      case EVENT -> {
        String name = msg.body().path("event").asText("");
        listeners.event(s.info, new BrowserEvent(name, msg.body()));
      }
      default -> reply(s, msg);
    }
  }

  /** A binary frame: not part of the protocol. */
  void binary(WebSocket conn) {
    if (conn.getAttachment() != null) {
      badMessages.incrementAndGet();
      replies.refuse(conn, null, CloseCodes.BAD_MESSAGE, "binary frames are not part of the protocol");
    }
  }

  private void reply(BridgeSession s, WireCodec.Decoded msg) {
    if (!s.settle(msg)) {
      LOG.debug("late or unknown reply {} {}", msg.type().wire(), msg.id());
      listeners.lateReply(msg.body());
    }
  }
}

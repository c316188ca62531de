package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.java_websocket.WebSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Admission of a connecting client, from the socket opening to a paired session: the challenge and the pairing
 * deadline every new connection gets, the count of open connections not yet paired (which bounds how many may wait),
 * and, for a hello whose proof holds ({@link PairingHandshake}), the welcome, the registration that replaces an older
 * connection of the same browser, and telling the listeners. Apart from {@link BridgeServer} because who gets in is
 * the socket's security and reads best in one place; the server routes what a paired client says.
 */
final class ClientAdmission {
  private static final Logger LOG = LoggerFactory.getLogger(ClientAdmission.class);

  private final BridgeConfig config;
  private final PairingSecret secret;
  private final WireCodec codec;
  private final PairingHandshake pairing;
  private final ProofThrottle proofThrottle;
  private final ScheduledExecutorService timer;
  private final SocketReplies replies;
  private final PairedClients clients;
  private final BridgeListeners listeners;
  private final AtomicLong connectionSeq = new AtomicLong();
  final AtomicLong pairTimeouts = new AtomicLong();
  final AtomicLong pairings = new AtomicLong();
  /** Open connections that have not paired (yet); with the upgrades in progress, bounded by maxUnpaired. */
  private final AtomicInteger openUnpaired = new AtomicInteger();

  ClientAdmission(BridgeConfig config, PairingSecret secret, WireCodec codec, PairingHandshake pairing,
      ProofThrottle proofThrottle, ScheduledExecutorService timer, SocketReplies replies, PairedClients clients,
      BridgeListeners listeners) {
    this.config = config;
    this.secret = secret;
    this.codec = codec;
    this.pairing = pairing;
    this.proofThrottle = proofThrottle;
    this.timer = timer;
    this.replies = replies;
    this.clients = clients;
    this.listeners = listeners;
  }

  /** Open connections that have not paired (yet). */
  int openUnpaired() {
    return openUnpaired.get();
  }

  /** A connection opened: it gets a challenge and a deadline to pair by. */
  void opened(WebSocket conn) {
    BridgeSession s = new BridgeSession(conn, connectionSeq.incrementAndGet(), PairingHandshake.nonce());
    conn.setAttachment(s);
    s.countedUnpaired.set(true);
    openUnpaired.incrementAndGet();
    s.pairTimeout = timer.schedule(() -> {
      if (!s.paired && conn.isOpen()) {
        pairTimeouts.incrementAndGet();
        replies.refuse(conn, "pair", CloseCodes.PAIR_TIMEOUT, "not paired within " + config.pairTimeout().toSeconds() + " s");
      }
    }, config.pairTimeout().toMillis(), TimeUnit.MILLISECONDS);
    replies.sendQuietly(conn, PairingHandshake.challenge(codec, s.serverNonce));
  }

  /** A hello on a connection that has not paired: welcomed and registered when its proof holds, else refused. */
  void hello(BridgeSession s, ObjectNode hello) {
    String clientId = pairing.verify(s, hello);
    if (clientId == null) return;
    String clientNonce = hello.path("nonce").asText("");
    proofThrottle.succeeded();
    s.pairTimeout.cancel(false);
    s.info = new ClientInfo(clientId, s.serial, HandshakePolicy.abbreviate(hello.path("extension_version").asText("")),
        HandshakePolicy.abbreviate(hello.path("browser").asText("")), Instant.now());
    ObjectNode welcome = codec.message(MessageType.WELCOME);
    welcome.put("id", "pair");
    welcome.put("proof", secret.studioProof(clientNonce, s.serverNonce));
    welcome.put("heartbeat_ms", config.heartbeatInterval().toMillis());
    BridgeSession old;
    synchronized (s.pairLock) {
      // the peer may have hung up while its hello was read: a closed connection must never be registered
      if (s.closed) {
        LOG.debug("a hello whose connection has already closed");
        return;
      }
      replies.sendQuietly(s.conn, welcome);
      s.lastHeartbeatSent = System.nanoTime();
      s.paired = true;
      leaveUnpaired(s);
      pairings.incrementAndGet();
      old = clients.register(clientId, s);
    }
    if (old != null && old != s) {
      old.replaced = true;
      old.conn.close(CloseCodes.REPLACED, "replaced by a newer connection of the same browser");
    }
    LOG.info("Extension paired: client {} ({}, extension {})", clientId, s.info.browser(), s.info.extensionVersion());
    listeners.connected(s.info);
  }

  /** A connection closed: its pairing deadline ends, and it no longer counts as waiting to pair. */
  void closing(BridgeSession s) {
    if (s.pairTimeout != null) {
      s.pairTimeout.cancel(false);
    }
    leaveUnpaired(s);
  }

  private void leaveUnpaired(BridgeSession s) {
    if (s.countedUnpaired.compareAndSet(true, false)) {
      openUnpaired.decrementAndGet();
    }
  }
}

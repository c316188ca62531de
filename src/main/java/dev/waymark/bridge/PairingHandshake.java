package dev.waymark.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.java_websocket.WebSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's half of pairing: the challenge every new connection gets, and the checks its {@code hello} passes
 * before the connection is paired — the protocol, a client id and a nonce of the right form, and the proof of the
 * pairing secret for that challenge. A wrong proof is
 * refused, later and later when wrong proofs come in a row ({@link ProofThrottle}); a right one resets the run.
 */
final class PairingHandshake {
  private static final Logger LOG = LoggerFactory.getLogger(PairingHandshake.class);
  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();
  private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

  /** Refuses a connection with a close code and the error the peer reads. */
  interface Refuser {
    void refuse(WebSocket conn, String id, int code, String error);
  }

  /** Runs an answer after a delay (the bridge's timer). */
  interface Later {
    void run(Runnable answer, long delayMs);
  }

  private final PairingSecret secret;
  private final ProofThrottle throttle;
  private final AtomicLong badMessages;
  private final AtomicLong refusedProof;
  private final AtomicLong delayedProofs;
  private final Refuser refuser;
  private final Later later;

  PairingHandshake(PairingSecret secret, ProofThrottle throttle, AtomicLong badMessages, AtomicLong refusedProof,
      AtomicLong delayedProofs, Refuser refuser, Later later) {
    this.secret = secret;
    this.throttle = throttle;
    this.badMessages = badMessages;
    this.refusedProof = refusedProof;
    this.delayedProofs = delayedProofs;
    this.refuser = refuser;
    this.later = later;
  }

  /** A fresh challenge nonce for a new connection (never reused: a proof is for one connection only). */
  static String nonce() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The challenge message for a new connection's nonce. */
  static ObjectNode challenge(WireCodec codec, String nonce) {
    ObjectNode challenge = codec.message(MessageType.CHALLENGE);
    challenge.put("id", "pair");
    challenge.put("protocol", 1);
    challenge.put("nonce", nonce);
    return challenge;
  }

  /** The client id of a hello that proves the secret; null when it was refused (at once, or later for a wrong proof). */
  String verify(BridgeSession s, ObjectNode hello) {
    JsonNode protocol = hello.get("protocol");
    String clientId = hello.path("client_id").asText("");
    String clientNonce = hello.path("nonce").asText("");
    JsonNode proof = hello.get("proof");
    if (protocol == null || protocol.asInt() != 1) {
      badMessages.incrementAndGet();
      refuser.refuse(s.conn, "pair", CloseCodes.BAD_MESSAGE, "this studio speaks protocol 1; update the extension or the studio");
      return null;
    }
    if (!CLIENT_ID.matcher(clientId).matches() || clientNonce.length() < 16 || clientNonce.length() > 128) {
      badMessages.incrementAndGet();
      refuser.refuse(s.conn, "pair", CloseCodes.BAD_MESSAGE, "hello needs a client_id and a nonce");
      return null;
    }
    String proofText = proof != null && proof.isTextual() ? proof.asText() : null;
    if (!secret.verifyExtensionProof(s.serverNonce, clientNonce, proofText)) {
      refusedProof.incrementAndGet();
      long delay = throttle.failed();
      LOG.info("Refused a pairing attempt: wrong or missing proof (answered after {} ms)", delay);
      Runnable answer = () -> refuser.refuse(s.conn, "pair", CloseCodes.UNAUTHORIZED,
          "pairing failed: the pairing code does not match this studio; paste the code the studio shows into the extension popup");
      if (delay == 0) {
        answer.run();
      } else {
        // wrong proofs in a row are answered later and later; the connection holds an unpaired slot meanwhile
        s.proofRefused = true;
        s.pairTimeout.cancel(false);
        delayedProofs.incrementAndGet();
        later.run(answer, delay);
      }
      return null;
    }
    return clientId;
  }
}

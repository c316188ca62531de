package dev.waymark.bridge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.java_websocket.client.WebSocketClient;
import org.java_websocket.handshake.ServerHandshake;

/** A plain Java-WebSocket client that speaks the extension's side of the protocol, for tests. */
class FakeExtension extends WebSocketClient {
  static final ObjectMapper JSON = new ObjectMapper();

  final BlockingQueue<ObjectNode> received = new LinkedBlockingQueue<>();
  final CompletableFuture<Integer> closeCode = new CompletableFuture<>();
  final CompletableFuture<Boolean> opened = new CompletableFuture<>();
  volatile String lastCloseReason;

  FakeExtension(int port, Map<String, String> headers) {
    super(URI.create("ws://127.0.0.1:" + port + "/"), headers);
    setConnectionLostTimeout(0);
  }

  /** A client that sends our extension's Origin. */
  static FakeExtension withOrigin(int port) {
    return new FakeExtension(port, Map.of("Origin", ExtensionId.origin(ExtensionId.WAYMARK)));
  }

  @Override
  public void onOpen(ServerHandshake handshake) {
    opened.complete(true);
  }

  @Override
  public void onMessage(String message) {
    try {
      received.add((ObjectNode) JSON.readTree(message));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void onClose(int code, String reason, boolean remote) {
    lastCloseReason = reason;
    opened.complete(false);
    closeCode.complete(code);
  }

  @Override
  public void onError(Exception ex) {
  }

  /** Connects; true when the upgrade was accepted. */
  boolean open() throws Exception {
    return connectBlocking(5, TimeUnit.SECONDS) && opened.get(5, TimeUnit.SECONDS);
  }

  /** The next message of a type, skipping heartbeats. */
  ObjectNode next(String type) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < deadline) {
      ObjectNode m = received.poll(100, TimeUnit.MILLISECONDS);
      if (m != null && m.path("type").asText().equals(type)) {
        return m;
      }
    }
    throw new AssertionError("no " + type + " message within 5 s");
  }

  /** Opens and pairs with the secret; returns the welcome message. */
  ObjectNode pair(PairingSecret secret, String clientId) throws Exception {
    if (!open()) {
      throw new AssertionError("upgrade refused");
    }
    ObjectNode challenge = next("challenge");
    String nonce = "client-nonce-" + System.nanoTime();
    send(hello(clientId, nonce, secret.extensionProof(challenge.path("nonce").asText(), nonce)));
    ObjectNode welcome = next("welcome");
    if (!secret.studioProof(nonce, challenge.path("nonce").asText()).equals(welcome.path("proof").asText())) {
      throw new AssertionError("the studio's proof is wrong");
    }
    return welcome;
  }

  static String hello(String clientId, String nonce, String proof) {
    ObjectNode h = JSON.createObjectNode();
    h.put("type", "hello");
    h.put("id", "pair");
    h.put("protocol", 1);
    h.put("extension_version", "0.1.0");
    h.put("browser", "test");
    h.put("client_id", clientId);
    h.put("nonce", nonce);
    if (proof != null) {
      h.put("proof", proof);
    }
    return h.toString();
  }

  int awaitClose() throws Exception {
    return closeCode.get(10, TimeUnit.SECONDS);
  }
}

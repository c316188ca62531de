package dev.waymark.bridge;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.framing.CloseFrame;
import org.java_websocket.handshake.ClientHandshake;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which WebSocket upgrades the bridge accepts: only our extension's exact Origin, and only a loopback Host of
 * the bridge's own port (a page on any site can open a socket to 127.0.0.1; DNS rebinding changes the Host).
 */
final class HandshakePolicy {
  private static final Logger LOG = LoggerFactory.getLogger(HandshakePolicy.class);

  private final java.util.Set<String> allowedOrigins;
  private final IntSupplier port;
  final AtomicLong refusedOrigin = new AtomicLong();
  final AtomicLong refusedHost = new AtomicLong();

  /** Upgrades from exactly these Origins (the Chrome extension's, the Firefox add-on's) for a loopback Host on {@code port}. */
  HandshakePolicy(java.util.Set<String> allowedOrigins, IntSupplier port) {
    this.allowedOrigins = java.util.Set.copyOf(allowedOrigins);
    this.port = port;
  }

  void check(ClientHandshake request) throws InvalidDataException {
    String why = refusal(request.getFieldValue("Origin"), request.getFieldValue("Host"));
    if (why != null) {
      throw new InvalidDataException(CloseFrame.POLICY_VALIDATION, why);
    }
  }

  /** Why an upgrade with this Origin and Host is refused (counted), or null when both are ours. */
  String refusal(String origin, String host) {
    if (origin == null || !allowedOrigins.contains(origin)) {
      refusedOrigin.incrementAndGet();
      LOG.info("Refused a WebSocket upgrade from origin '{}'", abbreviate(origin));
      return "origin not allowed";
    }
    int p = port.getAsInt();
    if (!("127.0.0.1:" + p).equals(host) && !("localhost:" + p).equalsIgnoreCase(host)) {
      refusedHost.incrementAndGet();
      LOG.info("Refused a WebSocket upgrade for host '{}'", abbreviate(host));
      return "host not allowed";
    }
    return null;
  }

  /** At most 80 characters of a peer's text for a log line, control characters (a forged line break) as '?'. */
  static String abbreviate(String s) {
    if (s == null) return "";
    String cut = s.length() > 80 ? s.substring(0, 80) + "…" : s;
    return cut.replaceAll("\\p{Cntrl}", "?");
  }
}

package dev.waymark.bridge;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads an upgrade request's head before Java-WebSocket does and refuses, with the HTTP status that says why,
 * anything but a well-formed RFC 6455 upgrade of ours: one request line {@code GET / HTTP/1.1}, CRLF line ends
 * only, no control characters, each of Host, Origin, Upgrade, Connection and the Sec-WebSocket headers at most
 * once, our Origin and a loopback Host ({@link HandshakePolicy}), a 16-byte key, version 13, and no more than
 * the head limits of {@link SocketLimits}. The library alone answers 404 to all of it, accepts any path, any key
 * and a missing Upgrade header, and keeps a refused socket open.
 */
final class UpgradeGate {
  /** A refused upgrade: the status line's code and text, the reason for the body and the log, extra headers. */
  record Refusal(int status, String text, String reason, String extraHeaders) {
    byte[] response() {
      byte[] body = (reason + "\n").getBytes(StandardCharsets.UTF_8);
      String head = "HTTP/1.1 " + status + " " + text + "\r\n"
          + "Content-Type: text/plain; charset=utf-8\r\n"
          + "Content-Length: " + body.length + "\r\n"
          + "Connection: close\r\n"
          + extraHeaders
          + "\r\n";
      byte[] h = head.getBytes(StandardCharsets.US_ASCII);
      byte[] all = new byte[h.length + body.length];
      System.arraycopy(h, 0, all, 0, h.length);
      System.arraycopy(body, 0, all, h.length, body.length);
      return all;
    }
  }

  static Refusal badRequest(String why) {
    return new Refusal(400, "Bad Request", why, "");
  }

  static Refusal tooLarge() {
    return new Refusal(431, "Request Header Fields Too Large", "the upgrade request is too large", "");
  }

  static Refusal timeout() {
    return new Refusal(408, "Request Timeout", "the upgrade request did not arrive in time", "");
  }

  static Refusal busy() {
    return new Refusal(503, "Service Unavailable", "too many connections waiting to pair", "Retry-After: 1\r\n");
  }

  private static final java.util.Set<String> SINGLE = java.util.Set.of("host", "origin", "upgrade", "connection",
      "sec-websocket-key", "sec-websocket-version");

  private final HandshakePolicy policy;
  private final SocketLimits limits;
  /** 400/404/405/426/505: not a well-formed upgrade to the bridge's path. */
  final AtomicLong refusedUpgrade = new AtomicLong();
  /** 431. */
  final AtomicLong refusedTooLarge = new AtomicLong();
  /** 408. */
  final AtomicLong timeouts = new AtomicLong();
  /** 503. */
  final AtomicLong refusedBusy = new AtomicLong();

  UpgradeGate(HandshakePolicy policy, SocketLimits limits) {
    this.policy = policy;
    this.limits = limits;
  }

  SocketLimits limits() {
    return limits;
  }

  /** Index just past the blank line that ends the head in {@code b[0..n)}, or -1. */
  static int headEnd(byte[] b, int n) {
    for (int i = 3; i < n; i++) {
      if (b[i] == '\n' && b[i - 1] == '\r' && b[i - 2] == '\n' && b[i - 3] == '\r') {
        return i + 1;
      }
    }
    return -1;
  }

  /** The refusal of a complete head {@code b[0..end)}, counted, or null when it is an upgrade of ours. */
  Refusal check(byte[] b, int end) {
    if (end > limits.maxRequestHeadBytes()) {
      refusedTooLarge.incrementAndGet();
      return tooLarge();
    }
    Refusal r = inspect(b, end);
    if (r != null && r.status() != 403) {
      if (r.status() == 431) {
        refusedTooLarge.incrementAndGet();
      } else {
        refusedUpgrade.incrementAndGet();
      }
    }
    return r;
  }

  private Refusal inspect(byte[] b, int end) {
    // the head is ASCII: a control character (a bare CR or LF that would split a header, a NUL) is refused
    for (int i = 0; i < end - 2; i++) {
      int c = b[i] & 0xff;
      if (c == '\r') {
        if (b[i + 1] != '\n') return badRequest("a bare CR in the request");
      } else if (c == '\n') {
        if (i == 0 || b[i - 1] != '\r') return badRequest("a bare LF in the request");
      } else if ((c < 0x20 && c != '\t') || c >= 0x7f) {
        return badRequest("a control or non-ASCII character in the request");
      }
    }
    String[] lines = new String(b, 0, end - 4, StandardCharsets.US_ASCII).split("\r\n", -1);
    String[] requestLine = lines[0].split(" ", -1);
    if (requestLine.length != 3 || requestLine[0].isEmpty() || requestLine[1].isEmpty()) {
      return badRequest("not an HTTP request line");
    }
    if (!requestLine[2].equals("HTTP/1.1")) {
      if (!requestLine[2].startsWith("HTTP/")) return badRequest("not an HTTP request line");
      return new Refusal(505, "HTTP Version Not Supported", "a WebSocket upgrade is HTTP/1.1", "");
    }
    if (!requestLine[0].equals("GET")) {
      return new Refusal(405, "Method Not Allowed", "a WebSocket upgrade is a GET", "Allow: GET\r\n");
    }
    if (!requestLine[1].equals("/")) {
      return new Refusal(404, "Not Found", "the bridge is at /", "");
    }
    if (lines.length - 1 > limits.maxHeaderLines()) {
      return tooLarge();
    }
    Map<String, String> headers = new HashMap<>();
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      if (line.startsWith(" ") || line.startsWith("\t")) return badRequest("a folded header line");
      int colon = line.indexOf(':');
      if (colon <= 0 || !isToken(line.substring(0, colon))) return badRequest("a malformed header line");
      String name = line.substring(0, colon).toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).strip();
      if (headers.containsKey(name) && SINGLE.contains(name)) return badRequest("the header " + name + " appears twice");
      headers.merge(name, value, (a, v) -> a + ", " + v);
    }
    String why = policy.refusal(headers.get("origin"), headers.get("host"));
    if (why != null) {
      return new Refusal(403, "Forbidden", why, "");
    }
    if (!"websocket".equalsIgnoreCase(headers.getOrDefault("upgrade", "")) || !hasToken(headers.get("connection"), "upgrade")) {
      return badRequest("not a WebSocket upgrade");
    }
    if (!"13".equals(headers.get("sec-websocket-version"))) {
      return new Refusal(426, "Upgrade Required", "this bridge speaks WebSocket version 13", "Sec-WebSocket-Version: 13\r\n");
    }
    String key = headers.get("sec-websocket-key");
    if (key == null || !isKey(key)) {
      return badRequest("Sec-WebSocket-Key is not 16 bytes in base64");
    }
    return null;
  }

  private static boolean isKey(String key) {
    try {
      return key.length() == 24 && Base64.getDecoder().decode(key).length == 16;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean hasToken(String list, String token) {
    if (list == null) return false;
    for (String t : list.split(",")) {
      if (t.strip().equalsIgnoreCase(token)) return true;
    }
    return false;
  }

  private static boolean isToken(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(Character.isLetterOrDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0)) return false;
    }
    return !s.isEmpty();
  }
}

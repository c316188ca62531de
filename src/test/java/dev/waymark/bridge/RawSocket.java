package dev.waymark.bridge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * A WebSocket peer on a plain {@link Socket}, for what no well-behaved client sends: malformed upgrades, bytes one
 * at a time, hand-made frames (unmasked, fragmented, reserved bits, huge declared lengths). Blocking, one thread.
 */
final class RawSocket implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** What the server answered an upgrade with: the status (0 for none) and whether it then closed the socket. */
  record HttpAnswer(int status, String head, boolean closed) {
  }

  /** A frame the server sent. */
  record Frame(int opcode, byte[] payload) {
    String text() {
      return new String(payload, StandardCharsets.UTF_8);
    }

    int closeCode() {
      return payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : 1005;
    }
  }

  final Socket socket;
  final InputStream in;
  final OutputStream out;

  RawSocket(int port) throws IOException {
    this(port, 0);
  }

  RawSocket(int port, int receiveBuffer) throws IOException {
    socket = new Socket();
    if (receiveBuffer > 0) {
      socket.setReceiveBufferSize(receiveBuffer);
    }
    socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 5000);
    socket.setSoTimeout(15_000);
    socket.setTcpNoDelay(true);
    in = new java.io.BufferedInputStream(socket.getInputStream());
    out = socket.getOutputStream();
  }

  static List<String> goodUpgrade(int port) {
    return new ArrayList<>(List.of("GET / HTTP/1.1", "Host: 127.0.0.1:" + port, "Upgrade: websocket",
        "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        "Origin: " + ExtensionId.origin(ExtensionId.WAYMARK)));
  }

  /** The lines with header {@code name} replaced by {@code value} (null: left out). */
  static List<String> with(List<String> lines, String name, String value) {
    List<String> out = new ArrayList<>();
    boolean done = false;
    for (String l : lines) {
      if (l.regionMatches(true, 0, name + ":", 0, name.length() + 1)) {
        if (value != null && !done) {
          out.add(name + ": " + value);
        }
        done = true;
      } else {
        out.add(l);
      }
    }
    if (!done && value != null) {
      out.add(name + ": " + value);
    }
    return out;
  }

  static byte[] head(List<String> lines) {
    return (String.join("\r\n", lines) + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Sends bytes as a whole request and reads the answer until the server closes (bounded by the read timeout). */
  static HttpAnswer ask(int port, byte[] request) throws IOException {
    try (RawSocket s = new RawSocket(port)) {
      s.out.write(request);
      s.out.flush();
      return s.readAnswer(true);
    }
  }

  /** Reads an HTTP answer's head; with {@code toEnd}, then everything until the server closes. */
  HttpAnswer readAnswer(boolean toEnd) throws IOException {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    boolean closed = false;
    try {
      int c;
      while ((c = in.read()) >= 0) {
        got.write(c);
        byte[] b = got.toByteArray();
        if (!toEnd && UpgradeGate.headEnd(b, b.length) > 0) {
          break;
        }
      }
      closed = c < 0;
    } catch (SocketTimeoutException e) {
      closed = false;
    } catch (IOException reset) {
      closed = true;
    }
    String text = got.toString(StandardCharsets.ISO_8859_1);
    int status = 0;
    if (text.startsWith("HTTP/1.1 ") && text.length() >= 12) {
      status = Integer.parseInt(text.substring(9, 12));
    }
    int end = text.indexOf("\r\n\r\n");
    return new HttpAnswer(status, end < 0 ? text : text.substring(0, end), closed);
  }

  /** A good upgrade: answers the 101's head, then the challenge's nonce is the next text frame. */
  String upgradeAndChallenge(int port) throws IOException {
    out.write(head(goodUpgrade(port)));
    out.flush();
    HttpAnswer a = readAnswer(false);
    if (a.status() != 101) {
      throw new AssertionError("upgrade refused: " + a.head());
    }
    ObjectNode challenge = (ObjectNode) JSON.readTree(readFrame().text());
    return challenge.path("nonce").asText();
  }

  /** Upgrades and pairs with the secret as {@code clientId}; returns after the welcome. */
  void pair(int port, PairingSecret secret, String clientId) throws IOException {
    String serverNonce = upgradeAndChallenge(port);
    String nonce = "raw-nonce-" + System.nanoTime();
    sendText(FakeExtension.hello(clientId, nonce, secret.extensionProof(serverNonce, nonce)));
    Frame welcome = nextData();
    if (!welcome.text().contains("\"welcome\"")) {
      throw new AssertionError("no welcome: " + welcome.text());
    }
  }

  void sendText(String text) throws IOException {
    frame(true, 0, 1, text.getBytes(StandardCharsets.UTF_8), true);
  }

  /** Writes one frame: FIN, reserved bits (0-7), opcode, payload, masked or not. */
  void frame(boolean fin, int rsv, int opcode, byte[] payload, boolean mask) throws IOException {
    out.write(frameBytes(fin, rsv, opcode, payload, mask));
    out.flush();
  }

  /** One whole frame's bytes. */
  static byte[] frameBytes(boolean fin, int rsv, int opcode, byte[] payload, boolean mask) {
    ByteArrayOutputStream f = new ByteArrayOutputStream(payload.length + 14);
    f.writeBytes(frameHeader(fin, rsv, opcode, payload.length, mask));
    if (mask) {
      byte[] key = new byte[4];
      RANDOM.nextBytes(key);
      f.writeBytes(key);
      for (int i = 0; i < payload.length; i++) {
        f.write(payload[i] ^ key[i % 4]);
      }
    } else {
      f.writeBytes(payload);
    }
    return f.toByteArray();
  }

  /** A frame header that declares {@code length} bytes (which need not follow). */
  static byte[] frameHeader(boolean fin, int rsv, int opcode, long length, boolean mask) {
    ByteArrayOutputStream h = new ByteArrayOutputStream();
    h.write((fin ? 0x80 : 0) | (rsv << 4) | opcode);
    int m = mask ? 0x80 : 0;
    if (length < 126) {
      h.write(m | (int) length);
    } else if (length < 65536) {
      h.write(m | 126);
      h.write((int) (length >> 8));
      h.write((int) length);
    } else {
      h.write(m | 127);
      for (int i = 7; i >= 0; i--) {
        h.write((int) (length >> (8 * i)));
      }
    }
    return h.toByteArray();
  }

  void raw(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  Frame readFrame() throws IOException {
    int b0 = in.read();
    int b1 = in.read();
    if (b0 < 0 || b1 < 0) {
      throw new java.io.EOFException();
    }
    long len = b1 & 0x7f;
    if (len == 126) {
      len = (in.read() << 8) | in.read();
    } else if (len == 127) {
      len = 0;
      for (int i = 0; i < 8; i++) {
        len = (len << 8) | in.read();
      }
    }
    byte[] payload = in.readNBytes((int) len);
    return new Frame(b0 & 0x0f, payload);
  }

  /** The next text frame, skipping pongs and heartbeats. */
  Frame nextData() throws IOException {
    while (true) {
      Frame f = readFrame();
      if (f.opcode() == 1 && !f.text().contains("\"heartbeat\"") || f.opcode() == 8) {
        return f;
      }
    }
  }

  /** Reads until the server's close frame (its code) or the end of the stream (1006, no close frame). */
  int awaitClose() {
    try {
      while (true) {
        Frame f = readFrame();
        if (f.opcode() == 8) {
          return f.closeCode();
        }
      }
    } catch (IOException e) {
      return 1006;
    }
  }

  /** Whether the server closed the socket: reads (and drops) until the end of the stream or the timeout. */
  boolean closedByServer() {
    try {
      byte[] b = new byte[4096];
      while (in.read(b) >= 0) {
        // drain
      }
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}

package dev.waymark.bridge;

/** WebSocket close codes the studio uses (docs/protocol.md). */
public final class CloseCodes {
  /** The studio is shutting down. */
  public static final int GOING_AWAY = 1001;
  /** A frame or message over the size limit (RFC 6455). */
  public static final int TOO_BIG = 1009;
  /** Not a message of the protocol, or a type outside the closed set. */
  public static final int BAD_MESSAGE = 4400;
  /** Pairing failed or a request came before pairing. */
  public static final int UNAUTHORIZED = 4401;
  /** Did not pair within the pairing timeout. */
  public static final int PAIR_TIMEOUT = 4408;
  /** A newer paired connection with the same client id took over. */
  public static final int REPLACED = 4409;
  /** Nothing heard from the client within the silence timeout. */
  public static final int SILENT = 4410;
  /** The studio dropped the connection on purpose (disconnect button, tests). */
  public static final int DISCONNECTED = 4000;

  private CloseCodes() {
  }
}

package dev.waymark.bridge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-install pairing secret shared by the studio and its extension, stored owner-only in
 * {@code <config dir>/pairing-secret}. Shown to the person as {@code XXXX-XXXX-XXXX-XXXX-XXXX}; its
 * value never appears in {@link #toString()}, a log or an error text.
 */
public final class PairingSecret {
  /** File name inside the config folder. */
  public static final String FILE_NAME = "pairing-secret";

  private static final Logger LOG = LoggerFactory.getLogger(PairingSecret.class);
  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  private static final int LENGTH = 20; // 100 bits
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String normalized;

  private PairingSecret(String normalized) {
    this.normalized = normalized;
  }

  /** Reads the secret from {@code configDir}, creating a fresh one (owner-only) when there is none or it is unreadable. */
  public static PairingSecret loadOrCreate(Path configDir) throws IOException {
    ConfigDir.ensureOwnerOnlyDir(configDir);
    Path file = configDir.resolve(FILE_NAME);
    for (int attempt = 0; attempt < 3; attempt++) {
      if (Files.exists(file)) {
        tightenIfNeeded(file);
        String stored = normalize(Files.readString(file, StandardCharsets.US_ASCII));
        if (isWellFormed(stored)) {
          return new PairingSecret(stored);
        }
        LOG.warn("The pairing secret file {} is malformed; a new pairing code is generated", file);
        Files.delete(file);
      }
      PairingSecret fresh = generate();
      try {
        write(file, fresh.normalized);
        return fresh;
      } catch (FileAlreadyExistsException raced) {
        // another studio instance created it first: use theirs
      }
    }
    throw new IOException("Could not create the pairing secret in " + configDir);
  }

  /** Replaces the stored secret with a new one; every paired browser must be paired again. */
  public static PairingSecret regenerate(Path configDir) throws IOException {
    ConfigDir.ensureOwnerOnlyDir(configDir);
    Files.deleteIfExists(configDir.resolve(FILE_NAME));
    return loadOrCreate(configDir);
  }

  /** A secret from a code the person typed (dashes, spaces and case ignored). */
  public static PairingSecret fromCode(String code) {
    String n = normalize(code);
    if (!isWellFormed(n)) {
      throw new IllegalArgumentException("A pairing code is 20 letters and digits (A-Z, 2-7), like ABCD-EFGH-IJKL-MNOP-QRST");
    }
    return new PairingSecret(n);
  }

  /** A new random secret that is not stored anywhere. */
  public static PairingSecret generate() {
    StringBuilder sb = new StringBuilder(LENGTH);
    for (int i = 0; i < LENGTH; i++) {
      sb.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return new PairingSecret(sb.toString());
  }

  static String normalize(String code) {
    StringBuilder sb = new StringBuilder(code.length());
    for (char c : code.toCharArray()) {
      if (c == '-' || Character.isWhitespace(c)) {
        continue;
      }
      sb.append(Character.toUpperCase(c));
    }
    return sb.toString();
  }

  static boolean isWellFormed(String normalized) {
    if (normalized.length() != LENGTH) {
      return false;
    }
    for (char c : normalized.toCharArray()) {
      if (ALPHABET.indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  /** The code to show the person: five groups of four, dash-separated. */
  public String displayCode() {
    StringBuilder sb = new StringBuilder(LENGTH + 4);
    for (int i = 0; i < LENGTH; i += 4) {
      if (i > 0) {
        sb.append('-');
      }
      sb.append(normalized, i, i + 4);
    }
    return sb.toString();
  }

  /** The proof the extension must send in {@code hello}: HMAC("waymark-ext|S|N"). */
  public String extensionProof(String serverNonce, String clientNonce) {
    return hmacHex("waymark-ext|" + serverNonce + "|" + clientNonce);
  }

  /** The proof the studio sends in {@code welcome}: HMAC("waymark-studio|N|S"). */
  public String studioProof(String clientNonce, String serverNonce) {
    return hmacHex("waymark-studio|" + clientNonce + "|" + serverNonce);
  }

  /** Checks the extension's proof in constant time; a missing or malformed proof is simply wrong. */
  public boolean verifyExtensionProof(String serverNonce, String clientNonce, String proof) {
    if (proof == null) {
      return false;
    }
    byte[] expected = extensionProof(serverNonce, clientNonce).getBytes(StandardCharsets.US_ASCII);
    byte[] given = proof.getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, given);
  }

  private String hmacHex(String message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(normalized.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this Java runtime", e);
    }
  }

  /** A secret another instance wrote first wins: FileAlreadyExistsException, and theirs is read. */
  private static void write(Path file, String normalized) throws IOException {
    dev.waymark.workflow.PrivateFiles.createNew(file, normalized + "\n");
  }

  private static void tightenIfNeeded(Path file) throws IOException {
    if (dev.waymark.workflow.PrivateFiles.narrow(file)) {
      LOG.warn("The pairing secret file {} was readable by others; narrowed to owner-only", file);
    }
  }

  @Override
  public String toString() {
    return "PairingSecret[hidden]";
  }
}

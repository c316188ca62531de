package dev.waymark.agent;

import dev.waymark.bridge.ConfigDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The per-install bearer token of the studio's MCP endpoint, stored owner-only in {@code <config dir>/mcp-token}.
 * Its value is shown only where the person copies it (the studio's agent panel); {@link #toString()} hides it.
 */
public final class McpToken {
  public static final String FILE_NAME = "mcp-token";
  private static final SecureRandom RANDOM = new SecureRandom();
  private final String value;

  private McpToken(String value) {
    this.value = value;
  }

  /** Reads the token from {@code configDir}, creating one (256 random bits) when there is none or it is malformed. */
  public static McpToken loadOrCreate(Path configDir) throws IOException {
    ConfigDir.ensureOwnerOnlyDir(configDir);
    Path file = configDir.resolve(FILE_NAME);
    for (int attempt = 0; attempt < 3; attempt++) {
      if (Files.exists(file)) {
        String stored = Files.readString(file, StandardCharsets.US_ASCII).strip();
        if (stored.matches("[A-Za-z0-9_-]{43}")) {
          dev.waymark.workflow.PrivateFiles.narrow(file);
          return new McpToken(stored);
        }
        Files.delete(file);
      }
      McpToken fresh = generate();
      try {
        dev.waymark.workflow.PrivateFiles.createNew(file, fresh.value + "\n");
        return fresh;
      } catch (FileAlreadyExistsException raced) {
        // another studio wrote it first: read theirs
      }
    }
    throw new IOException("Could not create the MCP token in " + configDir);
  }

  /** Replaces the stored token; every configured agent must be given the new one. */
  public static McpToken regenerate(Path configDir) throws IOException {
    Files.deleteIfExists(configDir.resolve(FILE_NAME));
    return loadOrCreate(configDir);
  }

  public static McpToken generate() {
    byte[] b = new byte[32];
    RANDOM.nextBytes(b);
    return new McpToken(Base64.getUrlEncoder().withoutPadding().encodeToString(b));
  }

  /** The token itself, for the person to copy into an agent's configuration. */
  public String reveal() {
    return value;
  }

  /** Whether an {@code Authorization} header carries this token, compared in constant time. */
  public boolean matchesHeader(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) return false;
    byte[] given = authorization.substring(7).strip().getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(given, value.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  public String toString() {
    return "McpToken[hidden]";
  }
}

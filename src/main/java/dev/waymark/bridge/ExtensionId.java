package dev.waymark.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Chrome extension IDs: derived from the manifest {@code key}, and Waymark's own pinned ID. */
public final class ExtensionId {
  /** Waymark's extension ID, pinned by the {@code key} in resources/extension/manifest.json (a test keeps them equal). */
  public static final String WAYMARK = "ejipiphkkofpjopegglgfgdnlbdiligc";

  /** The Firefox add-on's id (browser_specific_settings.gecko.id of its manifest, resources/extension/firefox-manifest.mjs). */
  public static final String FIREFOX_ADDON = "waymark@waymark.dev";
  /**
   * The internal UUID Firefox gives the add-on in a profile Waymark launches (pinned there through the
   * {@code extensions.webextensions.uuids} preference), so its pages' Origin is known in advance as Chrome's is.
   */
  public static final String FIREFOX_UUID = "6f3c2a52-8d7e-4b1a-9c55-7a0e3d2b1f40";

  private ExtensionId() {
  }

  /** The exact Origin header a page of the Firefox add-on sends in a profile that pins {@link #FIREFOX_UUID}. */
  public static String firefoxOrigin() {
    return "moz-extension://" + FIREFOX_UUID;
  }

  /** The exact Origin header a page of the extension sends. */
  public static String origin(String extensionId) {
    return "chrome-extension://" + extensionId;
  }

  /** Chrome's rule: first 128 bits of sha256(DER public key), each hex digit 0-f written as a-p. */
  public static String fromPublicKey(String base64Der) {
    byte[] der = Base64.getMimeDecoder().decode(base64Der);
    byte[] hash;
    try {
      hash = MessageDigest.getInstance("SHA-256").digest(der);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
    StringBuilder id = new StringBuilder(32);
    for (int i = 0; i < 16; i++) {
      id.append((char) ('a' + ((hash[i] >> 4) & 0xf)));
      id.append((char) ('a' + (hash[i] & 0xf)));
    }
    return id.toString();
  }

  /** The ID of the extension whose manifest.json is {@code manifest}. */
  public static String fromManifest(InputStream manifest) throws IOException {
    JsonNode root = new ObjectMapper().readTree(manifest);
    JsonNode key = root.get("key");
    if (key == null || !key.isTextual()) {
      throw new IOException("manifest.json has no \"key\", so the extension ID would depend on its folder");
    }
    return fromPublicKey(key.asText());
  }
}

package dev.waymark.bridge;

import java.time.Instant;

/**
 * A paired extension connection as the studio sees it.
 *
 * @param clientId         the extension's stable per-install id
 * @param connection       a serial that tells two connections of the same client apart
 * @param extensionVersion the version the extension reported
 * @param browser          the browser name and version the extension reported
 * @param pairedAt         when the pairing succeeded
 */
public record ClientInfo(String clientId, long connection, String extensionVersion, String browser, Instant pairedAt) {
}

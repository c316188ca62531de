package dev.waymark.bridge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * A file an upload step puts into a page's file field, as the perform message carries it. Its
 * {@code toString} names the file only: contents never reach a log.
 *
 * @param filename the name the page sees (no folders)
 * @param mime     its media type
 * @param base64   its bytes, base64
 */
public record UploadFile(String filename, String mime, String base64) {
  /** The largest file an upload sends (the message limit is 16 MiB, base64 grows it by a third). */
  public static final long MAX_BYTES = 10L * 1024 * 1024;

  private static final Map<String, String> TYPES = Map.ofEntries(
      Map.entry("pdf", "application/pdf"), Map.entry("txt", "text/plain"), Map.entry("csv", "text/csv"),
      Map.entry("json", "application/json"), Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"),
      Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"), Map.entry("webp", "image/webp"),
      Map.entry("svg", "image/svg+xml"), Map.entry("html", "text/html"), Map.entry("xml", "application/xml"),
      Map.entry("zip", "application/zip"), Map.entry("doc", "application/msword"),
      Map.entry("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
      Map.entry("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"));

  /**
   * Reads a file from disk. Throws IOException with a message that does not name the path (the
   * path is a variable's real value).
   */
  public static UploadFile read(Path path) throws IOException {
    if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
      throw new IOException("the file does not exist or cannot be read");
    }
    long size = Files.size(path);
    if (size > MAX_BYTES) {
      throw new IOException("the file is " + size + " bytes, over the " + MAX_BYTES + "-byte upload limit");
    }
    String name = path.getFileName().toString();
    return new UploadFile(name, mimeOf(name), Base64.getEncoder().encodeToString(Files.readAllBytes(path)));
  }

  static String mimeOf(String name) {
    int dot = name.lastIndexOf('.');
    String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    return TYPES.getOrDefault(ext, "application/octet-stream");
  }

  @Override
  public String toString() {
    return "UploadFile[" + filename + ", " + mime + "]";
  }
}

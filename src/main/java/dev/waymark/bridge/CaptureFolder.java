package dev.waymark.bridge;

import dev.waymark.workflow.Tokens;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where captured files (captureUrl, captureDownload, capturePageFile) are saved: the controlling client is a
 * capture's only destination, and this folder is where the studio keeps what it received. Names come from the
 * page or the workflow, so they are reduced to one safe file name; nothing is ever overwritten, and a file
 * appears whole or not at all.
 */
public final class CaptureFolder {
  private static final Pattern UNSAFE = Pattern.compile("[\\\\/:*?\"<>|\\p{Cntrl}]");
  private static final int MAX_NAME = 150;
  private static final Map<String, String> EXTENSIONS = Map.of("text/html", ".html", "application/pdf", ".pdf",
      "text/csv", ".csv", "application/json", ".json", "text/plain", ".txt", "multipart/related", ".mhtml",
      "application/x-mimearchive", ".mhtml", "image/png", ".png", "application/zip", ".zip");

  private final Path dir;

  public CaptureFolder(Path dir) {
    this.dir = dir;
  }

  public Path dir() {
    return dir;
  }

  /** Saves one capture; {@code values} fill the {{ tokens }} of the file name as written in the step. */
  public Path save(PerformResult.CapturedFile file, String nameAsWritten, Map<String, String> values) throws IOException {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(file.base64() == null ? "" : file.base64());
    } catch (IllegalArgumentException e) {
      throw new IOException("the browser sent the file in a form that cannot be read (" + e.getMessage() + ")");
    }
    Files.createDirectories(dir);
    String name = safeName(nameAsWritten != null && !nameAsWritten.isBlank() ? Tokens.substitute(nameAsWritten, values)
        : file.filename(), file.mime());
    // What a page hands over is the person's data: no other local user reads it, from its first byte.
    Path tmp = Files.createTempFile(dir, ".capture-", ".part", dev.waymark.workflow.PrivateFiles.ownerOnly());
    try {
      Files.write(tmp, bytes);
      for (int n = 1; ; n++) {
        Path target = dir.resolve(n == 1 ? name : numbered(name, n));
        try {
          Files.createFile(target);
        } catch (FileAlreadyExistsException e) {
          continue;
        }
        try {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** One plain file name: no folders, no device names, no leading dots, bounded length, an extension when known. */
  static String safeName(String raw, String mime) {
    String name = raw == null ? "" : raw.replace('\\', '/');
    name = name.substring(name.lastIndexOf('/') + 1);
    name = UNSAFE.matcher(name).replaceAll("_").strip();
    while (name.startsWith(".")) name = name.substring(1);
    if (name.isBlank()) name = "capture";
    if (name.length() > MAX_NAME) {
      int dot = name.lastIndexOf('.');
      String ext = dot > 0 && name.length() - dot <= 10 ? name.substring(dot) : "";
      name = name.substring(0, MAX_NAME - ext.length()) + ext;
    }
    if (name.indexOf('.') < 0 && mime != null) {
      String ext = EXTENSIONS.get(mime.split(";")[0].trim().toLowerCase(java.util.Locale.ROOT));
      if (ext != null) name += ext;
    }
    return name;
  }

  private static String numbered(String name, int n) {
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) + " (" + n + ")" + name.substring(dot) : name + " (" + n + ")";
  }
}

package dev.waymark.session;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writes a whole file so that a reader sees either the old content or the new one, never half of each. */
public final class AtomicFiles {
  private AtomicFiles() {}

  public static void write(Path target, String content) throws IOException {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    if (dir != null) Files.createDirectories(dir);
    // The temp file sits beside the target so the move stays on one file system and can be atomic.
    Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        ch.write(java.nio.ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)));
        ch.force(true);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}

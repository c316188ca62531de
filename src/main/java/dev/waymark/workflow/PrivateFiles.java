package dev.waymark.workflow;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The one way Waymark writes a file only its owner may read (the pairing secret, the MCP token, the variable
 * approvals, captured files, exports that hold values): owner-only from its first byte, since a file created open and
 * narrowed afterwards can be opened by another local user in between; written beside its place and moved there, so a
 * reader never sees half of it. Where the file system has no POSIX permissions (Windows), the file is narrowed to
 * its owner with what Java offers there.
 */
public final class PrivateFiles {
  /** rw-------. */
  public static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");

  private PrivateFiles() {}

  /** Whether this file system has POSIX permissions. */
  public static boolean posix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }

  /** The attribute that creates a file owner-only (none where there are no POSIX permissions). */
  public static FileAttribute<?>[] ownerOnly() {
    return posix() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_FILE)} : new FileAttribute<?>[0];
  }

  /**
   * Writes {@code content} as the new file {@code file}; {@link java.nio.file.FileAlreadyExistsException} when one is
   * there already (another writer came first: its file wins and is not touched).
   */
  public static void createNew(Path file, String content) throws IOException {
    Path tmp = written(file, content, true);
    try {
      Files.move(tmp, file); // no REPLACE_EXISTING: never over someone else's file
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Replaces {@code file} (or creates it) with {@code content}, atomically where the file system can. */
  public static void replace(Path file, String content) throws IOException {
    writeWhole(file, content, true);
  }

  /**
   * Replaces {@code file} with {@code content} so that a reader sees the old content or the new, never half of each;
   * owner-only or with the folder's usual permissions. The one writer behind {@link #replace} and the session's
   * AtomicFiles.
   */
  public static void writeWhole(Path file, String content, boolean ownerOnly) throws IOException {
    Path abs = file.toAbsolutePath();
    Path tmp = written(abs, content, ownerOnly);
    try {
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * Narrows an existing file to its owner. True when it had to: others could read or write it (the caller says so,
   * since someone widened a private file).
   */
  public static boolean narrow(Path file) throws IOException {
    if (!posix()) {
      restrictWithoutPosix(file);
      return false;
    }
    if (Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).equals(OWNER_FILE)) return false;
    Files.setPosixFilePermissions(file, OWNER_FILE);
    return true;
  }

  /** The content in a temporary file beside {@code file} (owner-only from its creation when asked), flushed to the disk. */
  private static Path written(Path file, String content, boolean ownerOnly) throws IOException {
    Path abs = file.toAbsolutePath();
    Path dir = abs.getParent();
    if (dir != null) Files.createDirectories(dir);
    // Beside the target, so the move stays on one file system and can be atomic.
    Path tmp = ownerOnly ? Files.createTempFile(dir, "." + abs.getFileName() + "-", ".tmp", ownerOnly())
        : Files.createTempFile(dir, "." + abs.getFileName() + "-", ".tmp");
    try {
      if (ownerOnly && !posix()) restrictWithoutPosix(tmp);
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        ch.write(java.nio.ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)));
        ch.force(true);
      }
      return tmp;
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
  }

  private static void restrictWithoutPosix(Path path) {
    var f = path.toFile();
    f.setReadable(false, false);
    f.setWritable(false, false);
    f.setReadable(true, true);
    f.setWritable(true, true);
  }
}

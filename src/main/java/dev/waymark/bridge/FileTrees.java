package dev.waymark.bridge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deleting a browser profile folder, which Chromium's helper processes may still be writing into for a moment. */
public final class FileTrees {
  private static final int ATTEMPTS = 10;

  private FileTrees() {}

  /** Deletes {@code dir} and everything in it, retrying while files come and go; answers whether it is gone. */
  public static boolean deleteTree(Path dir) {
    if (dir == null) return true;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (!Files.exists(dir)) return true;
      try {
        List<Path> paths;
        try (Stream<Path> s = Files.walk(dir)) {
          paths = s.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : paths) {
          try {
            Files.deleteIfExists(p);
          } catch (IOException e) {
            // a folder that got a new file meanwhile: the next attempt takes it
          }
        }
      } catch (UncheckedIOException | IOException e) {
        // a file vanished during the walk: walk again
      }
      if (!Files.exists(dir)) return true;
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return !Files.exists(dir);
  }

  static void deleteTreeOrFail(Path dir) throws IOException {
    if (!deleteTree(dir)) throw new IOException("could not delete " + dir);
  }
}

package dev.waymark.session;

import dev.waymark.workflow.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Writes a whole file so that a reader sees either the old content or the new one, never half of each. */
public final class AtomicFiles {
  private AtomicFiles() {}

  public static void write(Path target, String content) throws IOException {
    PrivateFiles.writeWhole(target, content, false);
  }
}

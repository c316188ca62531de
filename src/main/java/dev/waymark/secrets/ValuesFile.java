package dev.waymark.secrets;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The real values of a headless session: {@code name=value} lines ({@code #} comments and blank lines
 * skipped). The file must be readable by its owner only; no message about it ever quotes a value.
 */
public final class ValuesFile {
  private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  /** The largest values file read; far above any real one. */
  public static final long MAX_BYTES = 1024 * 1024;

  private ValuesFile() {}

  /** Reads the values; an unusable file is an IOException whose message says how to fix it. */
  public static Map<String, String> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) throw new IOException("the values file " + file + " does not exist or is not a file");
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
      if (perms.stream().anyMatch(OTHERS::contains)) {
        // Values are secrets: a file other local users can read has already leaked them to those users.
        throw new IOException("the values file " + file + " can be read or changed by other users; make it owner-only "
            + "(chmod 600 " + file + ") and run again");
      }
    }
    if (Files.size(file) > MAX_BYTES) {
      // Values are a few names and strings; a file this big is a wrong path, and reading it whole would cost memory.
      throw new IOException("the values file " + file + " is larger than " + MAX_BYTES / 1024
          + " KiB; it holds name=value lines, one per variable");
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      // The decoder's own message ("Input length = 1") says nothing a person can act on.
      throw new IOException("the values file " + file + " is not UTF-8 text; save it as UTF-8 and run again");
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
      if (line.isBlank() || line.stripLeading().startsWith("#")) continue;
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new IOException("line " + (i + 1) + " of the values file " + file + " is not name=value");
      }
      String name = line.substring(0, eq).strip();
      if (!dev.waymark.workflow.Tokens.isName(name)) {
        throw new IOException("line " + (i + 1) + " of the values file " + file + " names no valid variable (\"" + name
            + "\"); use letters, digits and _ . -, starting with a letter or _");
      }
      values.put(name, line.substring(eq + 1));
    }
    return values;
  }
}

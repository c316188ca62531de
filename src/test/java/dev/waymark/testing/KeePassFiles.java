package dev.waymark.testing;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.linguafranca.pwdb.kdbx.KdbxCreds;
import org.linguafranca.pwdb.kdbx.KdbxHeader;
import org.linguafranca.pwdb.kdbx.KdbxStreamFormat;
import org.linguafranca.pwdb.kdbx.jackson.JacksonDatabase;
import org.linguafranca.pwdb.kdbx.jackson.JacksonEntry;
import org.linguafranca.pwdb.kdbx.jackson.JacksonGroup;

/** Writes a KDBX 4 database (Argon2 key derivation) whose entries are titled by variable name, in a group of their own. */
public final class KeePassFiles {
  /**
   * Argon2's memory for the files most tests write: 1 MiB instead of KeePass's 64 MiB, which costs over a second on
   * each side (writing and opening) on a 2-core machine. The file is read the same way whatever its parameters.
   */
  private static final long LIGHT_MEMORY_BYTES = 1L << 20;

  private KeePassFiles() {}

  /** A database with light key derivation parameters (see {@link #LIGHT_MEMORY_BYTES}). */
  public static Path create(Path file, String master, Map<String, String> entries) throws Exception {
    return write(file, master, entries, true);
  }

  /** A database with the key derivation parameters KeePass writes by default (Argon2d, 64 MiB, 2 iterations). */
  public static Path createAsKeePassDoes(Path file, String master, Map<String, String> entries) throws Exception {
    return write(file, master, entries, false);
  }

  private static Path write(Path file, String master, Map<String, String> entries, boolean light) throws Exception {
    JacksonDatabase db = new JacksonDatabase();
    JacksonGroup group = db.getRootGroup().addGroup(db.newGroup("Sites"));
    for (var e : entries.entrySet()) {
      JacksonEntry entry = db.newEntry();
      entry.setTitle(e.getKey());
      entry.setUsername("someone");
      entry.setPassword(e.getValue());
      group.addEntry(entry);
    }
    KdbxHeader header = new KdbxHeader(4);
    if (light) header.getKdfParameters().putULong("M", LIGHT_MEMORY_BYTES);
    try (OutputStream out = Files.newOutputStream(file)) {
      db.save(new KdbxStreamFormat(header), new KdbxCreds(master.getBytes(StandardCharsets.UTF_8)), out);
    }
    return file;
  }

  /** The major format version in the file's header (4 for KDBX 4). */
  public static int majorVersion(Path file) throws Exception {
    byte[] b = Files.readAllBytes(file);
    return (b[10] & 0xff) | (b[11] & 0xff) << 8;
  }
}

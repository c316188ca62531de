package dev.waymark.secrets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.linguafranca.pwdb.Entry;
import org.linguafranca.pwdb.Group;
import org.linguafranca.pwdb.kdbx.KdbxCreds;
import org.linguafranca.pwdb.kdbx.jackson.JacksonDatabase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A KeePass database (KDBX 3.1 or 4) opened with its master password, which is used once to open it and then
 * wiped: it is never stored. A variable's value is the password of the entry whose title is the variable's name (in
 * any group but the recycle bin).
 */
public final class KeePassStore implements SecretStore {
  private static final Logger LOG = LoggerFactory.getLogger(KeePassStore.class);
  private final Path file;
  private final JacksonDatabase db;

  private KeePassStore(Path file, JacksonDatabase db) {
    this.file = file;
    this.db = db;
  }

  /** Opens the database; the password array is wiped whatever happens. */
  public static KeePassStore open(Path file, char[] masterPassword) throws SecretStoreException {
    byte[] key = null;
    try (InputStream in = Files.newInputStream(file)) {
      ByteBuffer b = StandardCharsets.UTF_8.encode(CharBuffer.wrap(masterPassword));
      key = Arrays.copyOfRange(b.array(), b.position(), b.limit());
      Arrays.fill(b.array(), (byte) 0);
      return new KeePassStore(file, JacksonDatabase.load(new KdbxCreds(key), in));
    } catch (NoSuchFileException e) {
      throw new SecretStoreException("The KeePass file " + file + " does not exist: check the path after keepass:");
    } catch (IOException | RuntimeException e) {
      // KeePassJava2 says "Inconsistent stream bytes" or an HMAC mismatch for a wrong key; the cause goes to the log.
      LOG.debug("cannot open the KeePass file {}", file, e);
      String why = e.getMessage() == null ? "" : e.getMessage().toLowerCase(java.util.Locale.ROOT);
      boolean notKdbx = why.contains("signature") || why.contains("not a kdbx") || why.contains("version");
      throw new SecretStoreException(notKdbx ? "The file " + file + " is not a KeePass (KDBX) database: "
          + "check the path after keepass:" : "The KeePass file " + file + " did not open with that master password: "
          + "type it again (it is asked once per session and never stored)", e);
    } finally {
      Arrays.fill(masterPassword, '\0');
      if (key != null) Arrays.fill(key, (byte) 0);
    }
  }

  @Override
  public String describe() {
    return "the KeePass file " + file.getFileName();
  }

  @Override
  public synchronized Optional<String> lookup(String name) {
    return find(db.getRootGroup(), name).map(Entry::getPassword);
  }

  private Optional<? extends Entry<?, ?, ?, ?>> find(Group<?, ?, ?, ?> group, String title) {
    if (db.isRecycleBinEnabled() && db.getRecycleBin() != null && group.getUuid().equals(db.getRecycleBin().getUuid())) {
      return Optional.empty();
    }
    for (Entry<?, ?, ?, ?> e : group.getEntries()) if (title.equals(e.getTitle())) return Optional.of(e);
    for (Group<?, ?, ?, ?> g : group.getGroups()) {
      Optional<? extends Entry<?, ?, ?, ?>> found = find(g, title);
      if (found.isPresent()) return found;
    }
    return Optional.empty();
  }
}

package dev.waymark.secrets;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --values-from}: {@code keyring} (the OS keyring), {@code keepass:FILE} (a KeePass database, its master
 * password asked once through {@link MasterPassword}) or {@code FILE} (a values file of {@code name=value} lines).
 */
public final class ValuesFrom {
  /** How the master password of a KeePass file is asked for (a terminal without echo, a dialog). */
  @FunctionalInterface
  public interface MasterPassword {
    /** The password the person typed; the caller wipes the array. */
    char[] ask(Path file) throws SecretStoreException;
  }

  public static final String FORMS = "keyring, keepass:FILE or the path of a values file";

  private ValuesFrom() {}

  /** Opens the store the text names; a text that names none is an error saying what the forms are. */
  public static SecretStore open(String spec, MasterPassword master) throws SecretStoreException {
    String s = spec == null ? "" : spec.strip();
    if (s.isEmpty()) throw new SecretStoreException("--values-from needs a store: " + FORMS);
    if (s.equalsIgnoreCase("keyring")) return new KeyringStore();
    if (s.regionMatches(true, 0, "keepass:", 0, 8)) {
      Path file = Path.of(s.substring(8));
      if (s.length() == 8) throw new SecretStoreException("--values-from keepass: needs the database's path, as keepass:FILE.kdbx");
      if (!Files.isRegularFile(file)) {
        throw new SecretStoreException("--values-from " + s + ": the KeePass file " + file + " does not exist");
      }
      return KeePassStore.open(file, master.ask(file));
    }
    if (s.equalsIgnoreCase("keepass")) throw new SecretStoreException("--values-from keepass needs the file: keepass:FILE.kdbx");
    Path file = Path.of(s);
    if (!Files.exists(file)) {
      int colon = s.indexOf(':');
      boolean looksLikeAForm = colon > 1 && s.substring(0, colon).chars().allMatch(Character::isLetter);
      throw new SecretStoreException("--values-from " + s + (looksLikeAForm ? ": \"" + s.substring(0, colon)
          + "\" is not a store Waymark knows" : ": no such file") + "; use " + FORMS);
    }
    return ValuesFileStore.open(file);
  }
}

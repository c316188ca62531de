package dev.waymark.secrets;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where the person keeps real values: the OS keyring, a KeePass file or a values file. A value is looked up by its
 * variable's name, handed to the one run that types it, and never kept, logged or shown by a store.
 */
public interface SecretStore {
  /** What the person calls this store, for messages ("the OS keyring", "the KeePass file vault.kdbx"). */
  String describe();

  /** The value stored under a variable's name; empty when the store has none. */
  Optional<String> lookup(String name) throws SecretStoreException;

  /** Whether {@link #store} can keep a value here (the keyring can; files are the person's to edit). */
  default boolean canStore() {
    return false;
  }

  /** Keeps a value under a variable's name, replacing one stored before. */
  default void store(String name, String value) throws SecretStoreException {
    throw new SecretStoreException(describe() + " is read-only here: change the value in it with its own program");
  }

  /** The values of those names that the store holds, in the order asked; names it lacks are left out. */
  default Map<String, String> lookupAll(Collection<String> names) throws SecretStoreException {
    Map<String, String> out = new LinkedHashMap<>();
    for (String n : names) lookup(n).ifPresent(v -> out.put(n, v));
    return out;
  }
}

package dev.waymark.secrets;

import com.github.javakeyring.BackendNotSupportedException;
import com.github.javakeyring.Keyring;
import com.github.javakeyring.PasswordAccessException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OS keyring through java-keyring: the Secret Service over D-Bus on Linux (GNOME Keyring, KeePassXC), the macOS
 * Keychain, the Windows Credential Manager. Each value is an entry of service {@value #SERVICE} whose account is the
 * variable's name. The keyring is reached on first use, on the caller's thread (never the FX thread).
 */
public final class KeyringStore implements SecretStore, AutoCloseable {
  /** The service every Waymark entry is filed under. */
  public static final String SERVICE = "waymark";
  private static final Logger LOG = LoggerFactory.getLogger(KeyringStore.class);
  private static final String WHAT_TO_DO = "on Linux, start a Secret Service (GNOME Keyring or KeePassXC's) in your "
      + "desktop session and unlock it; or keep the values in a KeePass file (--values-from keepass:FILE) or a values file";

  private Keyring keyring;

  @Override
  public String describe() {
    return "the OS keyring";
  }

  private synchronized Keyring keyring() throws SecretStoreException {
    if (keyring == null) {
      try {
        keyring = Keyring.create();
      } catch (BackendNotSupportedException | RuntimeException e) {
        LOG.debug("no OS keyring", e);
        throw new SecretStoreException("No OS keyring answered (" + e.getClass().getSimpleName() + "): " + WHAT_TO_DO, e);
      }
    }
    return keyring;
  }

  @Override
  public Optional<String> lookup(String name) throws SecretStoreException {
    Keyring k = keyring();
    synchronized (this) {
      try {
        return Optional.ofNullable(k.getPassword(SERVICE, name));
      } catch (PasswordAccessException e) {
        // Every backend says "no such entry" this way, each in its own words.
        LOG.debug("the OS keyring has no entry for {}/{}", SERVICE, name);
        return Optional.empty();
      } catch (RuntimeException e) {
        LOG.debug("the OS keyring failed to look up {}", name, e);
        throw new SecretStoreException("The OS keyring did not answer for {{ " + name + " }} (is it locked?): " + WHAT_TO_DO, e);
      }
    }
  }

  @Override
  public boolean canStore() {
    return true;
  }

  @Override
  public void store(String name, String value) throws SecretStoreException {
    Keyring k = keyring();
    synchronized (this) {
      try {
        k.setPassword(SERVICE, name, value);
      } catch (PasswordAccessException | RuntimeException e) {
        LOG.debug("the OS keyring failed to store {}", name, e);
        throw new SecretStoreException("The OS keyring did not keep {{ " + name + " }} (is it locked?): " + WHAT_TO_DO, e);
      }
    }
  }

  /** Deletes the entry of a variable; no entry is no error. */
  public void forget(String name) throws SecretStoreException {
    Keyring k = keyring();
    synchronized (this) {
      try {
        k.deletePassword(SERVICE, name);
      } catch (PasswordAccessException e) {
        LOG.debug("the OS keyring had no entry for {} to delete", name);
      } catch (RuntimeException e) {
        throw new SecretStoreException("The OS keyring did not delete {{ " + name + " }}: " + WHAT_TO_DO, e);
      }
    }
  }

  /** Closes the keyring's connection (a later use opens a new one). */
  @Override
  public synchronized void close() {
    if (keyring == null) return;
    try {
      keyring.close();
    } catch (Exception e) {
      LOG.debug("closing the OS keyring", e);
    }
    keyring = null;
  }
}

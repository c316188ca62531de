package dev.waymark.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.SecretServiceDaemon;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The OS keyring against a real GNOME Keyring on a dbus-daemon of the test's own. */
@org.junit.jupiter.api.parallel.ResourceLock(SecretServiceDaemon.LOCK)
class KeyringStoreTest {
  @Test
  void aValueStoredInTheKeyringComesBackAndOtherProgramsSeeItUnderWaymark() throws Exception {
    try (SecretServiceDaemon daemon = SecretServiceDaemon.start()) {
      try (KeyringStore store = new KeyringStore(); KeyringStore other = new KeyringStore()) {
      assertThat(store.lookup("password")).isEmpty();
      store.store("password", "kr-s3cret é");
      assertThat(store.lookup("password")).contains("kr-s3cret é");
      store.store("password", "kr-changed");
      assertThat(other.lookup("password")).contains("kr-changed");
      // secret-tool (libsecret) reads the same entry: it is a real Secret Service item.
      ProcessBuilder pb = new ProcessBuilder("secret-tool", "lookup", "service", KeyringStore.SERVICE, "account", "password");
      daemon.environment(pb);
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
      assertThat(out.strip()).isEqualTo("kr-changed");
      store.forget("password");
      assertThat(store.lookup("password")).isEmpty();
      }
    }
  }

  @Test
  void noKeyringOnTheBusSaysWhatToDo() throws Exception {
    String before = System.getProperty("DBUS_SESSION_BUS_ADDRESS");
    System.setProperty("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/waymark-no-bus");
    try {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KeyringStore().lookup("password"))
          .isInstanceOf(SecretStoreException.class).hasMessageContaining("Secret Service").hasMessageContaining("keepass:FILE");
    } finally {
      if (before == null) System.clearProperty("DBUS_SESSION_BUS_ADDRESS");
      else System.setProperty("DBUS_SESSION_BUS_ADDRESS", before);
    }
  }
}

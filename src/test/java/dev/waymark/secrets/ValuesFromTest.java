package dev.waymark.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.testing.KeePassFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValuesFromTest {
  @TempDir
  Path dir;

  private static final ValuesFrom.MasterPassword NEVER = f -> {
    throw new AssertionError("no master password should be asked");
  };

  @Test
  void keyringIsTheOsKeyring() throws Exception {
    assertThat(ValuesFrom.open("keyring", NEVER)).isInstanceOf(KeyringStore.class);
    assertThat(ValuesFrom.open(" KEYRING ", NEVER).describe()).isEqualTo("the OS keyring");
  }

  @Test
  void aPathIsAValuesFile() throws Exception {
    Path f = Files.writeString(dir.resolve("values.txt"), "password=hunter2\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    SecretStore s = ValuesFrom.open(f.toString(), NEVER);
    assertThat(s.lookup("password")).contains("hunter2");
    assertThat(s.describe()).contains(f.toString());
  }

  @Test
  void keepassAsksTheMasterPasswordOnceAndOpensTheFile() throws Exception {
    Path f = KeePassFiles.create(dir.resolve("v.kdbx"), "m", Map.of("password", "kp"));
    AtomicInteger asked = new AtomicInteger();
    SecretStore s = ValuesFrom.open("keepass:" + f, file -> {
      asked.incrementAndGet();
      assertThat(file).isEqualTo(f);
      return "m".toCharArray();
    });
    assertThat(s.lookup("password")).contains("kp");
    assertThat(s.lookup("password")).contains("kp");
    assertThat(asked).hasValue(1);
  }

  @Test
  void everyUnusableFormSaysWhatTheFormsAre() {
    assertThatThrownBy(() -> ValuesFrom.open("vault:prod", NEVER)).hasMessageContaining("\"vault\" is not a store")
        .hasMessageContaining(ValuesFrom.FORMS);
    assertThatThrownBy(() -> ValuesFrom.open(dir.resolve("none.txt").toString(), NEVER)).hasMessageContaining("no such file")
        .hasMessageContaining(ValuesFrom.FORMS);
    assertThatThrownBy(() -> ValuesFrom.open("keepass", NEVER)).hasMessageContaining("keepass:FILE");
    assertThatThrownBy(() -> ValuesFrom.open("keepass:", NEVER)).hasMessageContaining("keepass:FILE");
    assertThatThrownBy(() -> ValuesFrom.open("keepass:" + dir.resolve("no.kdbx"), NEVER)).hasMessageContaining("does not exist");
    assertThatThrownBy(() -> ValuesFrom.open("", NEVER)).hasMessageContaining(ValuesFrom.FORMS);
  }

  @Test
  void aValuesFileOthersCanReadIsRefused() throws Exception {
    Path f = Files.writeString(dir.resolve("values.txt"), "password=hunter2\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
    assertThatThrownBy(() -> ValuesFrom.open(f.toString(), NEVER)).isInstanceOf(SecretStoreException.class)
        .hasMessageContaining("chmod 600").hasMessageNotContaining("hunter2");
  }
}

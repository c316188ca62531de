package dev.waymark.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.testing.KeePassFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeePassStoreTest {
  @TempDir
  Path dir;

  @Test
  void aVariableIsTheEntryTitledByItsNameInAKdbx4File() throws Exception {
    Path f = KeePassFiles.createAsKeePassDoes(dir.resolve("vault.kdbx"), "correct horse", Map.of("password", "s3cret-kp", "pin", "4711"));
    assertThat(KeePassFiles.majorVersion(f)).isEqualTo(4);
    char[] master = "correct horse".toCharArray();
    KeePassStore store = KeePassStore.open(f, master);
    assertThat(master).containsOnly('\0');
    assertThat(store.lookup("password")).contains("s3cret-kp");
    assertThat(store.lookupAll(java.util.List.of("pin", "email"))).containsExactly(Map.entry("pin", "4711"));
    assertThat(store.lookup("email")).isEmpty();
    assertThat(store.canStore()).isFalse();
    assertThat(store.describe()).isEqualTo("the KeePass file vault.kdbx");
  }

  @Test
  void aWrongMasterPasswordSaysToTypeItAgainAndQuotesNothing() throws Exception {
    Path f = KeePassFiles.create(dir.resolve("vault.kdbx"), "correct horse", Map.of("password", "s3cret-kp"));
    char[] wrong = "battery staple".toCharArray();
    assertThatThrownBy(() -> KeePassStore.open(f, wrong)).isInstanceOf(SecretStoreException.class)
        .hasMessageContaining("did not open with that master password").hasMessageNotContaining("battery")
        .hasMessageNotContaining("s3cret");
    assertThat(wrong).containsOnly('\0');
  }

  @Test
  void aFileThatIsNoKeePassDatabaseSaysSo() throws Exception {
    Path f = Files.writeString(dir.resolve("notes.kdbx"), "just some text, not a database\n");
    assertThatThrownBy(() -> KeePassStore.open(f, "x".toCharArray())).isInstanceOf(SecretStoreException.class)
        .hasMessageContaining(f.toString());
  }
}

package dev.waymark.bridge;

import org.junit.jupiter.api.parallel.Isolated;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// Sets the config folder's system property for a moment: nothing else runs meanwhile.
@Isolated
class PairingSecretTest {
  @TempDir
  Path dir;

  @Test
  void isCreatedOwnerOnlyAndReadBackUnchanged() throws Exception {
    Path config = dir.resolve("waymark");
    PairingSecret first = PairingSecret.loadOrCreate(config);
    Path file = config.resolve(PairingSecret.FILE_NAME);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rwx------");
    assertThat(PairingSecret.loadOrCreate(config).displayCode()).isEqualTo(first.displayCode());
    assertThat(first.displayCode()).matches("[A-Z2-7]{4}(-[A-Z2-7]{4}){4}");
  }

  @Test
  void aFileOthersCouldReadIsNarrowed() throws Exception {
    PairingSecret.loadOrCreate(dir);
    Path file = dir.resolve(PairingSecret.FILE_NAME);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    PairingSecret.loadOrCreate(dir);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
  }

  @Test
  void regenerateMakesANewCode() throws Exception {
    String old = PairingSecret.loadOrCreate(dir).displayCode();
    assertThat(PairingSecret.regenerate(dir).displayCode()).isNotEqualTo(old);
  }

  @Test
  void typedCodesIgnoreDashesSpacesAndCase() {
    PairingSecret typed = PairingSecret.fromCode(" abcd-efgh ijkl-mnop-qrst ");
    assertThat(typed.displayCode()).isEqualTo("ABCD-EFGH-IJKL-MNOP-QRST");
    assertThatThrownBy(() -> PairingSecret.fromCode("ABCD-EFGH")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PairingSecret.fromCode("ABCD-EFGH-IJKL-MNOP-QRS1")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void proofsAreHmacSha256OfTheNormalizedCode() {
    // printf 'waymark-ext|S|N' | openssl dgst -sha256 -hmac ABCDEFGHIJKLMNOPQRST
    PairingSecret s = PairingSecret.fromCode("ABCD-EFGH-IJKL-MNOP-QRST");
    assertThat(s.extensionProof("S", "N")).isEqualTo("8789eac7c0654220d81ec18463815a47b3557f6579b17d6827baae451fda8a37");
    assertThat(s.verifyExtensionProof("S", "N", "8789eac7c0654220d81ec18463815a47b3557f6579b17d6827baae451fda8a37")).isTrue();
    assertThat(s.verifyExtensionProof("S", "N", "8789eac7c0654220d81ec18463815a47b3557f6579b17d6827baae451fda8a38")).isFalse();
    assertThat(s.verifyExtensionProof("S", "N", null)).isFalse();
    assertThat(s.studioProof("N", "S")).isNotEqualTo(s.extensionProof("S", "N"));
  }

  @Test
  void neverShowsItselfInToString() {
    PairingSecret s = PairingSecret.fromCode("ABCD-EFGH-IJKL-MNOP-QRST");
    assertThat(s.toString()).doesNotContain("ABCD").doesNotContain("QRST");
  }

  @Test
  void configDirHonoursTheSystemProperty() {
    String old = System.getProperty(ConfigDir.PROPERTY);
    try {
      System.setProperty(ConfigDir.PROPERTY, dir.toString());
      assertThat(ConfigDir.resolve()).isEqualTo(dir.toAbsolutePath());
    } finally {
      if (old == null) {
        System.clearProperty(ConfigDir.PROPERTY);
      } else {
        System.setProperty(ConfigDir.PROPERTY, old);
      }
    }
  }
}

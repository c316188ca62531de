package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ExtensionIdTest {
  @Test
  void pinnedIdMatchesTheManifestKey() throws Exception {
    try (InputStream in = Files.newInputStream(Path.of("resources/extension/manifest.json"))) {
      assertThat(ExtensionId.fromManifest(in)).isEqualTo(ExtensionId.WAYMARK);
    }
  }

  @Test
  void idUsesTheLettersAToPForHexDigits() {
    assertThat(ExtensionId.WAYMARK).matches("[a-p]{32}");
  }
}

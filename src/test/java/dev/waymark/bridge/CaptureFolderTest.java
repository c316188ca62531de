package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureFolderTest {
  @TempDir Path dir;

  private static PerformResult.CapturedFile file(String name, String mime, String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return new PerformResult.CapturedFile(name, mime, b.length, Base64.getEncoder().encodeToString(b));
  }

  @Test
  void aNameFromThePageNeverLeavesTheFolder() throws Exception {
    CaptureFolder f = new CaptureFolder(dir);
    Path saved = f.save(file("../../etc/passwd", "text/plain", "x"), null, Map.of());
    Path hidden = f.save(file("..\\..\\.bashrc", "text/plain", "y"), null, Map.of());

    assertThat(saved.getParent()).isEqualTo(dir);
    assertThat(saved.getFileName().toString()).isEqualTo("passwd.txt");
    assertThat(hidden.getParent()).isEqualTo(dir);
    assertThat(hidden.getFileName().toString()).isEqualTo("bashrc.txt");
  }

  @Test
  void theStepsFileNameWinsWithItsTokensFilled() throws Exception {
    Path saved = new CaptureFolder(dir).save(file("download.csv", "text/csv", "a,b"), "orders-{{ month }}.csv",
        Map.of("month", "2026-11"));
    assertThat(saved.getFileName().toString()).isEqualTo("orders-2026-11.csv");
    assertThat(Files.readString(saved)).isEqualTo("a,b");
  }

  @Test
  void nothingIsOverwritten() throws Exception {
    CaptureFolder f = new CaptureFolder(dir);
    Path first = f.save(file("r.pdf", "application/pdf", "one"), null, Map.of());
    Path second = f.save(file("r.pdf", "application/pdf", "two"), null, Map.of());

    assertThat(second.getFileName().toString()).isEqualTo("r (2).pdf");
    assertThat(Files.readString(first)).isEqualTo("one");
    assertThat(Files.readString(second)).isEqualTo("two");
    try (var s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("r.pdf", "r (2).pdf");
    }
  }

  @Test
  void capturesAreReadableByTheOwnerOnly() throws Exception {
    Path saved = new CaptureFolder(dir).save(file("page.html", "text/html", "<p>"), null, Map.of());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(saved))).isEqualTo("rw-------");
  }

  @Test
  void anUnreadableFileIsAnErrorAndLeavesNothingBehind() throws Exception {
    PerformResult.CapturedFile bad = new PerformResult.CapturedFile("x.bin", null, 3, "@@not base64@@");
    assertThatThrownBy(() -> new CaptureFolder(dir).save(bad, null, Map.of())).hasMessageContaining("cannot be read");
    try (var s = Files.list(dir)) {
      assertThat(s).isEmpty();
    }
  }
}

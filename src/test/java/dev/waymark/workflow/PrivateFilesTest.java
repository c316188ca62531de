package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one owner-only file writer: private from the first byte, whole or not at all, and never over another's file. */
class PrivateFilesTest {
  @TempDir Path dir;

  @Test
  void aNewFileIsOwnerOnlyAndASecondWriterDoesNotReplaceIt() throws Exception {
    Path file = dir.resolve("secret");
    PrivateFiles.createNew(file, "first\n");

    assertThatThrownBy(() -> PrivateFiles.createNew(file, "second\n")).isInstanceOf(FileAlreadyExistsException.class);

    assertThat(Files.readString(file)).isEqualTo("first\n");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aReplacedFileIsWholeAndOwnerOnlyEvenWhereTheOldOneWasOpen() throws Exception {
    Path file = dir.resolve("nested/approvals.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "old");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    PrivateFiles.replace(file, "{\"new\": true}\n");

    assertThat(Files.readString(file)).isEqualTo("{\"new\": true}\n");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void narrowingSaysWhetherOthersCouldReadTheFile() throws Exception {
    Path file = dir.resolve("token");
    Files.writeString(file, "x");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));

    assertThat(PrivateFiles.narrow(file)).isTrue();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    assertThat(PrivateFiles.narrow(file)).isFalse();
  }

  private Stream<Path> leftovers() throws Exception {
    return Files.walk(dir).filter(p -> p.getFileName().toString().endsWith(".tmp"));
  }
}

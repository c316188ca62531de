package dev.waymark.cli;

import dev.waymark.secrets.ValuesFile;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.waymark.testing.Fuzzing;
import dev.waymark.workflow.Tokens;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the values file reader with any file content after one real secret line: the file is valid names mapped
 * to one-line values, or an IOException whose message never quotes a value (the secret of the first line), within
 * the budget of one input.
 */
class ValuesFileFuzzTest {
  private static final Fuzzing.Target TARGET = Fuzzing.target(ValuesFileFuzzTest.class, "aValuesFileIsNamesAndValuesOrAnErrorThatQuotesNoValue");
  private static final String SECRET = "canary-S3cr3t-fuzz";
  private static final byte[] FIRST_LINE = ("canary=" + SECRET + "\n").getBytes(StandardCharsets.UTF_8);
  private static Path file;

  @FuzzTest(maxDuration = "60s")
  void aValuesFileIsNamesAndValuesOrAnErrorThatQuotesNoValue(byte[] data) throws Exception {
    Path values = file();
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    content.write(FIRST_LINE);
    content.write(data);
    Files.write(values, content.toByteArray());
    TARGET.run(() -> {
      try {
        Map<String, String> read = ValuesFile.read(values);
        assertThat(read).containsKey("canary");
        assertThat(read).allSatisfy((name, value) -> {
          assertThat(Tokens.isName(name)).isTrue();
          assertThat(value).doesNotContain("\n", "\r");
        });
      } catch (IOException e) {
        assertThat(e.getMessage()).isNotBlank();
        // a name the fuzzer wrote may be quoted back (it is no value): only the first line's value is a secret here
        if (!new String(data, StandardCharsets.ISO_8859_1).contains(SECRET)) {
          assertThat(e.getMessage()).doesNotContain(SECRET);
        }
      }
    });
  }

  /** One owner-only file, rewritten for each input (Files.write keeps its permissions). */
  private static synchronized Path file() throws IOException {
    if (file == null) {
      file = Files.createTempFile("waymark-values-fuzz", ".env", PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rw-------")));
      file.toFile().deleteOnExit();
    }
    return file;
  }

  @AfterAll
  static void figures() {
    TARGET.report();
  }
}

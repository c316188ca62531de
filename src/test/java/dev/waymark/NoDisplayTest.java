package dev.waymark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The studio started where there is no display says so in one line, with what to do, and exits non-zero. */
class NoDisplayTest {
  private record Started(int code, String out, String err) {}

  private static Started start(Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "dev.waymark.Main");
    pb.environment().remove("DISPLAY");
    pb.environment().remove("WAYLAND_DISPLAY");
    pb.environment().putAll(env);
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Started(p.exitValue(), out, err);
  }

  @Test
  void withoutADisplayTheStudioPrintsOneLineThatSaysWhatToDo() throws Exception {
    Started s = start(Map.of());

    assertThat(s.code()).isEqualTo(Main.EXIT_NO_DISPLAY);
    assertThat(s.out()).isEmpty();
    assertThat(s.err().lines().toList()).as(s.err()).hasSize(1);
    assertThat(s.err()).contains("no display", "xvfb-run", "observe, author, run, mcp")
        .doesNotContain("Exception", "Unsupported JavaFX configuration");
  }

  @Test
  void aDisplayThatCannotBeOpenedIsSaidInOneLineToo() throws Exception {
    Started s = start(Map.of("DISPLAY", ":7391"));

    assertThat(s.code()).as(s.err()).isEqualTo(Main.EXIT_NO_DISPLAY);
    List<String> lines = s.err().lines().filter(l -> !l.isBlank()).toList();
    assertThat(lines).as(s.err()).hasSize(1);
    assertThat(s.err()).contains(":7391", "cannot be opened", "xvfb-run").doesNotContain("Exception");
  }

  @Test
  void macOsAndWindowsAlwaysHaveADisplay() {
    assertThat(Main.noDisplay(Map.of(), "Mac OS X")).isNull();
    assertThat(Main.noDisplay(Map.of(), "Windows 11")).isNull();
    assertThat(Main.noDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"), "Linux")).isNull();
    assertThat(Main.noDisplay(Map.of("DISPLAY", " "), "Linux")).contains("no display");
  }
}

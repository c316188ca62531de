package dev.waymark.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.Browsers;
import dev.waymark.testing.RealBrowser;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb that {@code mvn verify} builds, installed into a clean folder with {@code dpkg -x} and started as a person
 * would: its launcher, its trimmed runtime with JavaFX on the module path, and the extension inside drive a real
 * headless Chromium; the studio opens a window under Xvfb without a warning or a stack trace.
 */
@RealBrowser
class InstalledDebIT {
  @TempDir
  static Path root;
  static Path launcher;
  static Path config;

  private record Ran(int code, String out, String err) {}

  @BeforeAll
  static void install() throws Exception {
    Path deb;
    try (Stream<Path> files = Files.list(Path.of("target/dist"))) {
      deb = files.filter(f -> f.getFileName().toString().endsWith(".deb")).findFirst()
          .orElseThrow(() -> new AssertionError("no .deb in target/dist: packaging/linux/deb.sh builds it"));
    }
    Ran x = run(List.of("dpkg", "-x", deb.toAbsolutePath().toString(), root.resolve("installed").toString()), Map.of(), 120);
    assertThat(x.code()).as(x.err()).isZero();
    launcher = root.resolve("installed/opt/waymark/bin/waymark");
    config = Files.createDirectories(root.resolve("config"));
    assertThat(Files.isExecutable(launcher)).as(launcher.toString()).isTrue();
  }

  private static Ran run(List<String> cmd, Map<String, String> env, int seconds) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("XDG_CONFIG_HOME", config == null ? root.toString() : config.toString());
    pb.environment().putAll(env);
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Path out = Files.createTempFile(root, "out", ".txt");
    Path err = Files.createTempFile(root, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
      p.waitFor(10, TimeUnit.SECONDS);
      return new Ran(-1, Files.readString(out), Files.readString(err));
    }
    return new Ran(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void theInstalledLauncherRunsCommandsOnItsOwnRuntime() throws Exception {
    Ran version = run(List.of(launcher.toString(), "--version"), Map.of(), 60);
    assertThat(version.out()).as(version.err()).startsWith("Waymark ");
    Path example;
    try (Stream<Path> files = Files.list(Path.of("resources/examples"))) {
      example = files.filter(f -> f.toString().endsWith(".yaml")).findFirst().orElseThrow();
    }
    Ran validate = run(List.of(launcher.toString(), "validate", example.toAbsolutePath().toString()), Map.of(), 60);
    assertThat(validate.code()).as(validate.out() + validate.err()).isZero();
    assertThat(validate.out()).contains("valid workflow");
    assertThat(Files.readString(root.resolve("installed/opt/waymark/lib/waymark-waymark.desktop")))
        .contains("Exec=/opt/waymark/bin/waymark %f", "application/x-waymark-workflow+yaml");
  }

  @Test
  void theInstalledAppObservesAPageThroughTheExtensionItCarries() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Process demo = new ProcessBuilder(launcher.toString(), "demo", "--port", String.valueOf(port))
        .redirectErrorStream(true).redirectOutput(root.resolve("demo.log").toFile()).start();
    try {
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> listening(port));
      Ran observed = run(List.of(launcher.toString(), "observe", "http://127.0.0.1:" + port + "/", "--text",
          "--chromium", Browsers.chromium().toString()), Map.of(), 120);
      assertThat(observed.code()).as(observed.err()).isZero();
      assertThat(observed.out()).startsWith("page ").contains("e1 link");
      assertThat(observed.err()).doesNotContain("Exception");
    } finally {
      demo.destroy();
      demo.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void theInstalledStudioOpensAWindowWithoutAWarning() throws Exception {
    // Started under a virtual display; once its bridge listens and its window had a moment to show, it is stopped.
    Path log = root.resolve("studio.log");
    ProcessBuilder pb = new ProcessBuilder("xvfb-run", "-a", "-s", "-screen 0 1280x800x24", launcher.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("XDG_CONFIG_HOME", config.toString());
    Process studio = pb.start();
    try {
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60))
          .until(() -> Files.readString(log).contains("studio window shown") || !studio.isAlive());
      assertThat(studio.isAlive()).as(Files.readString(log)).isTrue();
    } finally {
      studio.descendants().forEach(ProcessHandle::destroy);
      studio.destroy();
      studio.waitFor(15, TimeUnit.SECONDS);
    }
    String all = Files.readString(log);
    assertThat(all).as(all).contains("Bridge listening on 127.0.0.1:");
    assertThat(all).doesNotContain("Exception", "Unsupported JavaFX configuration", "IllegalAccess");
    Ran headless = run(List.of(launcher.toString()), Map.of("DISPLAY", "", "WAYLAND_DISPLAY", ""), 60);
    assertThat(headless.code()).isEqualTo(5);
    assertThat(headless.err().lines().filter(l -> !l.isBlank()).toList()).hasSize(1);
    // The fat jar, as README's first command starts it, says the same one line.
    Ran jar = run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        Path.of("target/waymark.jar").toAbsolutePath().toString()), Map.of("DISPLAY", "", "WAYLAND_DISPLAY", ""), 60);
    assertThat(jar.code()).as(jar.err()).isEqualTo(5);
    assertThat(jar.err().lines().filter(l -> !l.isBlank()).toList()).as(jar.err()).hasSize(1);
    assertThat(jar.err()).contains("xvfb-run").doesNotContain("Unsupported JavaFX configuration");
  }

  private static boolean listening(int port) {
    try (java.net.Socket s = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}

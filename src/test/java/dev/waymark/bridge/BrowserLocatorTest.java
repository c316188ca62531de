package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The search order a person would follow: explicit, property, environment, PATH names, install folders. */
class BrowserLocatorTest {
  @TempDir
  Path dir;

  private Path executable(String name) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "#!/bin/sh\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  @Test
  void anExplicitPathIsTheOnlyOneLookedAt() throws IOException {
    executable("bin/chromium");
    BrowserLocator l = BrowserLocator.of(Map.of(), Map.of("PATH", dir.resolve("bin").toString()), "Linux");
    assertThat(l.find(dir.resolve("missing"))).isEmpty();
    assertThat(l.find(dir.resolve("bin/chromium"))).contains(dir.resolve("bin/chromium"));
  }

  @Test
  void thePropertyComesBeforeTheEnvironmentAndBothBeforePath() throws IOException {
    Path prop = executable("a/my-chrome");
    Path env = executable("b/other-chrome");
    executable("bin/chromium");
    String path = dir.resolve("bin").toString();
    assertThat(BrowserLocator.of(Map.of(BrowserLocator.PROPERTY, prop.toString()),
        Map.of(BrowserLocator.ENVIRONMENT, env.toString(), "PATH", path), "Linux").find(null)).contains(prop);
    assertThat(BrowserLocator.of(Map.of(), Map.of(BrowserLocator.ENVIRONMENT, env.toString(), "PATH", path), "Linux")
        .find(null)).contains(env);
  }

  @Test
  void edgeAndBraveOnPathAreFoundWhenNoChromiumIs() throws IOException {
    Path edge = executable("bin/microsoft-edge");
    assertThat(BrowserLocator.of(Map.of(), Map.of("PATH", dir.resolve("bin").toString()), "Linux").find(null))
        .hasValueSatisfying(p -> assertThat(p).isIn(edge, Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser")));
    Path brave = executable("only/brave-browser");
    BrowserLocator l = BrowserLocator.of(Map.of(), Map.of("PATH", dir.resolve("only").toString()), "Linux");
    assertThat(l.candidates()).contains(brave);
    assertThat(l.candidates().indexOf(brave)).isLessThan(l.candidates().indexOf(Path.of("/opt/google/chrome/chrome")));
  }

  @Test
  void windowsLooksForExeNamesAndProgramFiles() {
    BrowserLocator l = BrowserLocator.of(Map.of(), Map.of("PATH", "C:\\bin", "ProgramFiles", "C:\\Program Files"), "Windows 11");
    assertThat(l.candidates()).contains(Path.of("C:\\bin", "chrome.exe"),
        Path.of("C:\\Program Files", "Google", "Chrome", "Application", "chrome.exe"),
        Path.of("C:\\Program Files", "Microsoft", "Edge", "Application", "msedge.exe"));
  }

  @Test
  void macOsLooksInApplications() {
    BrowserLocator l = BrowserLocator.of(Map.of("user.home", "/Users/ada"), Map.of(), "Mac OS X");
    assertThat(l.candidates()).contains(Path.of("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"),
        Path.of("/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium"));
  }

  @Test
  void theMessageSaysHowToInstallOnEverySystem() {
    assertThat(BrowserLocator.notFoundMessage(null)).contains("apt-get install chromium", "dnf install chromium",
        "brew install", "winget install", BrowserLocator.ENVIRONMENT);
    assertThat(BrowserLocator.notFoundMessage(Path.of("/x/y"))).contains("No browser executable at /x/y");
  }
}

package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher with a stand-in executable that records its arguments. */
class ChromiumLauncherTest {
  @TempDir
  Path config;
  Path fake;
  Path argsFile;

  @BeforeEach
  void fakeChromium() throws IOException {
    if (!Files.isRegularFile(Path.of("target/classes/extension/manifest.json"))) {
      throw new IllegalStateException("The extension is not built: run mvn compile (it builds target/classes/extension)");
    }
    argsFile = config.resolve("args.txt");
    fake = config.resolve("fake-chromium");
    Files.writeString(fake, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > '" + argsFile + "'\nsleep 30\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
  }

  /** The stand-in's arguments, once it has written them all (the launcher always ends with about:blank). */
  private List<String> awaitArgs() {
    return await().atMost(java.time.Duration.ofSeconds(10))
        .until(() -> Files.exists(argsFile) ? Files.readAllLines(argsFile) : List.<String>of(),
            lines -> !lines.isEmpty() && lines.get(lines.size() - 1).equals("about:blank"));
  }

  @Test
  void aTemporaryProfileGetsAPairedOwnerOnlyExtensionCopyAndIsRemovedOnClose() throws Exception {
    PairingSecret secret = PairingSecret.generate();
    Path root;
    try (LaunchedBrowser b = ChromiumLauncher.launch(ChromiumLauncher.Options.defaults().withChromium(fake).withHeadless(true),
        config, 41234, secret)) {
      List<String> args = awaitArgs();
      Path ext = b.extensionDir();
      root = ext.getParent();
      assertThat(root.getParent()).isEqualTo(config.resolve("browsers"));
      assertThat(args).contains("--load-extension=" + ext, "--disable-extensions-except=" + ext,
          "--user-data-dir=" + b.userDataDir(), "--headless=new", "--no-first-run", "--disable-sync");
      assertThat(args.get(args.size() - 1)).isEqualTo("about:blank");
      if ("root".equals(System.getProperty("user.name"))) {
        assertThat(args).contains("--no-sandbox");
      }
      assertThat(Files.exists(ext.resolve("background.js"))).isTrue();
      Path pairing = ext.resolve("pairing.json");
      JsonNode json = new ObjectMapper().readTree(pairing.toFile());
      assertThat(json.path("code").asText()).isEqualTo(secret.displayCode());
      assertThat(json.path("port").asInt()).isEqualTo(41234);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(pairing))).isEqualTo("rw-------");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root))).isEqualTo("rwx------");
      try (var in = Files.newInputStream(ext.resolve("manifest.json"))) {
        assertThat(ExtensionId.fromManifest(in)).isEqualTo(ExtensionId.WAYMARK);
      }
    }
    assertThat(Files.exists(root)).isFalse();
  }

  @Test
  void aNamedProfileIsKeptUnderTheConfigFolder() throws Exception {
    try (LaunchedBrowser b = ChromiumLauncher.launch(ChromiumLauncher.Options.defaults().withChromium(fake).withProfile("work"),
        config, 17345, PairingSecret.generate())) {
      assertThat(awaitArgs()).doesNotContain("--headless=new");
      assertThat(b.userDataDir()).isEqualTo(config.resolve("browsers/work/user-data"));
    }
    assertThat(Files.isDirectory(config.resolve("browsers/work/user-data"))).isTrue();
  }

  @Test
  void aMissingExecutableIsAClearError() {
    assertThatThrownBy(() -> ChromiumLauncher.launch(ChromiumLauncher.Options.defaults().withChromium(config.resolve("nope")),
        config, 1, PairingSecret.generate())).hasMessageContaining("No browser executable at");
    assertThatThrownBy(() -> ChromiumLauncher.Options.defaults().withProfile("../escape"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

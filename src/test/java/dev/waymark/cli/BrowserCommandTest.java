package dev.waymark.cli;

import org.junit.jupiter.api.parallel.Isolated;
import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.Browsers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.Main;
import dev.waymark.bridge.ConfigDir;
import dev.waymark.testing.BrowserHarness;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

// Sets the config folder's system property around each test: nothing else runs meanwhile.
@Isolated
class BrowserCommandTest {
  @TempDir
  Path config;
  StringWriter out = new StringWriter();
  StringWriter err = new StringWriter();
  String oldConfig;

  @BeforeEach
  void useTempConfig() {
    oldConfig = System.getProperty(ConfigDir.PROPERTY);
    System.setProperty(ConfigDir.PROPERTY, config.toString());
  }

  @AfterEach
  void restoreConfig() {
    if (oldConfig == null) {
      System.clearProperty(ConfigDir.PROPERTY);
    } else {
      System.setProperty(ConfigDir.PROPERTY, oldConfig);
    }
  }

  private CommandLine cli() {
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli;
  }

  @Test
  void noBrowserAtTheGivenPathExitsWithAClearMessage() {
    int code = cli().execute("browser", "--chromium", config.resolve("no-such-chromium").toString(), "--port", "0");
    assertThat(code).isEqualTo(BrowserCommand.EXIT_NO_BROWSER);
    assertThat(err.toString()).contains("No browser executable at");
  }

  @Test
  void anExtensionThatNeverConnectsExitsNonZeroAfterTheTimeout() throws Exception {
    Path fake = config.resolve("fake-chromium");
    Files.writeString(fake, "#!/bin/sh\nsleep 20\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
    int code = cli().execute("browser", "--chromium", fake.toString(), "--port", "0", "--connect-timeout", "1");
    assertThat(code).isEqualTo(BrowserCommand.EXIT_NOT_CONNECTED);
    assertThat(out.toString()).startsWith("listening on 127.0.0.1:");
    assertThat(err.toString()).contains("did not connect within 1 s");
  }

  @Test
  @RealBrowser
  void launchesChromiumPairedAndStopsWhenInterrupted() throws Exception {
    AtomicInteger code = new AtomicInteger(-1);
    Thread run = new Thread(() -> code.set(cli().execute("browser", "--headless", "--port", "0",
        "--chromium", Browsers.chromium().toString())), "browser-command-test");
    run.start();
    await().atMost(java.time.Duration.ofSeconds(30)).until(() -> out.toString().contains("extension connected") || !run.isAlive());
    assertThat(out.toString()).containsPattern("listening on 127\\.0\\.0\\.1:\\d+").contains("extension connected (Chromium");
    run.interrupt();
    run.join(15_000);
    assertThat(run.isAlive()).isFalse();
    assertThat(code.get()).isZero();
    try (var dirs = Files.list(config.resolve("browsers"))) {
      assertThat(dirs.toList()).as("the temporary profile is removed").isEmpty();
    }
  }
}

package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.cli.RunCommand;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PageServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code waymark run} as a person types it: it launches its own headless Chromium, pairs it, replays, and closes it. */
class RunCommandLaunchTest {
  @TempDir
  Path dir;

  @Test
  void launchesItsOwnChromiumAndReplaysTheFlow() throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(BrowserHarness.CHROMIUM), "Chromium is not installed");
    // The command's bridge keeps its pairing secret in the config folder: a fresh one for this test.
    String configBefore = System.getProperty("waymark.config.dir");
    System.setProperty("waymark.config.dir", dir.resolve("config").toString());
    try (PageServer pages = new PageServer()) {
      Path f = dir.resolve("ledger.yaml");
      Files.writeString(f, RunCommandChromiumTest.resource("pages/replay/ledger.yaml").replace("__BASE__", pages.url("replay/")));
      Path values = ReplayRun.valuesFile(dir, Map.of("email", "ada@example.com", "password", "pw-launch-1"));

      ReplayRun run = ReplayRun.run(null, f.toString(), "--values-file", values.toString(), "--headless",
          "--chromium", BrowserHarness.CHROMIUM.toString());

      assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
      assertThat(run.err()).contains("[waymark] starting Chromium (headless)");
      assertThat(run.result().path("stored").path("balance").asText()).isEqualTo("$1,234.56");
      assertThat(run.out() + run.err() + run.log()).doesNotContain("pw-launch-1");
    } finally {
      if (configBefore == null) System.clearProperty("waymark.config.dir");
      else System.setProperty("waymark.config.dir", configBefore);
    }
  }
}

package dev.waymark.replay;

import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.Browsers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.cli.RunCommand;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PageServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code waymark run} as a person types it, in a child JVM: it launches and pairs its own headless Chromium, replays,
 * and closes it; its whole debug-level log (stderr) is read for the secret.
 */
@RealBrowser
class RunCommandLaunchTest {
  @TempDir
  Path dir;

  @Test
  void commandLineLaunchesChromiumReplaysTheFlowAndLeaksTheValueNowhere() throws Exception {
    String canary = "canary-" + UUID.randomUUID().toString().replace("-", "");
    try (PageServer pages = new PageServer()) {
      Path f = dir.resolve("ledger.yaml");
      Files.writeString(f, RunCommandChromiumTest.resource("pages/replay/ledger.yaml").replace("__BASE__", pages.url("replay/")));
      Map<String, String> v = new LinkedHashMap<>();
      v.put("email", "ada@example.com");
      v.put("password", canary);
      Path values = ReplayRun.valuesFile(dir, v);
      List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"),
          "-Dwaymark.config.dir=" + dir.resolve("config"),
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
          "dev.waymark.Main", "run", f.toString(), "--values-file", values.toString(), "--headless",
          "--chromium", Browsers.chromium().toString());
      Process p = new ProcessBuilder(cmd).directory(Path.of("").toAbsolutePath().toFile())
          .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the command ends").isTrue();
      String out = Files.readString(dir.resolve("stdout.txt"));
      String err = Files.readString(dir.resolve("stderr.txt"));

      assertThat(p.exitValue()).as(err).isEqualTo(RunCommand.EXIT_OK);
      assertThat(err).contains("DEBUG").contains("[waymark] starting Chromium (headless)").contains("[waymark] done");
      ReplayRun run = new ReplayRun(p.exitValue(), out, err, err);
      assertThat(run.stepIds()).hasSize(13);
      assertThat(run.result().path("stored").path("balance").asText()).isEqualTo("$1,234.56");
      assertThat(out).doesNotContain(canary);
      assertThat(err).doesNotContain(canary);
    }
  }
}

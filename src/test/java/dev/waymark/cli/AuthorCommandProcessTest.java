package dev.waymark.cli;

import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.Browsers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.PageServer;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real command line in a child JVM: {@code waymark author} starts its own bridge and headless Chromium, a
 * program decides, and the whole debug-level log (its stderr) is read for the secret.
 */
@RealBrowser
class AuthorCommandProcessTest {
  @TempDir
  Path dir;

  @Test
  void commandLineLaunchesChromiumAuthorsTheSignInAndLeaksTheValueNowhere() throws Exception {
    String canary = "canary-" + UUID.randomUUID().toString().replace("-", "");
    try (PageServer pages = new PageServer()) {
      Map<String, String> values = new LinkedHashMap<>();
      values.put("email", "ada@example.com");
      values.put("password", canary);
      List<Map<String, Object>> plan = List.of(
          Map.of("type", "fill", "name", "Email", "value", "{{ email }}"),
          Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
          Map.of("type", "click", "name", "Sign in"),
          Map.of("type", "extract", "name", "Order A-", "when", "Order A-4711"),
          Map.of("done", true));
      Path export = dir.resolve("out.yaml");
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"),
          "-Dwaymark.config.dir=" + dir.resolve("config"),
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
          "dev.waymark.Main", "author"));
      cmd.addAll(AuthorRun.args(dir, pages.url("author/signin.html"), "Sign in and read the order number", plan, values,
          export, "--approve", "auto", "--chromium", Browsers.chromium().toString(),
          "--var", "password=the account's password"));
      Process p = new ProcessBuilder(cmd).directory(Path.of("").toAbsolutePath().toFile())
          .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the command ends").isTrue();
      String out = Files.readString(dir.resolve("stdout.txt"));
      String err = Files.readString(dir.resolve("stderr.txt"));

      assertThat(p.exitValue()).as(err).isEqualTo(AuthorCommand.EXIT_DONE);
      assertThat(out.lines()).hasSize(6).allSatisfy(l -> assertThat(l).startsWith("{\"steps\":"));
      assertThat(WorkflowYaml.read(Files.readString(export)).steps()).extracting(Step::type)
          .containsExactly("navigate", "fill", "fill", "click", "extract");
      assertThat(err).contains("DEBUG").contains("starting Chromium (headless)").contains("done: 5 steps written");

      assertThat(out).doesNotContain(canary);
      assertThat(err).doesNotContain(canary);
      assertThat(String.join("\n", AuthorRun.prompts(dir))).doesNotContain(canary);
      assertThat(Files.readString(export)).doesNotContain(canary);
      try (Stream<Path> files = Files.walk(dir.resolve("config"))) {
        List<Path> all = files.filter(Files::isRegularFile).toList();
        assertThat(all).anySatisfy(f -> assertThat(f.toString()).endsWith(".jsonl"));
        for (Path f : all) {
          assertThat(Files.readString(f)).as(f.toString()).doesNotContain(canary);
        }
      }
    }
  }
}

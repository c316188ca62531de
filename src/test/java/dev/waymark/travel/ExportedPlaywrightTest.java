package dev.waymark.travel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.Browsers;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test {@code waymark export --format playwright} writes passes with {@code npx playwright test} (Playwright Test
 * from npm, the system Chromium through the config written beside it) on the workflow's own page, and the page saw
 * every step happen.
 */
@RealBrowser
class ExportedPlaywrightTest {
  static final String EMAIL = "ada@example.com";

  @TempDir Path dir;

  @AfterEach
  void unlink() throws Exception {
    // The link, not what it leads to: JUnit would say so on every run when it cleans the folder itself.
    Files.deleteIfExists(dir.resolve("node_modules"));
  }

  /** travel/todos.yaml with its page on {@code pages} and its log sent to {@code log}. */
  static Path todos(Path dir, PageServer pages, String log) throws Exception {
    try (InputStream in = ExportedPlaywrightTest.class.getClassLoader().getResourceAsStream("pages/travel/todos.yaml")) {
      String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("__BASE__", pages.url("")).replace("__LOG__", log);
      Path f = dir.resolve("todos.yaml");
      Files.writeString(f, yaml);
      return f;
    }
  }

  private NodeRun playwright(Map<String, String> env) throws Exception {
    // The folder is a person's project: Playwright Test is installed there (here, linked in).
    Path modules = dir.resolve("node_modules");
    if (!Files.exists(modules)) Files.createSymbolicLink(modules, NodeRun.modules());
    java.util.HashMap<String, String> all = new java.util.HashMap<>(env);
    all.put("WAYMARK_CHROMIUM", Browsers.chromium().toString());
    return NodeRun.run(dir, all, "npx", "--no", "playwright", "test");
  }

  @Test
  void theExportedTestPassesInTheSystemChromiumAndThePageSawEveryStep() throws Exception {
    String secret = "pw-" + UUID.randomUUID();
    try (PageServer pages = new PageServer(); PageLog log = PageLog.start()) {
      CommandRun export = CommandRun.of("export", todos(dir, pages, log.url("pw")).toString(), "--format", "playwright");
      assertThat(export.code()).as(export.toString()).isZero();
      assertThat(dir.resolve("todos.spec.ts")).exists();
      assertThat(dir.resolve("playwright.config.ts")).exists();
      assertThat(export.err()).contains("step 14 \"keep-page\" (capturePageFile): not translated");

      NodeRun run = playwright(Map.of("EMAIL", EMAIL, "SECRET_TODO", secret));

      assertThat(run.code()).as(run.toString()).isZero();
      assertThat(run.out()).contains("1 passed");
      List<String> seen = log.await("pw", l -> l.contains("done Buy milk"));
      // The condition held (the banner was there), the optional promo failed quietly, the stale target name fell
      // back to the CSS selector beside it.
      assertThat(seen).containsExactly("signed in " + EMAIL, "password " + secret, "cookies accepted", "priority high",
          "added Buy milk (high)", "done Buy milk");
    }
  }

  @Test
  void anUnsetVariableFailsTheTestBeforeTheFirstStepNamingIt() throws Exception {
    try (PageServer pages = new PageServer(); PageLog log = PageLog.start()) {
      assertThat(CommandRun.of("export", todos(dir, pages, log.url("unset")).toString(), "--format", "playwright").code()).isZero();

      NodeRun run = playwright(Map.of("EMAIL", EMAIL));

      assertThat(run.code()).as(run.toString()).isNotZero();
      assertThat(run.out()).contains("Set SECRET_TODO (the account password) in the environment")
          .contains("1 failed");
      assertThat(log.await("unset", l -> !l.isEmpty())).isEmpty();
    }
  }
}

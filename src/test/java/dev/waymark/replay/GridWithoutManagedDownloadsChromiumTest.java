package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.cli.RunCommand;
import dev.waymark.testing.GridHarness;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26: a Selenium Grid as it comes has managed downloads off. {@code run --grid} asks for them only when a
 * workflow allows a download: one that does not runs there at once, and one that does is refused in seconds with the
 * capability no node offers and how to turn it on, instead of waiting out the Grid's queue (300 s) to say it timed out.
 */
@RealBrowser
class GridWithoutManagedDownloadsChromiumTest {
  @RegisterExtension
  static GridHarness grid = GridHarness.withoutManagedDownloads(2);

  static PageServer pages;

  @TempDir Path dir;

  @BeforeAll
  static void serve() throws Exception {
    pages = new PageServer();
  }

  @AfterAll
  static void stop() {
    if (pages != null) pages.close();
  }

  private Path workflow(String extraSteps) throws Exception {
    Path f = dir.resolve("list.yaml");
    Files.writeString(f, """
        id: shopping-list
        name: Read the shopping list
        steps:
          - id: open
            type: navigate
            url: %s
          - id: title
            type: extract
            selector: {css: "#list-name"}
            store: title
        %s""".formatted(pages.url("author/outcomes.html"), extraSteps));
    return f;
  }

  @Test
  void aWorkflowThatAllowsNoDownloadRunsOnAGridWithoutManagedDownloads() throws Exception {
    long t0 = System.currentTimeMillis();
    ReplayRun run = ReplayRun.run(null, workflow("").toString(), "--grid", grid.url(), "--output-dir", dir.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.out()).contains("\"title\":\"Shopping list\"");
    assertThat(System.currentTimeMillis() - t0).as("not queued until the Grid gives up").isLessThan(90_000);
  }

  @Test
  void aWorkflowThatAllowsADownloadIsRefusedAtOnceNamingWhatNoNodeOffers() throws Exception {
    String download = """
          - id: export
            type: click
            selector: {css: "#export"}
            allow_download: true
        """;
    long t0 = System.currentTimeMillis();
    ReplayRun run = ReplayRun.run(null, workflow(download).toString(), "--grid", grid.url(), "--output-dir", dir.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(dev.waymark.cli.ExitCodes.NO_BROWSER);
    assertThat(run.out()).contains("\"status\":\"no_session\"").contains("se:downloadsEnabled")
        .contains("--enable-managed-downloads true");
    assertThat(System.currentTimeMillis() - t0).as("refused before the Grid's queue times out").isLessThan(30_000);
  }
}

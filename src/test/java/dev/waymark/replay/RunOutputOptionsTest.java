package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.cli.RunCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code run} refuses about --base-url, --heals and --report before a browser starts (exit 2, with the reason). */
class RunOutputOptionsTest {
  @TempDir
  Path dir;

  private Path flow(String yaml) throws Exception {
    Path f = dir.resolve("flow.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  private static final String OPENS = "id: f\nsteps:\n  - id: open\n    type: navigate\n    url: http://127.0.0.1:5000/a.html\n";

  @Test
  void aBaseUrlThatIsNoAddressExitsTwoSayingWhatToGive() throws Exception {
    ReplayRun run = ReplayRun.run(null, flow(OPENS).toString(), "--base-url", "staging.example.com");
    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("--base-url \"staging.example.com\" is not an http or https address")
        .contains("https://staging.example.com");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aBaseUrlForAWorkflowThatOpensNoAddressAsksForTheAuthoredBase() throws Exception {
    ReplayRun run = ReplayRun.run(null, flow("id: f\nsteps:\n  - id: c\n    type: click\n    selector: {css: '#c'}\n").toString(),
        "--base-url", "https://staging.example.com");
    assertThat(run.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("opens no http(s) address").contains("--authored-base");
  }

  @Test
  void anAuthoredBaseAloneIsRefused() throws Exception {
    ReplayRun run = ReplayRun.run(null, flow(OPENS).toString(), "--authored-base", "https://example.com");
    assertThat(run.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("give --base-url too");
  }

  @Test
  void healsIntoAMissingFolderOrAReportOverAFileIsRefused() throws Exception {
    ReplayRun heals = ReplayRun.run(null, flow(OPENS).toString(), "--heals", dir.resolve("nope/heals.diff").toString());
    assertThat(heals.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(heals.err()).contains("does not exist");
    Path file = Files.writeString(dir.resolve("report"), "x");
    ReplayRun report = ReplayRun.run(null, flow(OPENS).toString(), "--report", file.toString());
    assertThat(report.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(report.err()).contains("is a file; give a folder");
  }
}

package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.cli.RunCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code run} at scale refuses before any session opens: the Grid address, the rows, missing values. */
class RunAtScaleOptionsTest {
  @TempDir
  Path dir;

  private static final String FORM = """
      id: form
      variables:
        name: who the form is for
        pin: the account pin
      steps:
        - id: open
          type: navigate
          url: https://example.com/form
        - id: type-name
          type: fill
          selector: {css: "#name"}
          value: "{{ name }}"
        - id: type-pin
          type: fill
          selector: {css: "#pin"}
          value: "{{ pin }}"
      """;

  private Path form() throws Exception {
    Path f = dir.resolve("form.yaml");
    Files.writeString(f, FORM);
    return f;
  }

  private Path rows(String csv) throws Exception {
    Path f = dir.resolve("rows.csv");
    Files.writeString(f, csv);
    return f;
  }

  private Path values() throws Exception {
    return ReplayRun.valuesFile(dir, Map.of("pin", "pin-canary-77"));
  }

  @Test
  void aPlainHttpGridOnAnotherComputerIsRefusedUnlessInsecureIsGiven() throws Exception {
    ReplayRun run = ReplayRun.run(null, form().toString(), "--grid", "http://10.1.2.3:4444", "--rows", rows("name\nAda\n").toString(),
        "--values-file", values().toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("http://10.1.2.3:4444").contains("in clear").contains("--insecure-grid");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void anUnreachableGridEndsTheRunsWithoutASessionAndSaysWhatToCheck() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    ReplayRun run = ReplayRun.run(null, form().toString(), "--grid", "http://127.0.0.1:" + port,
        "--rows", rows("name\nAda\n").toString(), "--values-file", values().toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(dev.waymark.cli.ExitCodes.NO_BROWSER);
    assertThat(run.err()).contains("no_session").contains("cannot reach the Selenium Grid");
    // The run's line on stdout carries the whole message.
    assertThat(run.out()).contains("\"status\":\"no_session\"").contains("cannot reach the Selenium Grid at http://127.0.0.1:" + port)
        .contains("check that the Grid runs");
  }

  @Test
  void aMalformedGridAddressOrAnInsecureFlagAloneIsAUsageError() throws Exception {
    ReplayRun bad = ReplayRun.run(null, form().toString(), "--grid", "grid:port");
    assertThat(bad.code()).as(bad.toString()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(bad.err()).contains("--grid");
    ReplayRun alone = ReplayRun.run(null, form().toString(), "--insecure-grid");
    assertThat(alone.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(alone.err()).contains("give --grid URL too");
  }

  @Test
  void aColumnNamingASecretIsRefusedWithoutPrintingAnyValue() throws Exception {
    ReplayRun run = ReplayRun.run(null, form().toString(), "--rows", rows("name,pin\nAda,row-pin-55\n").toString(),
        "--values-file", values().toString(), "--chromium", "/nonexistent/chromium");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("rows.csv:1: column pin also has a value in the values file")
        .doesNotContain("pin-canary-77").doesNotContain("row-pin-55");
  }

  @Test
  void aColumnThatIsNotAVariableAndABrokenRowAreRefusedWithTheirLines() throws Exception {
    ReplayRun unknown = ReplayRun.run(null, form().toString(), "--rows", rows("name,colour\nAda,red\n").toString(),
        "--values-file", values().toString());
    assertThat(unknown.code()).as(unknown.toString()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(unknown.err()).contains("column colour is not a variable of form.yaml (it declares name, pin)");

    ReplayRun broken = ReplayRun.run(null, form().toString(), "--rows", rows("name\nAda\nGrace,Hopper\n").toString(),
        "--values-file", values().toString());
    assertThat(broken.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(broken.err()).contains("rows.csv:3: has 2 cells but the header names 1 columns");
  }

  @Test
  void aVariableNeitherTheRowsNorTheValuesFileFillExitsEightBeforeAnyBrowser() throws Exception {
    ReplayRun run = ReplayRun.run(null, form().toString(), "--rows", rows("name\nAda\n").toString(),
        "--chromium", "/nonexistent/chromium");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_MISSING_VALUE);
    assertThat(run.err()).contains("no value for {{ pin }}").contains("--values-file");
  }

  @Test
  void noBrowserIsExitThreeBeforeAnyRun() throws Exception {
    ReplayRun run = ReplayRun.run(null, form().toString(), "--rows", rows("name\nAda\n").toString(),
        "--values-file", values().toString(), "--chromium", "/nonexistent/chromium");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_NO_BROWSER);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void optionsThatBelongToOneRunAreRefusedAtScale() throws Exception {
    ReplayRun startAt = ReplayRun.run(null, form().toString(), form().toString(), "--start-at", "auto");
    assertThat(startAt.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(startAt.err()).contains("--start-at");
    ReplayRun heals = ReplayRun.run(null, form().toString(), "--parallel", "2", "--accept-heals");
    assertThat(heals.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(heals.err()).contains("--report DIR");
    ReplayRun zero = ReplayRun.run(null, form().toString(), "--parallel", "0");
    assertThat(zero.code()).isEqualTo(RunCommand.EXIT_USAGE);
  }
}

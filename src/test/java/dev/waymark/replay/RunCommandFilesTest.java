package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.cli.RunCommand;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code waymark run} refuses before it starts a browser: a broken file, a missing value, an unknown start point. */
class RunCommandFilesTest {
  @TempDir
  Path dir;

  private static final String TWO_VALUES = """
      id: sign-in
      variables:
        email: the account's email address
        password: the account's password
      steps:
        - id: s1
          type: fill
          selector: {css: "#email"}
          value: "{{ email }}"
        - id: s2
          type: fill
          selector: {css: "#password"}
          value: "{{ password }}"
          resume:
            id: form
            when: {selector: "#password"}
      """;

  @Test
  void aBrokenWorkflowExitsTwoAndNamesEachProblemWithItsLine() throws Exception {
    Path f = dir.resolve("broken.yaml");
    Files.writeString(f, """
        id: broken
        steps:
          - id: s1
            type: navigate
            url: https://example.com/
          - id: s2
            type: clik
            selector: {css: "#go"}
        """);
    ReplayRun run = ReplayRun.run(null, f.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains(f + ":7:").contains("clik");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aMissingValueExitsNamingTheVariableBeforeAnyBrowserStarts() throws Exception {
    Path f = dir.resolve("wf.yaml");
    Files.writeString(f, TWO_VALUES);
    Path values = ReplayRun.valuesFile(dir, Map.of("email", "ada@example.com"));
    // No browser is connected or launched (--chromium points nowhere): the check comes first.
    ReplayRun run = ReplayRun.run(null, f.toString(), "--values-file", values.toString(), "--chromium", "/nonexistent/chromium");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_MISSING_VALUE);
    assertThat(run.err()).contains("{{ password }}").contains("s2").doesNotContain("{{ email }}").doesNotContain("ada@example.com");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void startingAtANamedPointNeedsOnlyTheValuesOfTheStepsFromThere() throws Exception {
    Path f = dir.resolve("wf.yaml");
    Files.writeString(f, TWO_VALUES);
    Path values = ReplayRun.valuesFile(dir, Map.of("password", "secret-1"));
    // s1 (the only user of email) lies before the point "form": no value needed. No browser either, so the run
    // gets as far as launching one.
    ReplayRun run = ReplayRun.run(null, f.toString(), "--values-file", values.toString(), "--start-at", "form",
        "--chromium", "/nonexistent/chromium");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_NO_BROWSER);
    assertThat(run.err()).contains("No browser executable at /nonexistent/chromium");
  }

  @Test
  void aValuesFileOthersCanReadIsRefused() throws Exception {
    Path f = dir.resolve("wf.yaml");
    Files.writeString(f, TWO_VALUES);
    Path values = ReplayRun.valuesFile(dir, Map.of("email", "a@b.c", "password", "secret-1"));
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-r--r--"));
    ReplayRun run = ReplayRun.run(null, f.toString(), "--values-file", values.toString());

    assertThat(run.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("chmod 600").doesNotContain("secret-1");
  }

  @Test
  void anUnknownStartPointIsAUsageErrorListingThePoints() throws Exception {
    Path f = dir.resolve("wf.yaml");
    Files.writeString(f, TWO_VALUES);
    Path values = ReplayRun.valuesFile(dir, Map.of("email", "a@b.c", "password", "secret-1"));
    ReplayRun run = ReplayRun.run(null, f.toString(), "--values-file", values.toString(), "--start-at", "nowhere");

    assertThat(run.code()).isEqualTo(RunCommand.EXIT_USAGE);
    assertThat(run.err()).contains("nowhere").contains("form");
  }

  @Test
  void aSlotAnEarlierStepStoresNeedsNoValue() throws Exception {
    Workflow wf = WorkflowYaml.read("""
        id: carry
        variables:
          code: the code read on the first page
        steps:
          - id: read
            type: extract
            selector: {css: "#code"}
            store: code
          - id: type-it
            type: fill
            selector: {css: "#again"}
            value: "{{ code }}"
        """);
    assertThat(WorkflowRunner.missingValues(wf, Map.of())).isEmpty();
    Workflow reversed = new Workflow("r", null, null, wf.variables(), java.util.List.of(wf.steps().get(1), wf.steps().get(0)));
    assertThat(WorkflowRunner.missingValues(reversed, Map.of())).extracting(WorkflowRunner.MissingValue::name).containsExactly("code");
  }
}

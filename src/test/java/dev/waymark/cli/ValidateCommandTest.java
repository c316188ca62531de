package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ValidateCommandTest {
  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  private Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void validWorkflowPrintsASummaryAndExitsZero() throws Exception {
    Path f = dir.resolve("ok.yaml");
    Files.writeString(f, """
        id: login
        variables:
          email: the login email
        steps:
          - id: s1
            type: navigate
            url: https://example.com/
          - id: s2
            type: fill
            selector: {css: "#email"}
            value: "{{ email }}"
            provenance: {by: person}
        """);
    Run r = run("validate", f.toString());

    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("valid workflow \"login\"").contains("2 steps").contains("1 decided by a person")
        .contains("1 variable: email");
  }

  @Test
  void invalidWorkflowExitsNonZeroListingEachProblemWithItsLine() throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, """
        id: login
        steps:
          - id: s1
            type: hover
          - id: s2
            type: fill
            value: "{{ pw }}"
        """);
    Run r = run("validate", f.toString());

    assertThat(r.code()).isEqualTo(ValidateCommand.EXIT_PROBLEMS);
    assertThat(r.err()).contains("2 problems").contains("line 4").contains("hover").contains("line 7").contains("{{ pw }}");
  }

  @Test
  void printWritesTheNormalizedYaml() throws Exception {
    Path f = dir.resolve("messy.yaml");
    Files.writeString(f, "steps: [{type: navigate, url: 'https://example.com/', id: s1}]\nid: x\n");
    Run r = run("validate", "--print", f.toString());

    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo("""
        id: x
        steps:
          - id: s1
            type: navigate
            url: https://example.com/
        """);
  }

  @Test
  void missingFileSaysSoAndExitsNonZero() {
    Run r = run("validate", dir.resolve("nope.yaml").toString());
    assertThat(r.code()).isEqualTo(ValidateCommand.EXIT_UNREADABLE);
    assertThat(r.err()).contains("no such file");
  }
}

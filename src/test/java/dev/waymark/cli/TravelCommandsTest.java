package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.Main;
import dev.waymark.travel.PlaywrightExport;
import dev.waymark.workflow.WorkflowYaml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code export} and {@code import} as a person runs them: files, refusals, exit codes and what stderr says. */
class TravelCommandsTest {
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

  private Path workflow() throws Exception {
    Path f = dir.resolve("sign-in.yaml");
    Files.writeString(f, """
        id: sign-in
        name: Sign in
        variables:
          email: the account email
          password: the account password
        steps:
          - id: open
            type: navigate
            url: https://shop.example/login
          - id: email
            type: fill
            selector: {css: "#email"}
            value: "{{ email }}"
          - id: password
            type: fill
            selector: {css: "#password"}
            value: "{{ password }}"
          - id: go
            type: click
            selector: {css: "#sign-in"}
          - id: invoice
            type: captureUrl
            url: https://shop.example/invoice.pdf
            filename: invoice.pdf
        """);
    return f;
  }

  private Path values() throws Exception {
    Path f = dir.resolve("values.txt");
    Files.writeString(f, "email=ada@example.com\npassword=pw-canary-7\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    return f;
  }

  @Test
  void playwrightExportWritesTheTestBesideTheWorkflowWithAConfigAndNeverOverwrites() throws Exception {
    Path wf = workflow();
    Run r = run("export", wf.toString(), "--format", "playwright");

    Path test = dir.resolve("sign-in.spec.ts");
    Path config = dir.resolve("playwright.config.ts");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines()).containsExactly(test.toString(), config.toString());
    assertThat(Files.readString(test)).contains("process.env.EMAIL!").contains("process.env.PASSWORD!");
    assertThat(Files.readString(config)).isEqualTo(PlaywrightExport.CONFIG);
    assertThat(r.err()).contains("[waymark] the test reads EMAIL, PASSWORD from the environment")
        .contains("[waymark] step 5 \"invoice\" (captureUrl): not translated: ");

    Run again = run("export", wf.toString(), "--format", "playwright");
    assertThat(again.code()).isEqualTo(ExportCommand.EXIT_USAGE);
    assertThat(again.err()).contains(test + " exists; it is not overwritten. Name another file with -o, or pass --force");

    Files.writeString(test, "mine");
    Files.writeString(config, "my config");
    Run forced = run("export", wf.toString(), "--format", "playwright", "--force");
    assertThat(forced.code()).as(forced.err()).isZero();
    assertThat(Files.readString(test)).contains("test('Sign in'");
    // --force is about OUT: a person's own config is always kept.
    assertThat(Files.readString(config)).isEqualTo("my config");
    assertThat(forced.err()).contains("kept " + config);
  }

  @Test
  void recorderExportWithValuesIsOwnerOnlyAndWarnsWithoutThemNamesTheStepsThatNeedThem() throws Exception {
    Path wf = workflow();
    Run plain = run("export", wf.toString(), "--format", "recorder", "-o", dir.resolve("plain.json").toString());

    assertThat(plain.code()).as(plain.err()).isZero();
    assertThat(Files.readString(dir.resolve("plain.json"))).contains("\"value\": \"{{ password }}\"");
    assertThat(plain.err()).contains("step 2 \"email\" (fill): needs a value: {{ email }} stays as written")
        .contains("step 3 \"password\" (fill): needs a value: {{ password }} stays as written")
        .contains("export again with --values-file");

    Run secret = run("export", wf.toString(), "--format", "recorder", "--values-file", values().toString());
    Path flow = dir.resolve("sign-in.json");
    assertThat(secret.code()).as(secret.err()).isZero();
    assertThat(Files.readString(flow)).contains("\"value\": \"pw-canary-7\"").doesNotContain("{{ password }}\"");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(flow))).isEqualTo("rw-------");
    assertThat(secret.err()).contains("warning: 2 values are written into " + flow + " as plain text")
        .contains("owner-only (rw-------)").doesNotContain("pw-canary-7").doesNotContain("needs a value");
    assertThat(secret.out()).doesNotContain("pw-canary-7");
  }

  @Test
  void aBadWorkflowOrBadOptionsExitTwoWithEachProblemAndItsLine() throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "id: x\nsteps:\n  - id: a\n    type: hover\n  - id: b\n    type: fill\n    value: \"{{ nope }}\"\n");
    Run r = run("export", bad.toString(), "--format", "recorder");
    assertThat(r.code()).isEqualTo(ExportCommand.EXIT_USAGE);
    assertThat(r.err()).contains("bad.yaml:4: steps[0].type: unknown step type \"hover\"")
        .contains("bad.yaml:7: steps[1].value: {{ nope }} is not declared");
    assertThat(dir.resolve("bad.json")).doesNotExist();

    assertThat(run("export", workflow().toString(), "--format", "selenium").err()).contains("--format is playwright or recorder");
    Run both = run("export", workflow().toString(), "--format", "playwright", "--values-file", values().toString());
    assertThat(both.code()).isEqualTo(ExportCommand.EXIT_USAGE);
    assertThat(both.err()).contains("--values-file is for --format recorder");
    Path open = dir.resolve("open.txt");
    Files.writeString(open, "email=x\n");
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    assertThat(run("export", workflow().toString(), "--format", "recorder", "--values-file", open.toString()).err())
        .contains("can be read or changed by other users");
    assertThat(run("export", dir.resolve("none.yaml").toString(), "--format", "recorder").code()).isEqualTo(ExportCommand.EXIT_USAGE);
    assertThat(run("export", workflow().toString()).code()).isEqualTo(ExportCommand.EXIT_USAGE);
  }

  @Test
  void importWritesAWorkflowThatValidatesAndReportsEachStepItCannotMap() throws Exception {
    Path flow = dir.resolve("todo.json");
    Files.writeString(flow, """
        {
          "title": "Add a todo",
          "steps": [
            {"type": "navigate", "url": "https://todo.example/"},
            {"type": "hover", "selectors": [["#menu"]]},
            {"type": "change", "value": "Buy milk", "selectors": [["aria/New todo[role=\\"textbox\\"]"], [".new-todo"]]},
            {"type": "keyDown", "key": "Enter"},
            {"type": "keyUp", "key": "Enter"}
          ]
        }
        """);
    Run r = run("import", flow.toString());

    Path yaml = dir.resolve("todo.yaml");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().strip()).isEqualTo(yaml.toString());
    assertThat(r.err()).contains("[waymark] steps[1] (hover) at line 5: not mapped: Waymark has no hover step")
        .contains("wrote " + yaml + " (3 steps; 1 flow step not mapped, listed above)");
    assertThat(WorkflowYaml.read(Files.readString(yaml)).steps()).hasSize(3);
    assertThat(run("validate", yaml.toString()).code()).isZero();

    Run again = run("import", flow.toString());
    assertThat(again.code()).isEqualTo(ImportCommand.EXIT_USAGE);
    assertThat(again.err()).contains("exists; it is not overwritten");
    assertThat(run("import", flow.toString(), "--force").code()).isZero();

    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\n  \"steps\": [\n    {\"type\": \"click\"\n  ]\n}\n");
    Run bad = run("import", broken.toString());
    assertThat(bad.code()).isEqualTo(ImportCommand.EXIT_USAGE);
    assertThat(bad.err()).contains("broken.json:4: not readable as JSON");

    Path nothing = dir.resolve("nothing.json");
    Files.writeString(nothing, "{\"title\": \"t\", \"steps\": [{\"type\": \"hover\", \"selectors\": [[\"#x\"]]}]}");
    Run none = run("import", nothing.toString());
    assertThat(none.code()).isEqualTo(ImportCommand.EXIT_USAGE);
    assertThat(none.err()).contains("no step of " + nothing + " maps to a workflow step; nothing is written");
    assertThat(dir.resolve("nothing.yaml")).doesNotExist();
  }
}

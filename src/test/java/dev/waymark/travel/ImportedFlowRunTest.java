package dev.waymark.travel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.cli.RunCommand;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A flow as Chrome DevTools Recorder writes one, imported, validates and replays with {@code run} in real Chromium. */
@RealBrowser
class ImportedFlowRunTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir Path dir;

  private String flow() {
    return """
        {
          "title": "Sign in and add a todo",
          "steps": [
            {"type": "setViewport", "width": 1100, "height": 800, "deviceScaleFactor": 1, "isMobile": false, "hasTouch": false, "isLandscape": false},
            {"type": "navigate", "url": "__URL__", "assertedEvents": [{"type": "navigation", "url": "__URL__", "title": "Travel todos"}]},
            {"type": "click", "target": "main", "selectors": [["aria/Email[role=\\"textbox\\"]"], ["#email"], ["xpath///*[@id=\\"email\\"]"]], "offsetX": 30, "offsetY": 8},
            {"type": "change", "value": "grace@example.com", "selectors": [["aria/Email[role=\\"textbox\\"]"], ["#email"]], "target": "main"},
            {"type": "change", "value": "pw-imported", "selectors": [["aria/Password[role=\\"textbox\\"]"], ["#password"]], "target": "main"},
            {"type": "hover", "target": "main", "selectors": [["#sign-in"]]},
            {"type": "click", "target": "main", "selectors": [["aria/Sign in[role=\\"button\\"]"], ["#sign-in"], ["text/Sign in"]], "offsetX": 20, "offsetY": 10},
            {"type": "waitForElement", "target": "main", "selectors": [["#new-todo"]]},
            {"type": "change", "value": "high", "selectors": [["aria/Priority[role=\\"combobox\\"]"], ["#priority"]], "target": "main"},
            {"type": "change", "value": "Buy milk", "selectors": [["aria/New todo[role=\\"textbox\\"]"], ["#new-todo"]], "target": "main"},
            {"type": "keyDown", "target": "main", "key": "Enter"},
            {"type": "keyUp", "target": "main", "key": "Enter"},
            {"type": "waitForExpression", "target": "main", "expression": "document.querySelectorAll('#list li').length === 1"},
            {"type": "click", "target": "main", "selectors": [["aria/Buy milk[role=\\"checkbox\\"]"], ["#todo-1"]], "offsetX": 5, "offsetY": 5},
            {"type": "waitForElement", "target": "main", "selectors": [["text/1 done"]]}
          ]
        }
        """.replace("__URL__", browser.pageUrl("travel/todos.html"));
  }

  @Test
  void anImportedFlowValidatesAndReplaysWithRunAndThePageSawEveryStep() throws Exception {
    Path json = dir.resolve("todos-flow.json");
    Files.writeString(json, flow());
    CommandRun imported = CommandRun.of("import", json.toString());

    Path yaml = dir.resolve("todos-flow.yaml");
    assertThat(imported.code()).as(imported.toString()).isZero();
    assertThat(imported.err()).contains("steps[5] (hover) at line 9: not mapped")
        .contains("steps[12] (waitForExpression) at line 16: not mapped")
        .contains("steps[4] (change) at line 8: needs a value: what the recording typed into this password field is not "
            + "written into the workflow; the step types {{ password }} instead");
    // The recording held the password in clear; the workflow holds its token, and run gets the value as any other.
    assertThat(Files.readString(yaml)).doesNotContain("pw-imported").contains("value: \"{{ password }}\"");
    Workflow wf = WorkflowYaml.read(Files.readString(yaml));
    assertThat(wf.variables()).containsOnlyKeys("password");
    assertThat(CommandRun.of("validate", yaml.toString()).code()).isZero();
    Step email = wf.steps().stream().filter(s -> "s3".equals(s.id())).findFirst().orElseThrow();
    assertThat(email.target().role()).isEqualTo("textbox");
    assertThat(email.target().name()).isEqualTo("Email");

    browser.open("about:blank");
    Path values = dir.resolve("values.txt");
    Files.writeString(values, "password=pw-imported\n");
    Files.setPosixFilePermissions(values, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    CommandRun run = CommandRun.of(new CommandLine(new RunCommand(browser.client())), yaml.toString(),
        "--values-file", values.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    JsonNode result = Json.read(run.out().strip().lines().reduce((a, b) -> b).orElseThrow(), JsonNode.class);
    assertThat(result.path("ok").asBoolean()).isTrue();
    assertThat(result.path("steps")).hasSize(wf.steps().size());
    List<String> seen = new ArrayList<>();
    Json.read(browser.eval("JSON.stringify(window.__log)").asText(), JsonNode.class).forEach(e -> seen.add(e.asText()));
    assertThat(seen).containsExactly("signed in grace@example.com", "password pw-imported", "priority high",
        "added Buy milk (high)", "done Buy milk");
    assertThat(browser.eval("location.hash").asText()).isEqualTo("#/todos");
  }
}

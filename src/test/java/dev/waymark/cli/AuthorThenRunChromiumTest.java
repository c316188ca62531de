package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code author} with an external program on a todo list that adds on change and clears its field (the 2014 vanilla
 * TodoMVC), in a browser with the launched default (trusted input), then {@code run} of what it exported on a fresh
 * page: every fill took effect, so every fill is exported, and the replay leaves the three todos on the page.
 */
@RealBrowser
class AuthorThenRunChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @TempDir
  Path dir;

  private static final List<String> TODOS = List.of("Buy milk", "Walk the dog", "Pay rent");

  private static List<Map<String, Object>> plan() {
    List<Map<String, Object>> plan = new java.util.ArrayList<>();
    for (String t : TODOS) {
      plan.add(Map.of("type", "fill", "name", "What needs to be done?", "value", t));
      plan.add(Map.of("type", "press", "name", "What needs to be done?", "value", "Enter"));
    }
    plan.add(Map.of("done", true, "reasoning", "three todos are on the list"));
    return plan;
  }

  private String todos() throws Exception {
    return browser.eval("[...document.querySelectorAll('#todo-list li')].map(li => li.textContent).join('|')").asText();
  }

  @Test
  void aWorkflowAuthoredOnAFieldThatClearsOnChangeExportsEveryFillAndReplaysTheTodos() throws Exception {
    String url = browser.pageUrl("executor/input-todo-change.html");
    browser.open(url);

    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Add three todos", plan(), Map.of(), "",
        "--approve", "auto");

    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(todos()).isEqualTo(String.join("|", TODOS));
    Workflow wf = WorkflowYaml.read(authored.exported());
    List<Step> steps = wf.steps().stream().filter(s -> !"navigate".equals(s.type())).toList();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "press", "fill", "press", "fill", "press");
    assertThat(steps).filteredOn(s -> "fill".equals(s.type())).extracting(Step::value).containsExactlyElementsOf(TODOS);
    // the next prompt read what each step did
    assertThat(String.join("\n", authored.prompts())).contains("— ok: the page changed");

    Path workflow = dir.resolve("todos.yaml");
    Files.writeString(workflow, authored.exported());
    browser.open(url);
    assertThat(todos()).isEmpty();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(browser.client()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(workflow.toString(), "--output-dir", dir.toString());

    assertThat(code).as(out + "\n" + err).isEqualTo(RunCommand.EXIT_OK);
    assertThat(todos()).isEqualTo(String.join("|", TODOS));
  }
}

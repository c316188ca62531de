package dev.waymark.travel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.cli.AuthorRun;
import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 25: the TodoMVC workflow (add three todos, tick "Walk the dog", show Active) authored in Firefox with the
 * Waymark add-on and the plan agent, then replayed by {@code waymark run} in a fresh Firefox (over its own BiDi
 * endpoint, no driver binary) and in a fresh Chromium (with the extension). Authoring is judged by the page's own
 * state read over BiDi; each replay by the page's list and count, read by extract steps added at the end.
 */
@RealBrowser
class TodoMvcOnFirefoxTest {
  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  @TempDir Path dir;

  /** Read at the end of each replay: the list as the page shows it, and its own count. */
  static final String READ_STATE = """
        - id: shown-rows
          type: extract
          selector: {css: "#todo-list, .todo-list"}
          store: rows
        - id: shown-count
          type: extract
          selector: {css: "#todo-count, .todo-count"}
          store: count
      """;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"vanillajs", "react"})
  void authoredInFirefoxReplaysInFirefoxAndInChromium(String app) throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages (npm todomvc) are not installed");
    String url = firefox.pageUrl("lib/todomvc/examples/" + app + "/index.html");
    firefox.open(url);
    firefox.eval("localStorage.clear(), sessionStorage.clear(), true");
    firefox.open(url);

    AuthorRun authored = AuthorRun.inProcess(firefox.client(), dir, url, "Add three todos, tick Walk the dog, show the active ones",
        TodoMvcExportsChromiumTest.plan(), Map.of(), "", "--approve", "auto", "--budget", "20");
    assertThat(authored.code()).as(authored.toString()).isZero();
    assertThat(awaitState()).as("the page in Firefox after authoring").isEqualTo(TodoMvcExportsChromiumTest.EXPECTED);
    String yaml = authored.exported();
    Step tick = WorkflowYaml.read(yaml).steps().stream()
        .filter(s -> "click".equals(s.type()) && s.target() != null && "checkbox".equals(s.target().role()))
        .findFirst().orElseThrow(() -> new AssertionError("no tick in\n" + yaml));
    assertThat(tick.target().context()).as(yaml).startsWith("Walk the dog");

    Path workflow = dir.resolve("todos.yaml");
    Files.writeString(workflow, yaml.stripTrailing() + "\n" + READ_STATE);
    assertThat(WorkflowYaml.read(Files.readString(workflow)).steps()).hasSize(WorkflowYaml.read(yaml).steps().size() + 2);

    for (String engine : List.of("firefox", "chromium")) {
      CommandRun run = CommandRun.of("run", workflow.toString(), "--browser", engine, "--headless", "--output-dir", dir.toString());
      assertThat(run.code()).as(engine + "\n" + run).isZero();
      // The engine the run names: Firefox by its session's version, Chromium by the extension's hello.
      assertThat(run.err()).as(engine).containsPattern(engine.equals("firefox") ? "replaying .* in Firefox 1\\d\\d" : "replaying .* in \\S+");
      JsonNode stored = Json.read(run.out().strip().lines().reduce((a, b) -> b).orElse("{}"), JsonNode.class).path("stored");
      assertThat(stored.path("rows").asText()).as(engine + " " + run).contains("Buy milk", "Read a book").doesNotContain("Walk the dog");
      assertThat(stored.path("count").asText().replaceAll("\\s+", " ").strip()).as(engine).isEqualTo("2 items left");
    }
  }

  /** The page's state once it stops changing toward the expected one (an app draws the filter on its next tick). */
  private static String awaitState() throws Exception {
    long until = System.currentTimeMillis() + 2000;
    String s = firefox.eval(TodoMvcExportsChromiumTest.STATE).asText();
    while (!s.equals(TodoMvcExportsChromiumTest.EXPECTED) && System.currentTimeMillis() < until) {
      Thread.sleep(100); // polling the app's own render: nothing to wait on from outside
      s = firefox.eval(TodoMvcExportsChromiumTest.STATE).asText();
    }
    return s;
  }
}

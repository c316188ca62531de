package dev.waymark.travel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.cli.AuthorRun;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 24: one workflow — add three todos, tick "Walk the dog", show Active — authored with {@code author} and the
 * plan agent on three TodoMVC implementations of different frameworks (npm {@code todomvc}, served under /lib/),
 * exported as a Playwright test and as a Recorder flow, and each export run on a fresh load with the tool it is for
 * ({@code npx playwright test}, {@code @puppeteer/replay}), and the workflow with {@code waymark run}. Every run is
 * judged by the page's own state afterwards (the todos it shows, which are ticked, and its own count), never by a
 * report. The tick is on a checkbox the browser leaves unnamed (decision 0056): the exports find it by its row.
 */
@RealBrowser
class TodoMvcExportsChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @TempDir Path dir;

  private static final List<String> TODOS = List.of("Buy milk", "Walk the dog", "Read a book");
  /**
   * The page's own state: each shown row that holds a todo, ticked or not, and the app's "n items left". Shadow roots
   * and a shadow DOM polyfill's wrapped lists are read too.
   */
  static final String STATE = "(() => { const all = (r) => Array.prototype.slice.call(r.querySelectorAll('*')).flatMap(e => "
      + "e.shadowRoot ? [e, ...all(e.shadowRoot)] : [e]); const els = all(document);"
      + " const rows = els.filter(e => e.localName === 'li' && e.getClientRects().length > 0).map(li => {"
      + " const t = (li.innerText || '').trim().split('\\n')[0].trim();"
      + " const c = li.querySelector('input[type=checkbox]') || (li.shadowRoot && li.shadowRoot.querySelector('input[type=checkbox]'));"
      + " return t + (c && c.checked ? ' [x]' : ' [ ]'); }).filter(r => " + Json.write(TODOS) + ".some(t => r === t + ' [x]' || r === t + ' [ ]'));"
      + " const count = els.find(e => e.matches('.todo-count, #todo-count'));"
      + " return rows.join(' | ') + ' / ' + (count ? count.textContent.replace(/\\s+/g, ' ').trim() : 'no count'); })()";
  /** What "add three, tick Walk the dog, show Active" leaves: the two active todos, two items left. */
  static final String EXPECTED = "Buy milk [ ] | Read a book [ ] / 2 items left";

  @AfterEach
  void unlink() throws Exception {
    Files.deleteIfExists(dir.resolve("node_modules"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"react", "vanillajs", "vue"})
  void addTickAndFilterAuthoredOnceReplaysInPlaywrightRecorderAndRun(String app) throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages (npm todomvc) are not installed");
    String url = browser.pageUrl("lib/todomvc/examples/" + app + "/index.html");

    // Author on an empty store.
    freshLoad(url);
    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Add three todos, tick Walk the dog, show the active ones",
        plan(), Map.of(), "", "--approve", "auto", "--budget", "20");
    assertThat(authored.code()).as(authored.toString()).isZero();
    assertThat(awaitState()).as("the page after authoring").isEqualTo(EXPECTED);
    String yaml = authored.exported();
    List<Step> steps = WorkflowYaml.read(yaml).steps();
    Step tick = steps.stream().filter(s -> "click".equals(s.type()) && s.target() != null && "checkbox".equals(s.target().role()))
        .findFirst().orElseThrow(() -> new AssertionError("no tick in\n" + yaml));
    assertThat(tick.target().name()).as("the row's checkbox has no name of its own").isNull();
    assertThat(tick.target().context()).as(yaml).startsWith("Walk the dog");
    Path workflow = dir.resolve("todos.yaml");
    Files.writeString(workflow, yaml);

    // Playwright: the page's state is written by a hook beside the exported test.
    CommandRun pw = CommandRun.of("export", workflow.toString(), "--format", "playwright");
    assertThat(pw.code()).as(pw.toString()).isZero();
    Path spec = dir.resolve("todos.spec.ts");
    assertThat(Files.readString(spec)).contains(".filter({ hasText: 'Walk the dog' }).getByRole('checkbox' as any)");
    Path state = dir.resolve("playwright-state.txt");
    Files.writeString(spec, Files.readString(spec) + "\ntest.afterEach(async ({ page }) => {\n"
        + "  const fs = await import('node:fs');\n"
        + "  fs.writeFileSync(process.env.TODO_STATE!, await page.evaluate(" + Script.str(STATE) + "));\n});\n");
    Files.createSymbolicLink(dir.resolve("node_modules"), NodeRun.modules());
    Map<String, String> env = new HashMap<>(Map.of("WAYMARK_CHROMIUM", Browsers.chromium().toString(), "TODO_STATE", state.toString()));
    NodeRun test = NodeRun.run(dir, env, "npx", "--no", "playwright", "test", "--reporter=line");
    assertThat(test.code()).as(test.toString()).isZero();
    assertThat(Files.readString(state)).as("the page after the Playwright test").isEqualTo(EXPECTED);

    // Recorder: @puppeteer/replay reads the state at the end of the flow.
    CommandRun rec = CommandRun.of("export", workflow.toString(), "--format", "recorder");
    assertThat(rec.code()).as(rec.toString()).isZero();
    Path flow = dir.resolve("todos.json");
    assertThat(Files.readString(flow)).contains("xpath///*[self::input and @type='checkbox'][ancestor::*[");
    NodeRun replay = NodeRun.run(NodeRun.DIR, Map.of(), "node", "replay-flow.mjs", flow.toString(), Browsers.chromium().toString(), STATE);
    JsonNode result = Json.read(replay.out().strip().lines().reduce((a, b) -> b).orElse("{}"), JsonNode.class);
    assertThat(result.path("ok").asBoolean()).as(replay.toString()).isTrue();
    assertThat(result.path("state").asText()).as("the page after the Recorder flow").isEqualTo(EXPECTED);

    // waymark run, on a fresh load with an empty store.
    freshLoad(url);
    AuthorRun.Replay run = authored.replay(browser.client());
    assertThat(run.code()).as(run.toString()).isZero();
    assertThat(awaitState()).as("the page after waymark run").isEqualTo(EXPECTED);
  }

  /** Each todo typed and added with Enter, the row's checkbox ticked, the Active filter shown. */
  static List<Map<String, Object>> plan() {
    List<Map<String, Object>> plan = new ArrayList<>();
    for (String t : TODOS) {
      plan.add(Map.of("type", "fill", "name", "What needs to be done?", "value", t));
      plan.add(Map.of("type", "press", "name", "What needs to be done?", "value", "Enter"));
    }
    plan.add(Map.of("type", "click", "role", "checkbox", "in", "Walk the dog"));
    plan.add(Map.of("type", "click", "name", "Active"));
    plan.add(Map.of("done", true, "reasoning", "two active todos are shown"));
    return plan;
  }

  private static void freshLoad(String url) throws Exception {
    browser.open(url);
    browser.eval("localStorage.clear(), sessionStorage.clear(), true");
    browser.open(url);
  }

  /** The page's state once it stops changing toward the expected one (an app draws the filter on its next tick). */
  private static String awaitState() throws Exception {
    long until = System.currentTimeMillis() + 2000;
    String s = browser.eval(STATE).asText();
    while (!s.equals(EXPECTED) && System.currentTimeMillis() < until) {
      Thread.sleep(100); // polling the app's own render: nothing to wait on from outside
      s = browser.eval(STATE).asText();
    }
    return s;
  }
}

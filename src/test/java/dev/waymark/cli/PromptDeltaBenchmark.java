package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.observe.CompactObservation;
import dev.waymark.testing.BenchmarkTarget;
import dev.waymark.testing.DeltaScenarios;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26's deltas in the model's prompt (decision 0063), measured: {@code waymark author} with a scripted decision
 * program (plan-agent.mjs, which finds each control's ref in the prompt as a model would) on a 20-step form among
 * some 200 controls and 20 steps on TodoMVC (vanilla JS), once with {@code --whole-pages} and once as it comes (a
 * base page in the cached prefix, the changes since it in the tail). A provider's prefix cache serves what a prompt
 * shares with the one before it, from its start; the rest is sent uncached. Per turn: the tokens sent, and the
 * uncached ones (past the longest common prefix with the turn before). Targets: the uncached tokens with deltas at
 * most half those with whole pages over each session, and the same workflow exported in both modes.
 */
@RealBrowser
class PromptDeltaBenchmark {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  private static final List<String> FIELDS = DeltaScenarios.FORM_FIELDS;
  private static final List<String> TODOS = DeltaScenarios.TODOS;

  @TempDir
  Path dir;

  private static Map<String, Object> item(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return m;
  }

  private static List<Map<String, Object>> formPlan() {
    List<Map<String, Object>> plan = new ArrayList<>();
    for (String f : FIELDS) plan.add(item("type", "fill", "name", f, "value", f.toLowerCase(Locale.ROOT) + " 1"));
    plan.add(item("type", "select", "name", "Country", "value", "France"));
    plan.add(item("type", "click", "name", "I accept the terms"));
    plan.add(item("type", "click", "name", "Send application"));
    plan.add(item("done", true, "reasoning", "the application is sent"));
    return plan;
  }

  private static List<Map<String, Object>> todoPlan() {
    List<Map<String, Object>> plan = new ArrayList<>();
    for (String t : TODOS) {
      plan.add(item("type", "fill", "name", "What needs to be done?", "value", t));
      plan.add(item("type", "press", "name", "What needs to be done?", "value", "Enter"));
    }
    for (String t : List.of("Buy milk", "Read a book", "Call mum")) plan.add(item("type", "click", "role", "checkbox", "in", t));
    for (String filter : List.of("Active", "Completed", "All")) plan.add(item("type", "click", "name", filter));
    plan.add(item("type", "click", "role", "checkbox", "in", "Pay rent"));
    plan.add(item("type", "click", "name", "Clear completed"));
    plan.add(item("done", true, "reasoning", "the list is kept"));
    return plan;
  }

  /** One authoring session's prompts, as the provider would bill them. */
  private record Session(List<Integer> sent, List<Integer> uncached, List<Integer> pages, List<String> steps, String state) {
    int total(List<Integer> l) {
      return l.stream().mapToInt(Integer::intValue).sum();
    }
  }

  private Session author(String name, String url, String goal, List<Map<String, Object>> plan, String state,
      boolean wholePages) throws Exception {
    Path runDir = Files.createDirectories(dir.resolve(name + (wholePages ? "-whole" : "-delta")));
    browser.open(url);
    browser.eval("localStorage.clear(); location.reload(); true");
    browser.open(url);
    List<String> extra = new ArrayList<>(List.of("--approve", "auto", "--budget", "40"));
    if (wholePages) extra.add("--whole-pages");
    AuthorRun run = AuthorRun.inProcess(browser.client(), runDir, url, goal, plan, Map.of(), "", extra.toArray(String[]::new));
    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    String dump = System.getProperty("prompt.dump");
    if (dump != null) {
      // -Dprompt.dump=DIR keeps every prompt the agent read, one JSON line per turn, to see what each mode sends
      Files.createDirectories(Path.of(dump));
      Files.write(Path.of(dump, name + (wholePages ? "-whole" : "-delta") + ".jsonl"), run.prompts());
    }
    List<Integer> sent = new ArrayList<>();
    List<Integer> uncached = new ArrayList<>();
    List<Integer> pages = new ArrayList<>();
    String before = null;
    for (String line : run.prompts()) {
      JsonNode p = Json.mapper().readTree(line);
      String system = p.path("system").asText();
      String user = p.path("user").asText();
      sent.add(CompactObservation.estimateTokens(system) + CompactObservation.estimateTokens(user));
      // the system text is the same every turn: cached after the first
      int common = before == null ? 0 : commonPrefix(before, user);
      uncached.add((before == null ? CompactObservation.estimateTokens(system) : 0)
          + CompactObservation.estimateTokens(user.substring(common)));
      pages.add(uncachedPages(user, common));
      before = user;
    }
    for (String line : run.out().split("\n")) {
      if (line.isBlank()) continue;
      JsonNode t = Json.mapper().readTree(line);
      if (t.path("error").isTextual()) {
        System.out.println(name + (wholePages ? " (whole pages)" : " (deltas)") + ": a turn failed: " + t.path("error").asText()
            + " — " + t.path("step").path("label").asText());
      }
    }
    Workflow wf = WorkflowYaml.read(Files.readString(run.export()));
    List<String> steps = wf.steps().stream().map(PromptDeltaBenchmark::describe).toList();
    return new Session(sent, uncached, pages, steps, browser.eval(state).asText());
  }

  /** A step as the replay will find it; TodoMVC's row ids are the time each was added, so they are left out. */
  private static String describe(Step s) {
    String css = s.selector() == null ? "" : s.selector().css().replaceAll("data-id=\"\\d+\"", "data-id=…");
    return s.type() + " " + css + " " + (s.label() == null ? "" : s.label()) + " " + (s.value() == null ? "" : s.value());
  }

  /** The tokens of the page blocks (whole pages, bases, changes) a prompt sends past what the cache serves. */
  private static int uncachedPages(String user, int common) {
    int tokens = 0;
    for (java.util.regex.Matcher m = PAGE_BLOCK.matcher(user); m.find(); ) {
      if (m.start() >= common) tokens += CompactObservation.estimateTokens(m.group(2));
    }
    return tokens;
  }

  private static final java.util.regex.Pattern PAGE_BLOCK =
      java.util.regex.Pattern.compile("<<<PAGE DATA (\\w+)>>>\n(.*?)\n<<<END PAGE DATA \\1>>>", java.util.regex.Pattern.DOTALL);

  private static int commonPrefix(String a, String b) {
    int n = Math.min(a.length(), b.length());
    int i = 0;
    while (i < n && a.charAt(i) == b.charAt(i)) i++;
    return i;
  }

  @Test
  void deltasInThePromptHalveTheUncachedTokensWithTheSameWorkflow() throws Exception {
    assertThat(GalleryLibs.installed()).as("TodoMVC comes with the gallery packages: npm ci in src/test/node/gallery").isTrue();
    Map<String, Session[]> sessions = new LinkedHashMap<>();
    for (boolean whole : new boolean[] {true, false}) {
      sessions.computeIfAbsent("20-step form, 200 controls", k -> new Session[2])[whole ? 0 : 1] = author("form",
          browser.pageUrl("agent/long-form.html"), "Fill the application and send it", formPlan(),
          "document.getElementById('result').textContent", whole);
      sessions.computeIfAbsent("TodoMVC (vanilla JS), 20 steps", k -> new Session[2])[whole ? 0 : 1] = author("todomvc",
          browser.pageUrl("lib/todomvc/examples/vanillajs/index.html"), "Keep the todo list", todoPlan(),
          "[...document.querySelectorAll('#todo-list li, .todo-list li')].map(li => li.className + ':' + li.textContent).join('|')", whole);
    }
    StringBuilder table = new StringBuilder();
    for (Map.Entry<String, Session[]> e : sessions.entrySet()) {
      Session whole = e.getValue()[0];
      Session delta = e.getValue()[1];
      table.append(String.format(Locale.ROOT, "%n%s: tokens per prompt, whole pages → base and changes (sent; uncached)%n", e.getKey()));
      for (int i = 0; i < Math.max(whole.sent().size(), delta.sent().size()); i++) {
        table.append(String.format(Locale.ROOT, "  turn %2d  sent %6s → %6s   uncached %6s → %6s   page blocks uncached %6s → %6s%n",
            i + 1, at(whole.sent(), i), at(delta.sent(), i), at(whole.uncached(), i), at(delta.uncached(), i),
            at(whole.pages(), i), at(delta.pages(), i)));
      }
      table.append(String.format(Locale.ROOT, "  session: sent %d → %d, uncached %d → %d (%.0f → %.0f per turn), page blocks "
          + "uncached %d → %d%n", whole.total(whole.sent()), delta.total(delta.sent()), whole.total(whole.uncached()),
          delta.total(delta.uncached()), (double) whole.total(whole.uncached()) / whole.uncached().size(),
          (double) delta.total(delta.uncached()) / delta.uncached().size(), whole.total(whole.pages()), delta.total(delta.pages())));
    }
    for (Map.Entry<String, Session[]> e : sessions.entrySet()) {
      List<String> a = e.getValue()[0].steps();
      List<String> b = e.getValue()[1].steps();
      for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
        String x = i < a.size() ? a.get(i) : "-";
        String y = i < b.size() ? b.get(i) : "-";
        if (!x.equals(y)) table.append(String.format(Locale.ROOT, "  %s step %d differs: %s | %s%n", e.getKey(), i + 1, x, y));
      }
    }
    System.out.println(table);
    for (Map.Entry<String, Session[]> e : sessions.entrySet()) {
      Session whole = e.getValue()[0];
      Session delta = e.getValue()[1];
      BenchmarkTarget.atMost(e.getKey() + ": uncached page tokens (the page section) with deltas / with whole pages",
          (double) delta.total(delta.pages()) / whole.total(whole.pages()), "", 0.5).print();
      System.out.printf(Locale.ROOT, "%s: the whole prompt's uncached tokens with deltas / with whole pages: %.2f; tokens sent: %.2f%n",
          e.getKey(), (double) delta.total(delta.uncached()) / whole.total(whole.uncached()),
          (double) delta.total(delta.sent()) / whole.total(whole.sent()));
      BenchmarkTarget.atLeast(e.getKey() + ": exported steps that are the same in both modes", same(whole.steps(), delta.steps()),
          "of " + whole.steps().size(), whole.steps().size()).print();
      assertThat(delta.state()).as(e.getKey() + ": the page after authoring with deltas").isEqualTo(whole.state());
    }
    assertThat(sessions.get("20-step form, 200 controls")[1].state()).isEqualTo("Application sent: reference A-2026");
    // two todos were left open (Walk the dog, Water plants); the four ticked ones were cleared
    assertThat(sessions.get("TodoMVC (vanilla JS), 20 steps")[1].state()).isEqualTo(":Walk the dog|:Water plants");
  }

  private static String at(List<Integer> l, int i) {
    return i < l.size() ? Integer.toString(l.get(i)) : "-";
  }

  private static int same(List<String> a, List<String> b) {
    int same = 0;
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) if (a.get(i).equals(b.get(i))) same++;
    return same;
  }
}

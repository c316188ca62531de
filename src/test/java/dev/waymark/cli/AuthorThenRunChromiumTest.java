package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code author} with an external program on pages that consume, reshape or refuse input, in a browser with the
 * launched default (trusted input), then {@code run} of what it exported on a fresh load of the same page. Each case
 * reads the page's own state after authoring and again after the replay, and checks that the export holds exactly
 * the steps that took effect.
 */
@RealBrowser
class AuthorThenRunChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @TempDir
  Path dir;

  private static final List<String> TODOS = List.of("Buy milk", "Walk the dog", "Pay rent");
  private static final String TODO_LIST = "[...document.querySelectorAll('#todo-list li')].map(li => li.textContent)"
      + ".join('|') + ' / field: ' + document.getElementById('new-todo').value";

  private static Map<String, Object> step(String type, String name, String value) {
    return value == null ? Map.of("type", type, "name", name) : Map.of("type", type, "name", name, "value", value);
  }

  private static Map<String, Object> done() {
    return Map.of("done", true, "reasoning", "the page shows the goal reached");
  }

  /** Each todo typed into the new-todo field and added with Enter. */
  private static List<Map<String, Object>> todoPlan() {
    List<Map<String, Object>> plan = new ArrayList<>();
    for (String t : TODOS) {
      plan.add(step("fill", "What needs to be done?", t));
      plan.add(step("press", "What needs to be done?", "Enter"));
    }
    plan.add(done());
    return plan;
  }

  private static List<String> todoSteps() {
    List<String> steps = new ArrayList<>();
    for (String t : TODOS) steps.addAll(List.of("fill " + t, "press Enter"));
    return steps;
  }

  private String state(String expression) throws Exception {
    return browser.eval(expression).asText();
  }

  /** What one case left behind: the authoring run, the steps it exported (navigation aside) and the replay. */
  private record Authored(AuthorRun run, List<Step> steps, AuthorRun.Replay replay) {
    List<String> described() {
      return steps.stream().map(s -> s.value() == null ? s.type() : s.type() + " " + s.value()).toList();
    }

    /** The text of every prompt the program received, as the model would read it. */
    String prompts() throws Exception {
      StringBuilder b = new StringBuilder();
      for (String line : run.prompts()) b.append(Json.mapper().readTree(line).path("user").asText()).append('\n');
      return b.toString();
    }
  }

  /**
   * Authors the plan on a fresh load of the page and checks the page's state, then loads the page again, checks it
   * is back where it started, replays the export with {@code run} and checks the same state once more.
   */
  private Authored authorThenRun(String page, String goal, List<Map<String, Object>> plan, String state,
      String expected) throws Exception {
    String url = browser.pageUrl("executor/" + page);
    browser.open(url);
    String initial = state(state);

    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, goal, plan, Map.of(), "", "--approve", "auto");
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(state(state)).as("after authoring").isEqualTo(expected);
    List<Step> steps = WorkflowYaml.read(authored.exported()).steps();
    assertThat(steps).as(authored.exported()).filteredOn(s -> "navigate".equals(s.type())).extracting(Step::url)
        .containsOnly(url);

    browser.open(url);
    assertThat(state(state)).as("a fresh load").isEqualTo(initial).isNotEqualTo(expected);
    AuthorRun.Replay replay = authored.replay(browser.client());
    assertThat(replay.code()).as(replay.toString()).isEqualTo(RunCommand.EXIT_OK);
    // one line per exported step, each performed and ok, then the result
    List<String> lines = replay.out().lines().toList();
    assertThat(lines).as(replay.toString()).hasSize(steps.size() + 1);
    for (String line : lines.subList(0, steps.size())) {
      assertThat(Json.mapper().readTree(line).path("ok").asBoolean()).as(line).isTrue();
      assertThat(Json.mapper().readTree(line).path("skipped").asBoolean()).as(line).isFalse();
    }
    assertThat(state(state)).as("after the replay").isEqualTo(expected);
    return new Authored(authored, steps.stream().filter(s -> !"navigate".equals(s.type())).toList(), replay);
  }

  @Test
  void aFieldThatAddsOnChangeAndClearsItselfExportsEveryFillAndReplaysTheTodos() throws Exception {
    Authored a = authorThenRun("input-todo-change.html", "Add three todos", todoPlan(), TODO_LIST,
        String.join("|", TODOS) + " / field: ");

    assertThat(a.described()).containsExactlyElementsOf(todoSteps());
    assertThat(a.prompts()).contains("— ok: the page changed");
  }

  @Test
  void aFieldThatAddsOnKeyupCheckingWhich13ExportsEveryFillAndReplaysTheTodos() throws Exception {
    Authored a = authorThenRun("input-todo-keyup.html", "Add three todos", todoPlan(), TODO_LIST,
        String.join("|", TODOS) + " / field: ");

    assertThat(a.described()).containsExactlyElementsOf(todoSteps());
  }

  @Test
  void aPageThatCountsOnlyTrustedEventsGetsItsItemsFromEnterAndFromTheButton() throws Exception {
    List<Map<String, Object>> plan = List.of(step("fill", "New item", "Buy milk"), step("press", "New item", "Enter"),
        step("fill", "New item", "Walk the dog"), step("click", "Add", null), done());
    Authored a = authorThenRun("input-strict.html", "Add two items", plan,
        "[...document.querySelectorAll('#items li')].map(li => li.textContent).join('|')", "Buy milk|Walk the dog");

    assertThat(a.described()).containsExactly("fill Buy milk", "press Enter", "fill Walk the dog", "click");
  }

  @Test
  void aPhoneMaskThatReformatsTheDigitsExportsTheTypedDigitsAndReplaysTheFormattedNumber() throws Exception {
    Authored a = authorThenRun("input-fields.html", "Enter the phone number",
        List.of(step("fill", "Phone", "5551234567"), done()), "document.getElementById('phone').value",
        "(555) 123-4567");

    assertThat(a.described()).containsExactly("fill 5551234567");
    assertThat(a.prompts()).contains("the page reformatted it to '(555) 123-4567'");
    // the replay's own line says what the page did, as the authoring prompt did
    assertThat(a.replay().out()).contains("\"effect\":\"the page reformatted it to '(555) 123-4567'\"");
  }

  /**
   * The fill that maxlength cut is a failed turn: the next prompt says why, and it is not exported, neither as typed
   * nor as what the field kept. The export holds only the corrected fill that the field took whole, so the replay
   * leaves the corrected code (a different one, so that the cut's leftover "1234" cannot pass for it).
   */
  @Test
  void aFillThatMaxlengthCutIsReportedAsAFailureAndOnlyTheFillThatTookEffectIsExported() throws Exception {
    Authored a = authorThenRun("input-fields.html", "Enter the code",
        List.of(step("fill", "Code", "123456"), step("fill", "Code", "4321"), done()),
        "document.getElementById('code').value", "4321");

    assertThat(a.prompts()).contains("\"fill Code\" — failed: the field kept 4 of 6 characters (maxlength 4)");
    assertThat(a.described()).containsExactly("fill 4321");
    assertThat(a.run().exported()).doesNotContain("1234");
  }

  @Test
  void aContentEditableEditorTakesTheTextInPlaceOfItsOldAfterTheReplayToo() throws Exception {
    Authored a = authorThenRun("input-fields.html", "Write the note",
        List.of(step("fill", "Note", "Hello world"), done()),
        "document.getElementById('editor').innerText.trim()", "Hello world");

    assertThat(a.described()).containsExactly("fill Hello world");
  }

  @Test
  void textWithoutAKeyIsComposedWhenAuthoredAndWhenReplayed() throws Exception {
    Authored a = authorThenRun("input-fields.html", "Enter the name",
        List.of(step("fill", "Name", "café"), step("fill", "Name", "日本語"), done()),
        "document.getElementById('ime').value + ' / ' + document.getElementById('log').textContent"
            + ".split('\\n').filter(l => l.startsWith('compositionend')).join(',')",
        "日本語 / compositionend:é,compositionend:日本語");

    assertThat(a.described()).containsExactly("fill café", "fill 日本語");
  }

  /**
   * A click the page answers 1.5 s later, past its verdict: the next prompt says it as the late effect of the turn that
   * sent the click, numbered as the trail numbers it (decision 0073). The refused first turn takes no step id, so the
   * model's turns and the workflow's step ids differ; the model is shown no step id.
   */
  @Test
  void aClicksLateEffectReachesTheModelNamedByItsTurn() throws Exception {
    String url = browser.pageUrl("executor/late-clicks.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(step("click", "No such button", null), step("click", "Count silently", null),
        step("click", "Answer late", null), Map.of("done", true, "when", "late effect: "));

    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Ask for the late answer", plan, Map.of(), "",
        "--approve", "auto");

    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(state("document.getElementById('late').textContent")).isEqualTo("answered late 1");
    String told = null;
    for (String line : authored.prompts()) {
      String user = Json.mapper().readTree(line).path("user").asText();
      // (the failed wait's own error in the trail quotes "late effect: ": the page's line is told by its words)
      if (user.contains("saw no change by its verdict, then")) {
        told = user;
        break;
      }
    }
    assertThat(told).as("a prompt that tells the late effect").isNotNull();
    java.util.regex.Matcher sent = java.util.regex.Pattern.compile("(?m)^(\\d+)\\. click e\\d+ \"click Answer late\" — ok: no visible change")
        .matcher(told);
    assertThat(sent.find()).as(told).isTrue();
    assertThat(told).contains("late effect: the step at turn " + sent.group(1) + " saw no change by its verdict, then the page changed")
        .doesNotContainPattern("the click s\\d");
  }
}

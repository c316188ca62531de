package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The runner's re-entry rules against a small browser model: a page address that clicks and navigations change and
 * that conditions read. The real-browser behaviour is in {@link RunCommandChromiumTest}.
 */
class WorkflowRunnerTest {
  /** Three pages a → b → c; c's button leads to b, b's button to a. */
  private static final String CHAIN = """
      id: chain
      steps:
        - id: at-a
          type: wait
          wait: {selector: "#a"}
          resume: {id: a, when: {url_includes: /a}}
        - id: to-b
          type: click
          selector: {css: "#next"}
        - id: at-b
          type: wait
          wait: {selector: "#b"}
          resume: {id: b, when: {url_includes: /b}, rewind: {to: a, selector: "#up"}}
        - id: to-c
          type: click
          selector: {css: "#next"}
        - id: at-c
          type: wait
          wait: {selector: "#c"}
          resume: {id: c, when: {url_includes: /c}, rewind: {to: b, selector: "#up"}}
      """;

  /** A page model: the address is /a, /b or /c; #next goes on, #up goes back; everything else just works. */
  private static class Pages implements ReplayBrowser {
    String url;
    final List<String> performed = new ArrayList<>();
    boolean uncertainUp;

    Pages(String url) {
      this.url = url;
    }

    @Override
    public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
      Condition c = step.condition();
      if (c != null && !url.contains(c.urlIncludes())) {
        return StepResult.skipped(step.id(), "condition does not hold", url);
      }
      if (c != null) return StepResult.success(step.id(), "holds", url, null);
      performed.add(step.id());
      if ("click".equals(step.type()) && "#up".equals(step.selector().css())) {
        if (uncertainUp) return StepResult.uncertain(step.id(), "the connection dropped.");
        url = url.equals("/c") ? "/b" : "/a";
      } else if ("click".equals(step.type())) {
        url = url.equals("/a") ? "/b" : "/c";
      }
      return StepResult.success(step.id(), null, url, null);
    }

    @Override
    public StepResult gate(Step step, long limitMs) {
      throw new AssertionError("no gates here");
    }
  }

  @Test
  void startAtAnEarlierPointFollowsRewindsBackThroughTheChain() throws Exception {
    Workflow wf = WorkflowYaml.read(CHAIN);
    Pages pages = new Pages("/c");
    ReplayResult r = new WorkflowRunner(pages).run(wf, WorkflowRunner.Options.of(Map.of()).withStartAt("a"));

    assertThat(r.ok()).as(String.valueOf(r.error())).isTrue();
    assertThat(r.start()).isEqualTo("a");
    assertThat(pages.performed).containsExactly("rewind-c-b", "rewind-b-a", "at-a", "to-b", "at-b", "to-c", "at-c");
    assertThat(pages.url).isEqualTo("/c");
  }

  @Test
  void autoStartsAtTheLatestPointThatHolds() throws Exception {
    Pages pages = new Pages("/b");
    ReplayResult r = new WorkflowRunner(pages).run(WorkflowYaml.read(CHAIN), WorkflowRunner.Options.of(Map.of()).withStartAt("auto"));

    assertThat(r.start()).isEqualTo("b");
    assertThat(pages.performed).containsExactly("at-b", "to-c", "at-c");
  }

  @Test
  void aDialogTheCheckOfAPointMetIsToldByTheNextStepAsAnsweredBeforeIt() throws Exception {
    Pages pages = new Pages("/b") {
      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
        StepResult r = super.perform(step, values, timeoutMs);
        if (step.condition() == null || r.skipped()) return r;
        // the page asked while the point's condition was read (a session timer)
        StepOutcome asked = new StepOutcome(List.of(new StepOutcome.Dialog("alert", "Your session ends soon", "dismissed", "probe")),
            null, null, null, false, null, null, false, null);
        return new StepResult(r.stepId(), true, null, r.data(), r.url(), null, false, false, false, asked, null);
      }
    };
    ReplayResult r = new WorkflowRunner(pages).run(WorkflowYaml.read(CHAIN), WorkflowRunner.Options.of(Map.of()).withStartAt("auto"));

    assertThat(r.steps().get(0).stepId()).isEqualTo("at-b");
    List<StepOutcome.Dialog> told = r.steps().stream().flatMap(s -> s.outcome() == null ? java.util.stream.Stream.empty()
        : s.outcome().dialogs().stream()).toList();
    assertThat(told).as("every dialog a check met is told once, by the step after it").isNotEmpty()
        .allSatisfy(d -> assertThat(d.beforeStep()).isTrue()).allSatisfy(d -> assertThat(d.step()).isNull());
    assertThat(r.steps().get(0).outcome().dialogs()).singleElement().extracting(StepOutcome.Dialog::message)
        .isEqualTo("Your session ends soon");
  }

  @Test
  void anUncertainRewindStopsTheRunAndIsNotFollowedByAnotherWayBack() throws Exception {
    Pages pages = new Pages("/c");
    pages.uncertainUp = true;
    ReplayResult r = new WorkflowRunner(pages).run(WorkflowYaml.read(CHAIN), WorkflowRunner.Options.of(Map.of()).withStartAt("a"));

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.UNCERTAIN);
    assertThat(r.failedStep()).isEqualTo("rewind-c-b");
    assertThat(pages.performed).containsExactly("rewind-c-b");
  }

  @Test
  void aPointTheBrowserCannotReachIsReportedWithoutPerformingAnything() throws Exception {
    Pages pages = new Pages("/elsewhere");
    ReplayResult r = new WorkflowRunner(pages).run(WorkflowYaml.read(CHAIN), WorkflowRunner.Options.of(Map.of()).withStartAt("b"));

    assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.START_NOT_REACHED);
    assertThat(r.error()).contains("resume point b");
    assertThat(pages.performed).isEmpty();
  }

  @Test
  void whatAStepMadeHappenIsOnItsLineMaskedAndAPlainStepHasNone() throws Exception {
    String yaml = """
        id: outcomes
        steps:
          - id: del
            type: click
            selector: {css: "#del"}
          - id: plain
            type: click
            selector: {css: "#ok"}
        """;
    ReplayBrowser browser = new ReplayBrowser() {
      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
        if (!"del".equals(step.id())) return StepResult.success(step.id(), null, "/a", null);
        var o = new dev.waymark.workflow.StepOutcome(List.of(new dev.waymark.workflow.StepOutcome.Dialog("confirm",
            "Delete the order of s3cr3t-code?", "dismissed", null)), null, null, null, false, null, null, false, null);
        return new StepResult(step.id(), true, null, null, "/a", null, false, false, false, o);
      }

      @Override
      public StepResult gate(Step step, long limitMs) {
        throw new AssertionError("no gates here");
      }
    };
    List<ReplayStepResult> lines = new ArrayList<>();
    new WorkflowRunner(browser).run(WorkflowYaml.read(yaml),
        WorkflowRunner.Options.of(Map.of("code", "s3cr3t-code")).withListeners(lines::add, p -> { }));

    assertThat(lines.get(0).outcome().dialogs()).singleElement()
        .satisfies(d -> assertThat(d.message()).isEqualTo("Delete the order of {{ code }}?"));
    assertThat(dev.waymark.workflow.Json.write(lines.get(0))).contains("\"outcome\":{\"dialogs\"");
    assertThat(lines.get(1).outcome()).isNull();
    assertThat(dev.waymark.workflow.Json.write(lines.get(1))).doesNotContain("outcome");
  }

  @Test
  void aLongListPrintsHowFarItHasGotWhileItRuns() throws Exception {
    String yaml = """
        id: orders
        steps:
          - id: orders
            type: extractList
            selector: {css: "#orders > li"}
        """;
    ReplayBrowser browser = new ReplayBrowser() {
      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
        throw new AssertionError("a list is performed with its progress listener");
      }

      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs,
          java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) {
        progress.accept(new dev.waymark.workflow.StepProgress(step.id(), 10, 1));
        progress.accept(new dev.waymark.workflow.StepProgress(step.id(), 20, 2));
        return StepResult.success(step.id(), "[]", "/orders", null);
      }

      @Override
      public StepResult gate(Step step, long limitMs) {
        throw new AssertionError("no gates here");
      }
    };
    List<String> lines = new ArrayList<>();
    ReplayResult r = new WorkflowRunner(browser).run(WorkflowYaml.read(yaml),
        WorkflowRunner.Options.of(Map.of()).withListeners(x -> { }, lines::add));

    assertThat(r.ok()).isTrue();
    assertThat(lines).startsWith("orders: Reading list: 10 rows, 1 page", "orders: Reading list: 20 rows, 2 pages");
  }

  @Test
  void anUploadNamingASlotAStepReadOffThePageFailsWithoutSendingIt() throws Exception {
    String yaml = """
        id: upload-slot
        steps:
          - id: read
            type: extract
            selector: {css: "#path"}
            store: path
          - id: attach
            type: upload
            selector: {css: "input[type=file]"}
            value: "{{ path }}"
        """;
    List<String> sent = new ArrayList<>();
    ReplayBrowser browser = new ReplayBrowser() {
      @Override
      public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
        sent.add(step.id());
        return StepResult.success(step.id(), "/home/ann/.ssh/id_ed25519", "/form", null);
      }

      @Override
      public StepResult gate(Step step, long limitMs) {
        throw new AssertionError("no gates here");
      }
    };
    ReplayResult r = new WorkflowRunner(browser).run(WorkflowYaml.read(yaml), WorkflowRunner.Options.of(Map.of()));

    assertThat(r.ok()).isFalse();
    assertThat(sent).containsExactly("read");
    assertThat(r.error()).contains("an upload takes a file variable, not the slot {{ path }}");
  }
}

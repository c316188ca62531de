package dev.waymark.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import dev.waymark.workflow.SelectorEdits;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The heal diff writer: the healed file differs from the original only in the healed selectors, and the diff applies. */
class HealsTest {
  // Hand-written on purpose: a comment, quoting styles, blank lines and a list item that opens with its selector.
  static final String YAML = """
      id: todos
      name: Tick the dog
      # authored on the original build
      steps:
        - id: open
          type: navigate
          url: "http://127.0.0.1:5000/executor/identity.html?v=original"
        - id: toggle
          type: click
          label: Toggle
          selector:
            css: '#todo-list > li:nth-of-type(2) > input'   # positional: a moved row misleads it

          target:
            role: checkbox
            name: Toggle
            context: Walk dog
        - selector:
            css: "#save"
          type: click
          id: save
          timeout_ms: 2500
      """;

  static StepOutcome.Heal heal(String from, Selector to) {
    return new StepOutcome.Heal(Selector.css(from), to, 0.93, 0.41, "the selector found another element",
        "checkbox \"Toggle\" in \"Walk dog\"");
  }

  static ReplayStepResult line(String id, StepOutcome.Heal h, boolean rewind) {
    StepOutcome o = h == null ? null : new StepOutcome(null, null, null, null, false, null, null, false, null, h);
    return new ReplayStepResult(id, "click", "Toggle", true, false, null, null, null, false, false, rewind, null, o);
  }

  static ReplayResult result(ReplayStepResult... lines) {
    return new ReplayResult(true, List.of(lines), Map.of(), null, null, null, ReplayResult.Outcome.COMPLETED);
  }

  static List<String> lines(String s) {
    List<String> l = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
    if (l.get(l.size() - 1).isEmpty()) l.remove(l.size() - 1);
    return l;
  }

  @Test
  void theHealedFileChangesOnlyTheHealedSelectorsAndEveryOtherByteStays() throws Exception {
    Workflow w = WorkflowYaml.read(YAML);
    Selector to = new Selector("#items > li:nth-of-type(1) > input", null, null, List.of("#frame"), null, false);
    List<Heals.Found> heals = Heals.of(w, result(line("open", null, false), line("toggle", heal("#x", to), false),
        line("save", heal("#save", Selector.css("#save-btn")), false)));
    assertThat(heals).extracting(Heals.Found::stepIndex).containsExactly(1, 2);

    String healed = Heals.healedYaml(YAML, heals);

    Workflow after = WorkflowYaml.read(healed);
    assertThat(after.steps().get(1).selector()).isEqualTo(to);
    assertThat(after.steps().get(2).selector()).isEqualTo(Selector.css("#save-btn"));
    assertThat(after.steps().get(1).target()).isEqualTo(w.steps().get(1).target());
    Patch<String> patch = DiffUtils.diff(lines(YAML), lines(healed));
    List<String> removed = new ArrayList<>();
    patch.getDeltas().forEach(d -> removed.addAll(d.getSource().getLines()));
    assertThat(removed).as("only selector blocks leave").allSatisfy(l -> assertThat(l.strip())
        .matches("(- )?selector:|css: .*|"));
    assertThat(healed).contains("# authored on the original build").contains("\n\n    target:");
    // Everything outside the two selector blocks is the original text, in order.
    assertThat(healed.substring(0, healed.indexOf("    selector:"))).isEqualTo(YAML.substring(0, YAML.indexOf("    selector:")));
    assertThat(healed.substring(healed.indexOf("\n    target:"))).startsWith(YAML.substring(YAML.indexOf("\n    target:"),
        YAML.indexOf("  - selector:")));
    assertThat(healed).endsWith("    type: click\n    id: save\n    timeout_ms: 2500\n");
  }

  @Test
  void theDiffAppliesToTheOriginalAndGivesTheHealedFileWithTheEvidenceAbove() throws Exception {
    Workflow w = WorkflowYaml.read(YAML);
    List<Heals.Found> heals = Heals.of(w, result(line("toggle", heal("#x", Selector.css("#items > li:nth-of-type(1) > input")), false)));
    String healed = Heals.healedYaml(YAML, heals);

    String diff = Heals.unifiedDiff("todos.yaml", YAML, healed, heals);

    assertThat(diff).contains("--- a/todos.yaml\n+++ b/todos.yaml\n@@ ")
        .contains("-      css: '#todo-list > li:nth-of-type(2) > input'   # positional: a moved row misleads it")
        .contains("+      css: \"#items > li:nth-of-type(1) > input\"")
        .contains("step toggle (\"Toggle\"): the selector found another element; was #x; acted through "
            + "#items > li:nth-of-type(1) > input on checkbox \"Toggle\" in \"Walk dog\" (score 0.93, next best 0.41)");
    List<String> diffLines = lines(diff.substring(diff.indexOf("--- a/")));
    Patch<String> parsed = UnifiedDiffUtils.parseUnifiedDiff(diffLines);
    assertThat(String.join("\n", DiffUtils.patch(lines(YAML), parsed)) + "\n").isEqualTo(healed);
    assertThat(diff.lines().filter(l -> l.startsWith("+") && !l.startsWith("+++")).toList())
        .containsExactly("+      css: \"#items > li:nth-of-type(1) > input\"");
  }

  @Test
  void noHealsMeansTheSameFileAndAnEmptyDiff() throws Exception {
    Workflow w = WorkflowYaml.read(YAML);
    List<Heals.Found> heals = Heals.of(w, result(line("open", null, false), line("toggle", null, false)));
    assertThat(heals).isEmpty();
    assertThat(Heals.healedYaml(YAML, heals)).isSameAs(YAML);
    assertThat(Heals.unifiedDiff("todos.yaml", YAML, YAML, heals)).isEmpty();
  }

  @Test
  void aRewindsHealIsKeptButNotWrittenIntoTheFile() throws Exception {
    Workflow w = WorkflowYaml.read(YAML);
    List<Heals.Found> heals = Heals.of(w, result(line("toggle", heal("#back", Selector.css("#go-back")), true)));
    assertThat(heals).singleElement().satisfies(f -> assertThat(f.writable()).isFalse());
    assertThat(Heals.healedYaml(YAML, heals)).isEqualTo(YAML);
  }

  @Test
  void aFileTheNormalWriterWroteHealsToWhatTheWriterWouldWriteForTheHealedWorkflow() throws Exception {
    Workflow w = WorkflowYaml.read(YAML);
    String normal = WorkflowYaml.write(w);
    Selector to = new Selector("#a", null, List.of(1, 2), List.of("x-host"), null, false);
    String healed = Heals.healedYaml(normal, Heals.of(w, result(line("save", heal("#save", to), false))));
    List<dev.waymark.workflow.Step> steps = new ArrayList<>(w.steps());
    steps.set(2, steps.get(2).toBuilder().selector(to).build());
    assertThat(healed).isEqualTo(WorkflowYaml.write(new Workflow(w.id(), w.name(), w.description(), w.variables(), steps)));
  }

  @Test
  void aSelectorWrittenInFlowStyleInsideAFlowStepIsRefusedNotGuessed() throws Exception {
    String flow = "id: f\nsteps:\n  - {id: a, type: click, selector: {css: '#a'}}\n";
    assertThatThrownBy(() -> SelectorEdits.replace(flow, Map.of(0, Selector.css("#b"))))
        .isInstanceOf(SelectorEdits.EditException.class).hasMessageContaining("flow style");
  }

  @Test
  void aSelectorInFlowStyleOnItsOwnLineIsReplaced() throws Exception {
    String flow = "id: f\nsteps:\n  - id: a\n    type: click\n    selector: {css: '#a'}\n    label: A\n";
    assertThat(SelectorEdits.replace(flow, Map.of(0, Selector.css("#b"))))
        .isEqualTo("id: f\nsteps:\n  - id: a\n    type: click\n    selector:\n      css: \"#b\"\n    label: A\n");
  }
}

package dev.waymark.replay;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import dev.waymark.workflow.SelectorEdits;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The heals of one replay as changes a person reviews: which workflow steps acted through another selector than
 * the file says, with the evidence, the file with those selectors replaced, and that change as a unified diff.
 * A rewind's heal is kept with the others but not written into the file (a rewind's selector is plain CSS text).
 */
public final class Heals {
  /** How many unchanged lines a hunk shows around a change. */
  static final int CONTEXT_LINES = 3;

  private Heals() {}

  /**
   * One heal: the workflow step (index and id) and the evidence the browser gave.
   *
   * @param stepIndex the step's position in the workflow, -1 for a rewind (not a step of the file)
   */
  public record Found(int stepIndex, String stepId, String label, StepOutcome.Heal heal) {
    /** Whether the heal can be written into the file: a workflow step with a selector to act through. */
    public boolean writable() {
      return stepIndex >= 0 && heal.to() != null;
    }

    /** One line of evidence for a person: what was wrong, what it acted on, how sure. */
    public String evidence() {
      StringBuilder b = new StringBuilder("step ").append(stepId);
      if (label != null && !label.isBlank()) b.append(" (\"").append(label).append("\")");
      return b.append(": ").append(detail()).toString();
    }

    /** The evidence without the step's name: why, the old and new selector, the element, the scores. */
    public String detail() {
      StringBuilder b = new StringBuilder(heal.reason() == null ? "the selector no longer led to its element" : heal.reason());
      if (heal.from() != null) b.append("; was ").append(heal.from().describe());
      if (heal.to() != null) b.append("; acted through ").append(heal.to().describe());
      if (heal.element() != null) b.append(" on ").append(heal.element());
      b.append(" (score ").append(String.format(Locale.ROOT, "%.2f", heal.score()));
      if (heal.runnerUp() != null) b.append(", next best ").append(String.format(Locale.ROOT, "%.2f", heal.runnerUp()));
      return b.append(')').toString();
    }
  }

  /** The heals of a run, in the order they happened. */
  public static List<Found> of(Workflow workflow, ReplayResult result) {
    Map<String, Integer> index = new LinkedHashMap<>();
    List<Step> steps = workflow.steps();
    for (int i = 0; i < steps.size(); i++) index.putIfAbsent(idOf(steps.get(i), i), i);
    List<Found> out = new ArrayList<>();
    for (ReplayStepResult r : result.steps()) {
      if (r.outcome() == null || r.outcome().healed() == null) continue;
      int at = r.rewind() ? -1 : index.getOrDefault(r.stepId(), -1);
      out.add(new Found(at, r.stepId(), r.label(), r.outcome().healed()));
    }
    return out;
  }

  /** The heal of one step's result, or null when it did not heal. */
  public static Found of(Workflow workflow, ReplayStepResult r) {
    if (r.outcome() == null || r.outcome().healed() == null) return null;
    int at = -1;
    List<Step> steps = workflow.steps();
    for (int i = 0; i < steps.size() && !r.rewind(); i++) {
      if (idOf(steps.get(i), i).equals(r.stepId())) {
        at = i;
        break;
      }
    }
    return new Found(at, r.stepId(), r.label(), r.outcome().healed());
  }

  /**
   * The workflow file with each writable heal's selector replaced by the one the step acted through.
   *
   * @throws SelectorEdits.EditException the file's layout does not allow replacing only those lines
   */
  public static String healedYaml(String yaml, List<Found> heals) throws WorkflowLoadException, SelectorEdits.EditException {
    Map<Integer, Selector> byStep = new LinkedHashMap<>();
    for (Found f : heals) if (f.writable()) byStep.put(f.stepIndex(), f.heal().to());
    if (byStep.isEmpty()) return yaml;
    return SelectorEdits.replace(yaml, byStep);
  }

  /**
   * A unified diff from {@code original} to {@code healed} (git's {@code a/} and {@code b/} names, so
   * {@code git apply} or {@code patch -p1} takes it), after a preamble that gives each heal's evidence; tools that
   * apply a patch skip the text before its first {@code ---} line. Empty when nothing changed.
   */
  public static String unifiedDiff(String fileName, String original, String healed, List<Found> heals) {
    if (original.equals(healed)) return "";
    List<String> a = lines(original);
    List<String> b = lines(healed);
    Patch<String> patch = DiffUtils.diff(a, b);
    List<String> diff = UnifiedDiffUtils.generateUnifiedDiff("a/" + fileName, "b/" + fileName, a, patch, CONTEXT_LINES);
    StringBuilder out = new StringBuilder();
    out.append("Heals found by waymark run; review them before you apply this patch.\n");
    for (Found f : heals) out.append(f.writable() ? "  " : "  (not in the diff) ").append(oneLine(f.evidence())).append('\n');
    out.append('\n');
    for (String l : diff) out.append(l).append('\n');
    return out.toString();
  }

  private static List<String> lines(String text) {
    List<String> l = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    // A final newline ends the last line; it does not start an empty one.
    if (!l.isEmpty() && l.get(l.size() - 1).isEmpty()) l.remove(l.size() - 1);
    return l;
  }

  private static String oneLine(String s) {
    return s.replace('\r', ' ').replace('\n', ' ');
  }

  static String idOf(Step s, int index) {
    return s.id() != null && !s.id().isBlank() ? s.id() : "step-" + (index + 1);
  }
}

package dev.waymark.decide;

import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepTypes;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The step types one turn's prompt offers a model, of those the session may write (decision 0070): the tab steps
 * only once the task has had tabs to work with, an upload only when the session has a variable to name its file. Nearly
 * every session works in one tab, and most have no file to upload; their lines of instructions and schema entries
 * were sent on every request for nothing. Narrowing what is offered never narrows what is accepted: the session still
 * takes a step it may write (validation reads the whole writable set).
 */
final class OfferedSteps {
  static final Set<String> TAB_STEPS = Set.of(StepTypes.SWITCH_TAB, StepTypes.CLOSE_TAB, StepTypes.ADOPT_TAB);

  private OfferedSteps() {}

  /**
   * {@code writable} without the tab steps, unless a page of the session has shown tab lines ({@code tabsShown}) or a
   * turn of the trail opened, closed or worked in a tab; and without upload when there is no variable (an upload's
   * value is a file variable's token). Both only ever widen within a session — the trail keeps its turns, and the
   * session remembers the tabs it was shown — and variables change only when the person edits them, so the system
   * text and schema a provider caches change rarely.
   */
  static Set<String> forTurn(Set<String> writable, Map<String, String> variables, boolean tabsShown, List<ExtTurn> trail) {
    Set<String> offered = new LinkedHashSet<>(writable);
    if (!tabsShown && !tabsUsed(trail)) offered.removeAll(TAB_STEPS);
    if (variables.isEmpty()) offered.remove(StepTypes.UPLOAD);
    // an empty set would read as the default set
    return offered.isEmpty() ? writable : offered;
  }

  /**
   * Whether a step of the trail opened a dialog: from then on a turn offers {@code accept_dialog} (decision 0075). The
   * turn that reports the dialog says how to answer it, so a session that never meets one is not taught the flag.
   */
  static boolean dialogSeen(List<ExtTurn> trail) {
    return anyOutcome(trail, o -> !o.dialogs().isEmpty());
  }

  /** Whether a step of the trail started a download: from then on a turn offers {@code allow_download} (0075). */
  static boolean downloadSeen(List<ExtTurn> trail) {
    return anyOutcome(trail, o -> !o.downloads().isEmpty());
  }

  private static boolean anyOutcome(List<ExtTurn> trail, java.util.function.Predicate<StepOutcome> met) {
    return trail.stream().map(ExtTurn::outcome).anyMatch(o -> o != null && met.test(o));
  }

  private static boolean tabsUsed(List<ExtTurn> trail) {
    for (ExtTurn t : trail) {
      if (t.type() != null && TAB_STEPS.contains(t.type())) return true;
      StepOutcome o = t.outcome();
      if (o != null && ((o.tabsOpened() != null && !o.tabsOpened().isEmpty())
          || (o.tabsClosed() != null && !o.tabsClosed().isEmpty()))) {
        return true;
      }
    }
    return false;
  }
}

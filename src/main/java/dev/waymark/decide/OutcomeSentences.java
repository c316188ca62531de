package dev.waymark.decide;

import dev.waymark.observe.CompactObservation;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a step made happen besides itself, in words: one sentence per dialog, download, tab, truncation and skipped
 * condition. The model reads them in the record of turns, with what to do next when it can change the answer
 * ("To accept it, repeat the step with accept_dialog: true."); the person reads them in the studio's trail and notice,
 * without that advice, which is for the decider.
 */
public final class OutcomeSentences {
  private static final int QUOTE_CHARS = 160;

  private OutcomeSentences() {}

  /**
   * The sentences for the model, advice included (empty when nothing happened), for a session that allows downloads
   * or not ({@code downloadsAllowed}): a blocked download's advice is to repeat the step with allow_download only
   * where the session would take that step.
   */
  public static List<String> forModel(String type, StepOutcome o, boolean downloadsAllowed) {
    return sentences(type, o, true, downloadsAllowed);
  }

  /** The sentences for the person, in one line; empty text when nothing happened. */
  public static String forPerson(String type, StepOutcome o) {
    List<String> s = sentences(type, o, false, true);
    StringBuilder b = new StringBuilder();
    for (String one : s) b.append(b.length() == 0 ? "" : " ").append(capitalized(one));
    return b.toString();
  }

  static List<String> sentences(String type, StepOutcome o, boolean advice, boolean downloadsAllowed) {
    List<String> out = new ArrayList<>();
    if (o == null || o.isEmpty()) return out;
    String the = "the " + (type == null || type.isBlank() ? "step" : type);
    if (o.skipped()) {
      out.add(the + " was skipped: its condition does not hold" + (o.condition() == null || o.condition().isBlank() ? ""
          : " (" + quoteless(o.condition()) + ")") + ".");
    }
    for (StepOutcome.Dialog d : o.dialogs()) out.add(dialog(the, StepTypes.WAIT.equals(type), d, advice));
    for (StepOutcome.Download d : o.downloads()) out.add(download(the, d, advice, downloadsAllowed));
    for (StepOutcome.Tab t : o.tabsOpened()) {
      StringBuilder b = new StringBuilder(the).append(" opened a new tab ").append(t.id());
      List<String> what = new ArrayList<>();
      if (t.url() != null && !t.url().isBlank()) what.add(one(t.url(), 200));
      if (t.title() != null && !t.title().isBlank()) what.add("\"" + one(t.title(), 120) + "\"");
      if (!what.isEmpty()) b.append(" (").append(String.join(", ", what)).append(')');
      b.append(advice ? "; switch to it with switchTab value " + t.id() + "." : ".");
      out.add(b.toString());
    }
    for (Integer id : o.tabsClosed()) out.add(the + " closed tab " + id + ".");
    if (o.healed() != null) {
      StepOutcome.Heal h = o.healed();
      out.add(the + " was healed: " + (h.reason() == null ? "its selector no longer led to its element" : h.reason())
          + ", so it acted on " + (h.element() == null ? "the element" : one(h.element(), 160)) + ", found by who it is ("
          + String.format(java.util.Locale.ROOT, "%.2f", h.score())
          + (h.runnerUp() == null ? "" : String.format(java.util.Locale.ROOT, " against %.2f for the next", h.runnerUp()))
          + ")" + (h.to() == null ? "" : "; its selector now: " + h.to().describe()) + ".");
    }
    for (StepOutcome.LateEffect l : o.lateEffects()) out.add(late(l, advice));
    if (o.truncated() || (o.pages() != null && o.pages() > 1)) {
      StringBuilder b = new StringBuilder(the).append(" read ");
      b.append(o.items() == null ? "its items" : o.items() + (o.items() == 1 ? " item" : " items"));
      if (o.pages() != null && o.pages() > 0) b.append(" over ").append(o.pages()).append(o.pages() == 1 ? " page" : " pages");
      if (o.stopped()) {
        b.append(" and was stopped by the person before its end: the list has more");
        if (advice) b.append(". Go on with the rows it read; read it again only when the person asks");
      } else if (o.truncated()) {
        b.append(" and stopped at its limit: the list has more");
        if (advice) b.append(". To read more, repeat it with a larger limit");
      }
      out.add(b.append('.').toString());
    }
    return out;
  }

  /** A click before this step whose verdict saw no change, and what the page did after it. */
  public static String late(StepOutcome.LateEffect l, boolean advice) {
    String what = l.effect() == null || l.effect().isBlank() ? "the page changed" : one(l.effect(), QUOTE_CHARS);
    return "Late effect of " + CompactObservation.lateStep(l.turn(), l.stepId()) + ", which saw no change by its verdict: "
        + what + ", " + l.afterMs() + " ms after it" + (advice ? "; the page now shows what it did." : ".");
  }

  private static String dialog(String the, boolean waited, StepOutcome.Dialog d, boolean advice) {
    String kind = d.kind() == null ? "dialog" : d.kind();
    String what = "alert".equals(kind) ? "an alert" : "a " + kind + " dialog";
    // One answered before the step began came from what the page did after the step before (a timer), and one a wait
    // step met the page opened while it waited: neither is what the step did.
    StringBuilder b = d.beforeStep() ? new StringBuilder("before ").append(the).append(" began, the page opened ").append(what)
        : waited ? new StringBuilder("while the wait ran, the page opened ").append(what)
        : new StringBuilder(the).append(" opened ").append(what);
    if (d.message() != null && !d.message().isBlank()) b.append(" '").append(one(d.message(), QUOTE_CHARS)).append('\'');
    if (d.beforeStep()) b.append(" on its own, after the step before had answered");
    String answered = d.answered() == null ? "dismissed" : d.answered();
    if ("dismissed".equals(answered)) {
      b.append("; it was dismissed.");
      // (the system text no longer teaches the flag: this is where a model learns it, decision 0075; a dialog is
      // answered by the accept_dialog of the step it opens within, a wait step's included, on both drivers)
      if (advice && !"alert".equals(kind)) {
        b.append(d.beforeStep() || waited
            ? " To accept it, give the step that makes the page open it accept_dialog: true and follow it with a wait step"
                + " that has accept_dialog: true too."
            : " To accept it, repeat the step with accept_dialog: true.").append(" The person approves it.");
      }
    } else if ("accepted".equals(answered)) {
      b.append("; it was accepted.");
    } else {
      b.append("; it was answered with '").append(one(answered, QUOTE_CHARS)).append("'.");
    }
    return b.toString();
  }

  private static String download(String the, StepOutcome.Download d, boolean advice, boolean allowed) {
    StringBuilder b = new StringBuilder(the).append(" started a download of ")
        .append(d.filename() == null || d.filename().isBlank() ? "a file" : one(d.filename(), 200));
    List<String> about = new ArrayList<>();
    if (d.mime() != null && !d.mime().isBlank()) about.add(d.mime());
    if (d.size() > 0) about.add(size(d.size()));
    if (!about.isEmpty()) b.append(" (").append(String.join(", ", about)).append(')');
    if (d.blocked()) {
      b.append("; it was blocked.");
      if (advice && allowed) b.append(" To allow it, repeat the step with allow_download: true. The person approves it.");
      else if (advice) b.append(" This session does not allow downloads: if the goal needs the file, ask the person in a userStep or report blocked.");
    } else if (d.savedTo() != null && !d.savedTo().isBlank()) {
      b.append("; it was allowed and saved to ").append(one(d.savedTo(), 300)).append('.');
    } else {
      b.append("; it was allowed.");
    }
    return b.toString();
  }

  /** 812 bytes, 1.2 kB, 3.4 MB: decimal units, as a browser's download list shows them. */
  static String size(long bytes) {
    if (bytes < 1000) return bytes + (bytes == 1 ? " byte" : " bytes");
    if (bytes < 1_000_000) return String.format(Locale.ROOT, "%.1f kB", bytes / 1000.0);
    if (bytes < 1_000_000_000) return String.format(Locale.ROOT, "%.1f MB", bytes / 1_000_000.0);
    return String.format(Locale.ROOT, "%.1f GB", bytes / 1_000_000_000.0);
  }

  // The browser's detail repeats the words around it ("condition does not hold: no element matches #x").
  private static String quoteless(String s) {
    String t = s.strip().replaceFirst("^(the )?condition does not hold:?\\s*", "");
    return one(t.isEmpty() ? s : t, QUOTE_CHARS);
  }

  private static String one(String s, int max) {
    String t = s.replaceAll("\\s+", " ").strip();
    return t.length() <= max ? t : t.substring(0, max - 1) + "…";
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}

package dev.waymark.ui.decision;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.waymark.apply.DecisionException;
import dev.waymark.apply.DecisionParser;
import dev.waymark.apply.StepDecisions;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.TurnOutcome;
import dev.waymark.ui.common.Problems;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The decision editor's state: the text, what it is (new, a model's proposal, an edit of the waiting step),
 * and the error the turn would report, found by parsing locally and then asking the session to check it.
 */
public final class DecisionEditorViewModel {
  /** What the text in the editor is. */
  public enum Mode { NEW, PROPOSED, EDITING_PENDING }

  private static final Pattern QUOTED = Pattern.compile("\"([^\"]{1,80})\"|\\{\\{ ?[^}]+ ?}}");

  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final Supplier<String> selectedRef;
  private final StringProperty text = new SimpleStringProperty("");
  private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
  private final ReadOnlyIntegerWrapper errorStart = new ReadOnlyIntegerWrapper(-1);
  private final ReadOnlyIntegerWrapper errorEnd = new ReadOnlyIntegerWrapper(-1);
  private final ReadOnlyObjectWrapper<Mode> mode = new ReadOnlyObjectWrapper<>(Mode.NEW);
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
  private final ReadOnlyBooleanWrapper pendingWaiting = new ReadOnlyBooleanWrapper();
  // While a decision source writes: who, since when (the clock's nanos), how much it wrote; then what it cost.
  private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper("");
  private java.util.function.LongSupplier clock = System::nanoTime;
  private long waitingSince = -1;
  private String waitingFor;
  private int streamedChars;
  private String proposal;
  private long proposalSerial;
  private long checkSerial;

  public DecisionEditorViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, Supplier<String> selectedRef) {
    this.session = session;
    this.ui = ui;
    this.problems = problems;
    this.selectedRef = selectedRef;
  }

  public void accept(SessionSnapshot s) {
    busy.set(s.busy());
    trackSource(s);
    pendingWaiting.set(s.pending() != null);
    if (s.pending() == null && mode.get() == Mode.EDITING_PENDING) {
      mode.set(Mode.NEW);
      text.set("");
    }
    if (s.streaming() != null && !s.streaming().equals(text.get())) {
      // The model is still writing: show its reply as it grows; the finished proposal replaces it.
      mode.set(Mode.PROPOSED);
      text.set(s.streaming());
    }
    if (s.proposalSerial() != proposalSerial) {
      proposalSerial = s.proposalSerial();
      proposal = s.proposedDecision();
      mode.set(Mode.PROPOSED);
      text.set(proposal == null ? "" : proposal);
    }
  }

  /**
   * A model or program writing its decision: "Waiting for openai:gpt-4o · 3.4 s · ~120 tokens so far", then what the
   * decision cost once it is in. The view ticks it while it waits, so the seconds move between snapshots.
   */
  private void trackSource(SessionSnapshot s) {
    String act = s.activity();
    boolean waiting = act != null && act.startsWith("Waiting for ") && !act.startsWith("Waiting for you");
    if (waiting) {
      if (waitingSince < 0) waitingSince = clock.getAsLong();
      waitingFor = act;
      streamedChars = s.streaming() == null ? 0 : s.streaming().length();
      tick();
    } else if (waitingSince >= 0) {
      double secs = (clock.getAsLong() - waitingSince) / 1e9;
      waitingSince = -1;
      progress.set(String.format(java.util.Locale.ROOT, "Decided in %.1f s", secs)
          + (s.lastUsage() == null ? "" : " · " + s.lastUsage().describe()));
    }
  }

  /** Moves the elapsed seconds on while a decision source writes; nothing otherwise. */
  public void tick() {
    if (waitingSince < 0) return;
    double secs = (clock.getAsLong() - waitingSince) / 1e9;
    progress.set(String.format(java.util.Locale.ROOT, "%s · %.1f s · ~%d tokens so far", waitingFor, secs,
        (streamedChars + 3) / 4));
  }

  /** The clock the elapsed time is read from (tests set their own). */
  public void setClock(java.util.function.LongSupplier nanos) {
    clock = nanos;
  }

  public ReadOnlyStringProperty progressProperty() { return progress.getReadOnlyProperty(); }

  /** Loads the waiting step into the editor as a decision the person can change (Ctrl+E). */
  public void editPending(SessionSnapshot s) {
    if (s.pending() == null) return;
    // Every field of the waiting step, so an edit changes only what the person changes.
    text.set(StepDecisions.decision(s.pending().step(), s.pending().ref(), s.pending().reasoning()));
    mode.set(Mode.EDITING_PENDING);
  }

  /** A skeleton decision of a step type, aimed at the selected element when there is one. */
  public void insertTemplate(String type) {
    String ref = selectedRef.get();
    String r = ref == null ? "e1" : ref;
    String step = switch (type) {
      case "click" -> "{\"type\": \"click\", \"ref\": \"" + r + "\"}";
      case "fill" -> "{\"type\": \"fill\", \"ref\": \"" + r + "\", \"value\": \"{{ name }}\"}";
      case "select" -> "{\"type\": \"select\", \"ref\": \"" + r + "\", \"value\": \"\"}";
      case "press" -> "{\"type\": \"press\", \"value\": \"Enter\"}";
      case "navigate" -> "{\"type\": \"navigate\", \"url\": \"https://\"}";
      case "extract" -> "{\"type\": \"extract\", \"ref\": \"" + r + "\"}";
      case "wait" -> "{\"type\": \"wait\", \"wait\": {\"text\": \"\", \"timeout_ms\": 10000}}";
      default -> null;
    };
    String d = step == null ? "{\n  \"reasoning\": \"the goal is reached\",\n  \"done\": true\n}"
        : "{\n  \"reasoning\": \"\",\n  \"step\": " + step + "\n}";
    if (mode.get() != Mode.EDITING_PENDING) mode.set(Mode.NEW);
    text.set(d);
  }

  public void clear() {
    if (mode.get() != Mode.EDITING_PENDING) mode.set(Mode.NEW);
    text.set("");
  }

  /** Who the text counts as decided by: the model while it is its unchanged proposal, the person otherwise. */
  public String decidedBy() {
    return mode.get() == Mode.PROPOSED && proposal != null && proposal.equals(text.get()) ? Provenance.MODEL : Provenance.PERSON;
  }

  /** Checks the text (called debounced by the view): syntax here, may-write rules on the session thread. */
  public void check() {
    String t = text.get();
    long serial = ++checkSerial;
    if (t == null || t.isBlank()) {
      setError(serial, null, t);
      return;
    }
    int start = Math.max(0, t.indexOf('{'));
    try {
      Json.mapper().readTree(t.substring(start));
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      int offset = loc == null ? -1 : start + offsetOf(t.substring(start), loc.getLineNr(), loc.getColumnNr());
      error.set("Not valid JSON: " + e.getOriginalMessage() + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")"));
      errorStart.set(Math.max(0, offset - 1));
      errorEnd.set(offset < 0 ? -1 : Math.min(t.length(), offset + 1));
      return;
    }
    try {
      DecisionParser.parse(t);
    } catch (DecisionException e) {
      setError(serial, e.getMessage(), t);
      return;
    }
    String by = mode.get() == Mode.EDITING_PENDING ? Provenance.PERSON : decidedBy();
    session.check(t, by).whenComplete((err, ex) -> ui.execute(() -> {
      if (ex != null) setError(serial, Problems.describe(ex), t);
      else setError(serial, err, t);
    }));
  }

  private void setError(long serial, String message, String checkedText) {
    if (serial != checkSerial) return;
    error.set(message == null ? "" : message);
    if (message == null || checkedText == null) {
      errorStart.set(-1);
      errorEnd.set(-1);
      return;
    }
    // Underline what the message names ("e99", a field, a token) where the text holds it.
    Matcher m = QUOTED.matcher(message);
    while (m.find()) {
      String needle = m.group(1) != null ? "\"" + m.group(1) + "\"" : m.group();
      int at = checkedText.indexOf(needle);
      if (at < 0 && m.group(1) != null) at = checkedText.indexOf(m.group(1));
      if (at >= 0) {
        errorStart.set(at);
        errorEnd.set(at + (checkedText.startsWith(needle, at) ? needle.length() : m.group(1).length()));
        return;
      }
    }
    errorStart.set(-1);
    errorEnd.set(-1);
  }

  static int offsetOf(String text, int line, int column) {
    int l = 1, i = 0;
    while (l < line && i < text.length()) {
      if (text.charAt(i++) == '\n') l++;
    }
    return Math.min(text.length(), i + Math.max(0, column - 1));
  }

  /** Applies the text: as a new turn, or as the edit of the waiting step. */
  public CompletableFuture<TurnOutcome> apply() {
    String t = text.get();
    if (t == null || t.isBlank()) {
      problems.accept("Write a decision first, for example {\"reasoning\": \"…\", \"step\": {\"type\": \"click\", \"ref\": \"e1\"}}");
      return CompletableFuture.completedFuture(null);
    }
    boolean editing = mode.get() == Mode.EDITING_PENDING;
    CompletableFuture<TurnOutcome> f = editing ? session.edit(t) : session.submit(t, decidedBy());
    return f.whenComplete((o, e) -> ui.execute(() -> {
      if (e != null) {
        problems.accept(Problems.describe(e));
        return;
      }
      if (o.kind() == TurnOutcome.Kind.RECORDED && !o.ok() && o.error() != null && !o.output().done()) {
        error.set("The turn was recorded as failed: " + o.error());
      } else {
        error.set("");
      }
      if (o.kind() == TurnOutcome.Kind.RECORDED && (o.ok() || o.output().done())) {
        mode.set(Mode.NEW);
        text.set("");
      } else if (o.kind() == TurnOutcome.Kind.AWAITING_APPROVAL) {
        mode.set(Mode.NEW);
        text.set("");
      }
    }));
  }

  /** Writable: the editor area and this text follow each other both ways (typing, proposals, templates). */
  public StringProperty textInputProperty() { return text; }
  public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
  public ReadOnlyIntegerProperty errorStartProperty() { return errorStart.getReadOnlyProperty(); }
  public ReadOnlyIntegerProperty errorEndProperty() { return errorEnd.getReadOnlyProperty(); }
  public ReadOnlyObjectProperty<Mode> modeProperty() { return mode.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty pendingWaitingProperty() { return pendingWaiting.getReadOnlyProperty(); }
}

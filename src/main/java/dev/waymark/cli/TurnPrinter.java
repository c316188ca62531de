package dev.waymark.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.SecretMask;
import dev.waymark.decide.OutcomeSentences;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code waymark author}'s per-turn output: each new turn's outputs once, as one JSON line on stdout in the spec's
 * order, with a progress line (and what the step made happen, in words) on stderr, every one masked. Apart from
 * {@link AuthorCommand} because what a turn prints is the command's contract with scripts, and it does not change
 * with how the session is driven.
 */
final class TurnPrinter implements Consumer<SessionSnapshot> {
  private static final List<String> SPEC_OUTPUTS = List.of("steps", "step", "notes", "trail", "count", "ok", "done",
      "error", "data", "reasoning", "failures", "budget", "match_url", "url", "continue");

  private final PrintWriter out;
  private final Consumer<String> progress;
  private final SecretMask mask;
  private ApplyOutput printed;

  TurnPrinter(PrintWriter out, Consumer<String> progress, SecretMask mask) {
    this.out = out;
    this.progress = progress;
    this.mask = mask;
  }

  @Override
  public synchronized void accept(SessionSnapshot s) {
    ApplyOutput o = s.lastOutput();
    if (o == null || o == printed) return;
    printed = o;
    out.println(mask.mask(Json.write(specOutputs(o))));
    out.flush();
    var t = o.lastTurn();
    String what = t == null ? "" : t.done() ? "goal reached" : t.type() == null ? "no step" : t.type() + " " + (t.label() == null ? "" : t.label());
    progress.accept(mask.mask("turn " + (t == null ? "?" : t.turn()) + ": " + what + (o.ok() ? " - ok" : o.error() == null ? "" : " - " + o.error())
        + " (budget " + o.budget() + ", failures " + o.failures() + ")"
        + (s.lastUsage() == null ? "" : "; " + s.lastUsage().describe())));
    String said = t == null ? "" : OutcomeSentences.forPerson(t.type(), o.outcome());
    if (!said.isEmpty()) progress.accept(mask.mask("  " + said));
  }

  /**
   * The outputs the spec names, in its order, then {@code outcome} when the step made something else happen (a dialog,
   * a download, a tab, a truncated list); the engine's own carry-over fields stay inside.
   */
  static ObjectNode specOutputs(ApplyOutput o) {
    ObjectNode all = Json.mapper().valueToTree(o);
    ObjectNode out = Json.mapper().createObjectNode();
    for (String name : SPEC_OUTPUTS) out.set(name, all.get(name));
    if (all.hasNonNull("outcome")) out.set("outcome", all.get("outcome"));
    return out;
  }
}

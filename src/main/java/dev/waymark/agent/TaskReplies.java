package dev.waymark.agent;

import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.SecretMask;
import dev.waymark.observe.PageText;
import dev.waymark.session.PendingApproval;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.workflow.ExtTurn;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a task tool answers, in words an agent acts on: a headline (what happened, and what to send next when it did
 * not work), the task's state (generation, a waiting approval, an uncertain step, variables by name, capabilities)
 * and the page in compact form, with the same facts as structured fields. Everything passes the values' mask.
 */
final class TaskReplies {
  private final SecretMask mask;

  TaskReplies(SecretMask mask) {
    this.mask = mask;
  }

  /**
   * The reply's first line for what the action did; a blocked download's advice depends on whether the session allows
   * downloads ({@code downloadsAllowed}, decision 0075).
   */
  static String headline(ApplyOutput out, ExtTurn turn, boolean asked, boolean downloadsAllowed) {
    if (out.done()) return "The task is done. Export the workflow with task_export.";
    if (out.blocked() != null) return "The task is recorded as blocked: " + out.blocked() + ".";
    if (out.handoff() != null) {
      return "Handed off: " + out.handoff() + ". The browser and its tab stay open for the person; Waymark no longer acts in it.";
    }
    if (turn != null && turn.resolved() != null) {
      return "The uncertain step is settled: it " + (ExtTurn.HAPPENED.equals(turn.resolved()) ? "took effect and is in the workflow."
          : "did not take effect and was left out.");
    }
    StringBuilder b = new StringBuilder();
    String what = (turn == null ? "the step" : turn.label() != null && !turn.label().isBlank() ? turn.label() : turn.type())
        + atTurn(turn);
    if (out.uncertain()) {
      b.append("Uncertain: ").append(what).append(" was sent but its effect is unknown (").append(out.error())
          .append("). It is never repeated by itself: look at the page, then send kind resolve with happened true or false.");
    } else if (out.ok()) {
      b.append("ok: ").append(what).append(asked ? " (approved by the person)" : "");
      if (turn != null && turn.effect() != null) b.append(". The page: ").append(turn.effect());
      b.append('.');
    } else {
      b.append("Failed: ").append(what).append(asked ? " (approved by the person)" : "").append(": ").append(out.error()).append('.');
      if (turn != null && turn.effect() != null) b.append(" The page: ").append(turn.effect()).append('.');
    }
    if (out.data() != null) b.append("\ndata: ").append(out.data());
    if (turn != null) {
      for (String said : dev.waymark.decide.OutcomeSentences.forModel(turn.type(), out.outcome(), downloadsAllowed)) {
        b.append('\n').append(agentWords(said));
      }
    }
    return b.toString();
  }

  /**
   * The turn a step was decided at, as its replies say it: a later late effect names the step by that turn
   * (decision 0073), and the agent sees no step ids.
   */
  static String atTurn(ExtTurn turn) {
    return turn != null && turn.turn() > 0 ? " at turn " + turn.turn() : "";
  }

  /** The outcome sentences name the decision's fields; an agent writes the action's. */
  static String agentWords(String s) {
    return s.replace("accept_dialog: true", "acceptDialog: true").replace("allow_download: true", "allowDownload: true")
        .replace("\"accept_dialog\": true", "acceptDialog: true").replace("\"allow_download\": true", "allowDownload: true");
  }

  static String describe(PendingApproval p) {
    String label = p.step().label() == null ? p.step().type() : p.step().label();
    String cats = p.categories().stream().map(c -> c.description()).sorted().reduce((a, b) -> a + ", " + b).orElse("");
    return "\"" + label + "\"" + (cats.isEmpty() ? "" : " (" + cats + ")");
  }

  TaskReply reply(boolean error, String headline, String taskId, long gen, String ended, SessionSnapshot s, String url,
      PageText page) {
    String text = headline + "\n" + stateText(taskId, gen, ended, s, page);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("task_id", taskId);
    m.put("interaction_generation", gen);
    m.put("ok", !error);
    if (error) m.put("error", headline);
    ApplyOutput last = s.lastOutput();
    ExtTurn turn = last == null ? null : last.lastTurn();
    if (turn != null) {
      Map<String, Object> lt = new LinkedHashMap<>();
      if (turn.turn() > 0) lt.put("turn", turn.turn());
      lt.put("type", turn.type());
      lt.put("label", turn.label());
      lt.put("ok", turn.ok());
      if (turn.error() != null) lt.put("error", turn.error());
      if (turn.effect() != null) lt.put("effect", turn.effect());
      if (turn.outcome() != null) lt.put("outcome", dev.waymark.workflow.Json.mapper().convertValue(turn.outcome(), Map.class));
      if (last.data() != null) lt.put("data", last.data());
      lt.put("uncertain", last.uncertain());
      m.put("last_turn", lt);
    }
    if (ended != null) m.put("ended", ended);
    if (s.pending() != null) m.put("pending_approval", describe(s.pending()));
    m.put("url", url);
    m.put("page", page == null ? "none" : page.delta() ? "delta" : "whole");
    if (page != null && page.delta()) m.put("since", page.since());
    if (page != null && page.note() != null) m.put("page_note", page.note());
    m.put("observation", page == null ? "" : page.text());
    return new TaskReply(error, mask(text), maskAll(m));
  }

  String stateText(String taskId, long gen, String ended, SessionSnapshot s, PageText page) {
    StringBuilder b = new StringBuilder();
    b.append("task_id: ").append(taskId).append('\n');
    b.append("interaction_generation: ").append(gen).append('\n');
    if (ended != null) b.append("ended: ").append(ended).append('\n');
    if (s.pending() != null) b.append("waiting for the person's approval: ").append(describe(s.pending())).append('\n');
    if (s.uncertain() != null) {
      b.append("uncertain: ").append(s.uncertain().label() == null ? s.uncertain().type() : s.uncertain().label())
          .append(" — send kind resolve with happened true or false\n");
    }
    if (s.userStep() != null) b.append("the person is doing: ").append(s.userStep().instruction()).append('\n');
    if (!s.variables().isEmpty()) {
      b.append("variables (write {{ name }}; the person's values are typed, never shown):");
      for (Map.Entry<String, String> v : s.variables().entrySet()) {
        b.append(" ").append(v.getKey()).append(s.valuesEntered().contains(v.getKey()) ? "" : " (no value yet)");
        if (!v.getValue().isBlank()) b.append(" (").append(v.getValue()).append(')');
        b.append(';');
      }
      b.append('\n');
    }
    ApplyOutput last = s.lastOutput();
    ExtTurn turn = last == null ? null : last.lastTurn();
    if (turn != null && turn.type() != null) {
      b.append("last step: ").append(turn.label() != null ? turn.label() : turn.type()).append(atTurn(turn)).append(" — ")
          .append(last.uncertain() ? "uncertain" : turn.ok() ? "ok" : "failed: " + turn.error());
      if (turn.effect() != null) b.append(" (").append(turn.effect()).append(')');
      b.append('\n');
    }
    b.append("capabilities: ").append(s.state().capabilities().names().isEmpty() ? "none"
        : String.join(", ", s.state().capabilities().names())).append('\n');
    // a delta's own first line says it is one, and since which generation
    if (page != null) b.append('\n').append(page.delta() ? "" : page.describe() + "\n").append(page.text());
    else b.append("\n(no page read yet)");
    return b.toString();
  }

  private String mask(String s) {
    return mask.mask(s);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> maskAll(Map<String, Object> m) {
    String json = mask(dev.waymark.workflow.Json.write(m));
    return dev.waymark.workflow.Json.read(json, Map.class);
  }

}

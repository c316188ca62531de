package dev.waymark.cli;

import dev.waymark.observe.ObservedNode;
import dev.waymark.risk.RiskCategory;
import dev.waymark.session.PendingApproval;
import dev.waymark.workflow.Step;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code author}'s approval question on the terminal: what the approval card shows (action, element, selector, where a
 * link leads, risk and evidence, value as written), then y, n or a reason. The side panel may answer first.
 */
final class TerminalApproval {
  private TerminalApproval() {}

  /** The person's answer: approved, or rejected with their words. */
  record Answer(boolean approved, String reason) {}

  /** The person answered in the browser's side panel before the terminal. */
  static final Answer ELSEWHERE = new Answer(false, null);

  /**
   * Shows the waiting step and reads y, n, or a reason (which rejects); null when the terminal closed, ELSEWHERE
   * when the person answered in the side panel first.
   */
  static Answer ask(PrintWriter err, PendingApproval p, TerminalLines terminal, java.util.function.BooleanSupplier answered)
      throws InterruptedException {
    Step step = p.step();
    synchronized (err) {
      err.println();
      err.println("Approval needed: " + step.type() + " - " + step.label());
      ObservedNode n = p.node();
      if (n != null) {
        err.println("  element:  " + n.role() + (n.name() == null ? "" : " \"" + n.name() + "\"")
            + (p.ref() == null ? "" : " (" + p.ref() + ")")
            + (n.section() == null ? "" : " in " + n.section()));
      }
      if (step.selector() != null) err.println("  selector: " + selectorText(step));
      if (step.url() != null) err.println("  address:  " + step.url());
      if (p.value() != null) err.println("  value:    " + p.value());
      err.println("  page:     " + (p.url() == null ? "(unknown)" : p.url()));
      String pageOrigin = originOf(p.url());
      String targetOrigin = step.url() == null ? null : originOf(p.url() == null ? step.url() : resolve(p.url(), step.url()));
      err.println("  origin:   " + (pageOrigin == null ? "(none)" : pageOrigin)
          + (targetOrigin != null && !targetOrigin.equals(pageOrigin) ? " -> " + targetOrigin : ""));
      err.println("  decided by " + p.decidedBy() + (p.reasoning() == null || p.reasoning().isBlank() ? "" : ": " + p.reasoning()));
      err.println("  risk:     " + p.categories().stream().map(RiskCategory::description).sorted().collect(Collectors.joining(", ")));
      for (String r : p.reasons()) err.println("            - " + r);
      err.print("Perform it? [y = yes, n = no, or type why not] ");
      err.flush();
    }
    String line = terminal.next(answered);
    if (line == null) return null;
    if (line == TerminalLines.ELSEWHERE) return ELSEWHERE;
    String a = line.strip();
    String lower = a.toLowerCase(Locale.ROOT);
    if (lower.equals("y") || lower.equals("yes")) return new Answer(true, null);
    if (lower.equals("n") || lower.equals("no") || a.isEmpty()) return new Answer(false, "the person rejected the step");
    // "n because …", "no, wrong account" and a bare reason all reject with the person's words.
    String reason = a;
    if (lower.startsWith("no") && (a.length() == 2 || !Character.isLetterOrDigit(a.charAt(2)))) reason = a.substring(2);
    else if (lower.startsWith("n") && !Character.isLetterOrDigit(a.charAt(1))) reason = a.substring(1);
    reason = reason.replaceFirst("^[\\s,:;-]+", "").strip();
    return new Answer(false, reason.isEmpty() ? "the person rejected the step" : "the person rejected the step: " + reason);
  }

  private static String originOf(String url) {
    if (url == null) return null;
    try {
      java.net.URI u = java.net.URI.create(url.strip());
      if (u.getScheme() == null || u.getHost() == null) return null;
      return u.getScheme() + "://" + u.getHost() + (u.getPort() > 0 ? ":" + u.getPort() : "");
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String resolve(String base, String url) {
    try {
      return java.net.URI.create(base.strip()).resolve(url.strip()).toString();
    } catch (IllegalArgumentException e) {
      return url;
    }
  }

  private static String selectorText(Step step) {
    var s = step.selector();
    StringBuilder b = new StringBuilder();
    if (s.enter() != null && !s.enter().isEmpty()) b.append(String.join(" >> ", s.enter())).append(" >> ");
    if (s.css() != null) b.append(s.css());
    else if (s.path() != null) b.append(s.path());
    if (s.indexes() != null && !s.indexes().isEmpty()) b.append(" ").append(s.indexes());
    return b.toString();
  }

}

package dev.waymark.cli;

import dev.waymark.risk.Approval;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.PendingApproval;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the person on the terminal about each step that waits for approval while something else drives the session
 * (an agent over MCP). The side panel asks too; the first answer wins, and a question answered there ends here.
 */
final class TerminalApprovals implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TerminalApprovals.class);
  private final Thread thread;
  private volatile boolean running = true;

  private TerminalApprovals(Supplier<Map<String, AuthoringSession>> sessions, PrintWriter out, TerminalLines lines) {
    thread = new Thread(() -> loop(sessions, out, lines), "waymark-terminal-approvals");
    thread.setDaemon(true);
  }

  static TerminalApprovals start(AuthoringSession session, PrintWriter out, TerminalLines lines) {
    return start(() -> Map.of("", session), out, lines);
  }

  /** Asks about the held steps of several sessions (the tasks of an MCP server, by task id), one question at a time. */
  static TerminalApprovals start(Supplier<Map<String, AuthoringSession>> sessions, PrintWriter out, TerminalLines lines) {
    TerminalApprovals t = new TerminalApprovals(sessions, out, lines);
    t.thread.start();
    return t;
  }

  private void loop(Supplier<Map<String, AuthoringSession>> sessions, PrintWriter out, TerminalLines lines) {
    Set<PendingApproval> asked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    try {
      while (running) {
        AuthoringSession session = null;
        PendingApproval p = null;
        String task = null;
        Map<String, AuthoringSession> all = sessions.get();
        for (Map.Entry<String, AuthoringSession> e : all.entrySet()) {
          PendingApproval q = e.getValue().latest().pending();
          if (q != null && !asked.contains(q)) {
            session = e.getValue();
            p = q;
            task = e.getKey();
            break;
          }
        }
        if (p == null) {
          Thread.sleep(100);
          continue;
        }
        asked.add(p);
        if (asked.size() > 1000) asked.clear();
        // With several tasks, the question says which one asks.
        if (all.size() > 1 && !task.isEmpty()) say(out, "\nTask " + task + " asks:");
        PendingApproval waiting = p;
        AuthoringSession from = session;
        TerminalApproval.Answer a = TerminalApproval.ask(out, p, lines, () -> from.latest().pending() != waiting);
        if (a == TerminalApproval.ELSEWHERE) {
          say(out, "\nAnswered elsewhere (the studio or the browser's side panel).");
          continue;
        }
        if (a == null) {
          say(out, "\nThe terminal closed; approvals now come only from the browser's side panel.");
          return;
        }
        try {
          if (a.approved()) session.approve(Approval.byPerson(p.step(), Approval.Channel.CLI)).get();
          else session.reject(p.step().id(), a.reason(), Approval.Channel.CLI.journalName()).get();
        } catch (ExecutionException e) {
          say(out, "That answer was not taken: " + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.warn("terminal approvals stopped", e);
    }
  }

  private static void say(PrintWriter out, String line) {
    synchronized (out) {
      out.println(line);
      out.flush();
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}

package dev.waymark.cli;

import dev.waymark.apply.Route;
import dev.waymark.observe.PageObservation;
import dev.waymark.session.BrowserUnavailableException;
import dev.waymark.session.SessionBrowser;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.UserSteps;
import java.io.PrintWriter;
import java.util.Map;

/**
 * The headless session's browser: the studio's bridge adapter for everything (a userStep included: the gate the
 * studio and run share), and a userStep is also told on the terminal: what to do, with which method, where the
 * Continue is, and what else ends it. With the terminal's lines (author), Enter there is a Continue too: the first
 * Continue wins, from the terminal or the side panel, and the journal says which.
 */
final class TerminalSessionBrowser implements SessionBrowser {
  private final SessionBrowser bridge;
  private final PrintWriter err;
  private final boolean headless;
  private final TerminalLines terminal;

  TerminalSessionBrowser(SessionBrowser bridge, PrintWriter err, boolean headless) {
    this(bridge, err, headless, null);
  }

  /** {@code terminal} null: no Continue on the terminal (its lines are someone else's, as mcp's approvals). */
  TerminalSessionBrowser(SessionBrowser bridge, PrintWriter err, boolean headless, TerminalLines terminal) {
    this.bridge = bridge;
    this.err = err;
    this.headless = headless;
    this.terminal = terminal;
  }

  @Override
  public PageObservation observe() throws BrowserUnavailableException, InterruptedException {
    return bridge.observe();
  }

  @Override
  public String clientId() {
    return bridge.clientId();
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route)
      throws InterruptedException {
    if (!StepTypes.USER_STEP.equals(step.type())) return bridge.perform(stepId, step, values, timeoutMs, route);
    return perform(stepId, step, values, timeoutMs);
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs) throws InterruptedException {
    if (!StepTypes.USER_STEP.equals(step.type())) return bridge.perform(stepId, step, values, timeoutMs);
    long limit = UserSteps.limitMs(step);
    String also = UserSteps.continuesWhen(step.continueOn());
    synchronized (err) {
      err.println();
      err.println(">> Your turn in the browser: " + UserSteps.instruction(step));
      err.println("   " + (terminal != null ? "Press Enter here when it is done, or Continue" : "Continue") + " is in "
          + "Waymark's side panel in the browser (the extension's icon shows a badge while Waymark waits; open the side "
          + "panel from it)." + (also == null ? "" : " " + also) + (limit > 0 ? " It gives up after " + limit / 1000 + " s." : ""));
      if (headless) {
        err.println("   The browser runs headless, so nobody can press Continue in it: "
            + (terminal != null ? "Enter here" : also == null ? "nothing but the timeout" : "only the conditions above")
            + " can end this step. Run with --no-headless to do such steps in the browser yourself.");
      }
      err.flush();
    }
    java.util.concurrent.atomic.AtomicBoolean over = new java.util.concurrent.atomic.AtomicBoolean();
    Thread enter = terminal == null ? null : continueOnEnter(stepId, over);
    StepResult r;
    try {
      r = bridge.perform(stepId, step, values, timeoutMs);
    } finally {
      over.set(true);
      if (enter != null) enter.interrupt();
    }
    synchronized (err) {
      err.println("   " + (r.ok() ? (r.data() == null ? "continued" : r.data()) : "not cleared: " + r.error()));
      err.flush();
    }
    return r;
  }

  /** Waits for a line on the terminal while the userStep waits; the line is the person's Continue. */
  private Thread continueOnEnter(String stepId, java.util.concurrent.atomic.AtomicBoolean over) {
    terminal.drain();
    Thread t = new Thread(() -> {
      try {
        String line = terminal.next(over::get);
        if (line == null || line == TerminalLines.ELSEWHERE || over.get()) return;
        if (!bridge.continueUserStep(stepId, "terminal")) {
          synchronized (err) {
            err.println("   (the step had already ended)");
            err.flush();
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "waymark-terminal-continue");
    t.setDaemon(true);
    t.start();
    return t;
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) throws InterruptedException {
    if (!StepTypes.USER_STEP.equals(step.type())) return bridge.perform(stepId, step, values, timeoutMs, route, progress);
    return perform(stepId, step, values, timeoutMs);
  }

  @Override
  public java.util.concurrent.CompletableFuture<Boolean> cancel(String stepId) {
    return bridge.cancel(stepId);
  }

  @Override
  public boolean continueUserStep(String stepId, String channel) {
    return bridge.continueUserStep(stepId, channel);
  }

  @Override
  public String answeredBy(String stepId) {
    return bridge.answeredBy(stepId);
  }

  @Override
  public void highlight(Selector selector) throws BrowserUnavailableException, InterruptedException {
    bridge.highlight(selector);
  }

  @Override
  public void release() {
    bridge.release();
  }
}

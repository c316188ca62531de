package dev.waymark.cli;

import dev.waymark.apply.Route;
import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.observe.PageObservation;
import dev.waymark.session.BrowserUnavailableException;
import dev.waymark.session.SessionBrowser;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import java.io.PrintWriter;
import java.util.Map;

/**
 * The headless session's browser: the studio's bridge adapter for everything, except that a userStep is shown
 * to the person twice, on the terminal and as the page overlay (the bridge's {@code gate}), and the turn waits
 * until the overlay's Continue, a continue_on condition or its timeout clears it.
 */
final class TerminalSessionBrowser implements SessionBrowser {
  private final SessionBrowser bridge;
  private final BrowserClient client;
  private final PrintWriter err;
  private final boolean headless;

  TerminalSessionBrowser(SessionBrowser bridge, BrowserClient client, PrintWriter err, boolean headless) {
    this.bridge = bridge;
    this.client = client;
    this.err = err;
    this.headless = headless;
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
    ContinueCondition on = step.continueOn();
    // The person's pace is not the turn timeout: only the step's own bounds apply (0: wait as long as it takes).
    long limit = on != null && on.timeoutMs() > 0 ? on.timeoutMs() : Math.max(0, step.timeoutMs());
    synchronized (err) {
      err.println();
      err.println(">> Your turn in the browser: " + step.prompt());
      StringBuilder how = new StringBuilder("   The page shows this with a Continue button");
      if (on != null && (on.selector() != null || on.text() != null || on.urlIncludes() != null)) {
        how.append("; it also continues by itself when ").append(describe(on));
      }
      if (limit > 0) how.append(" (gives up after ").append(limit / 1000).append(" s)");
      err.println(how);
      if (headless) {
        err.println("   The browser runs headless, so nobody can press Continue: only the conditions above can clear it. "
            + "Run with --no-headless to do such steps yourself.");
      }
      err.flush();
    }
    StepResult r = BridgeBrowserPort.gate(client, step, limit);
    synchronized (err) {
      err.println("   " + (r.ok() ? (r.data() == null ? "continued" : r.data()) : "not cleared: " + r.error()));
      err.flush();
    }
    return r;
  }

  private static String describe(ContinueCondition on) {
    StringBuilder b = new StringBuilder();
    if (on.selector() != null) b.append("an element matching ").append(on.selector()).append(" appears");
    if (on.text() != null) b.append(b.length() > 0 ? " or " : "").append("the text \"").append(on.text()).append("\" shows");
    if (on.urlIncludes() != null) b.append(b.length() > 0 ? " or " : "").append("the address contains ").append(on.urlIncludes());
    return b.toString();
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

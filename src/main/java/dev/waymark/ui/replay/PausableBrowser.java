package dev.waymark.ui.replay;

import dev.waymark.replay.ReplayBrowser;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The replay's browser with the person's hand on it: before each step it stops at a breakpoint or when Pause was
 * pressed, and goes on when the person resumes or lets one step through. It waits on the replay's own thread, which
 * Stop interrupts; nothing reaches the page while it waits.
 */
final class PausableBrowser implements ReplayBrowser {
  private final ReplayBrowser browser;
  private final Set<String> breakpoints = ConcurrentHashMap.newKeySet();
  private final Consumer<String> onPause;
  private boolean pauseRequested;
  private int stepsAllowed;
  private boolean resumed;

  /** {@code onPause} hears the id of the step the run waits before (null when it goes on). */
  PausableBrowser(ReplayBrowser browser, Consumer<String> onPause) {
    this.browser = browser;
    this.onPause = onPause;
  }

  Set<String> breakpoints() {
    return breakpoints;
  }

  synchronized void pause() {
    pauseRequested = true;
  }

  synchronized void resume() {
    pauseRequested = false;
    resumed = true;
    notifyAll();
  }

  /** Lets the next step run, then stops before the one after it. */
  synchronized void stepOnce() {
    stepsAllowed++;
    pauseRequested = true;
    notifyAll();
  }

  private void before(Step step) throws InterruptedException {
    synchronized (this) {
      boolean stop = pauseRequested || (step.id() != null && breakpoints.contains(step.id()));
      if (!stop) return;
      if (stepsAllowed > 0) {
        stepsAllowed--;
        return;
      }
      resumed = false;
      onPause.accept(step.id());
      while (!resumed && stepsAllowed == 0) wait();
      if (!resumed) stepsAllowed--;
    }
    onPause.accept(null);
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) throws InterruptedException {
    before(step);
    return browser.perform(step, values, timeoutMs);
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) throws InterruptedException {
    before(step);
    return browser.perform(step, values, timeoutMs, progress);
  }

  @Override
  public StepResult gate(Step step, long limitMs) throws InterruptedException {
    before(step);
    return browser.gate(step, limitMs);
  }
}

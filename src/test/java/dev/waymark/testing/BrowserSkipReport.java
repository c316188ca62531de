package dev.waymark.testing;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints how many real-browser tests were skipped with {@code -Dwaymark.browser=none}, so a build that ran
 * without a browser says so instead of looking complete. Registered through META-INF/services.
 */
public final class BrowserSkipReport implements TestExecutionListener {
  private final AtomicInteger skipped = new AtomicInteger();
  private TestPlan plan;

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
    skipped.set(0);
  }

  @Override
  public void executionSkipped(TestIdentifier id, String reason) {
    if (!Browsers.SKIP_REASON.equals(reason) || plan == null) return;
    if (id.isTest()) {
      skipped.incrementAndGet();
      return;
    }
    // A skipped class never expands its parameterized tests: each such template counts once, as surefire counts it.
    skipped.addAndGet((int) plan.getDescendants(id).stream()
        .filter(t -> t.isTest() || plan.getChildren(t).isEmpty()).count());
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    // nothing: only skips are counted
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    int n = skipped.get();
    if (n > 0) {
      // The build's own output, read by the person who asked to skip: not a log line.
      System.out.println("[waymark] " + n + " real-browser tests skipped (-D" + Browsers.MODE_PROPERTY
          + "=none): this build did not check the extension, the executor or the studio with a browser");
    }
  }
}

package dev.waymark.testing;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Skips {@link RealBrowser} tests only when asked to; fails them when no browser is found. */
public final class RealBrowserCondition implements ExecutionCondition {
  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (Browsers.skipped()) return ConditionEvaluationResult.disabled(Browsers.SKIP_REASON);
    // Not a skip: a real-browser test that cannot find its browser is a failure the person must see.
    return ConditionEvaluationResult.enabled("browser: " + Browsers.chromium());
  }
}

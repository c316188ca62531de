package dev.waymark.executor;

import dev.waymark.bridge.PerformResult;
import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 25: {@link InputVerdicts} in Firefox with the Waymark add-on. Firefox gives add-ons no debugger; in a Firefox
 * Waymark launched the studio sends the add-on's trusted input over WebDriver BiDi ({@code input.performActions}),
 * and the verdicts are Chromium's: a mask that reformats is ok, a maxlength cut fails, a page that ignores untrusted
 * events works with trusted input and is not called plain ok without it.
 */
@RealBrowser
class InputVerdictsOnFirefoxTest extends InputVerdicts {
  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  private static final AtomicInteger STEPS = new AtomicInteger();

  @Override
  void use(String input) {
    if ("page".equals(input)) firefox.client().usePageInput();
    else firefox.client().useTrustedInput(false);
  }

  @Override
  void open(String page) {
    try {
      firefox.open(firefox.pageUrl("executor/" + page));
    } catch (Exception e) {
      throw new AssertionError("could not open " + page, e);
    }
  }

  @Override
  PerformResult perform(Step step, Map<String, String> values) {
    try {
      return firefox.client().perform("ff-" + STEPS.incrementAndGet(), step, values, step.timeoutMs() > 0 ? step.timeoutMs() : 10_000)
          .get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("perform failed in the bridge", e);
    }
  }

  @Override
  boolean trustedTypingComposes() {
    return false;
  }

  @Override
  String js(String expression) {
    try {
      return firefox.eval(expression).asText();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Override
  dev.waymark.observe.PageObservation observe() {
    try {
      dev.waymark.bridge.ObserveResult r = firefox.client().observe(dev.waymark.bridge.ObserveOptions.defaults())
          .get(30, java.util.concurrent.TimeUnit.SECONDS);
      if (!r.ok()) throw new AssertionError(r.error());
      return r.page();
    } catch (Exception e) {
      throw new AssertionError("observe failed", e);
    }
  }
}

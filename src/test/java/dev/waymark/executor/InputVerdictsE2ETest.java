package dev.waymark.executor;

import dev.waymark.bridge.PerformResult;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Step;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link InputVerdicts} in Chromium with the extension: trusted input through chrome.debugger. */
@RealBrowser
class InputVerdictsE2ETest extends InputVerdicts {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.createTrusted();

  @Override
  void use(String input) {
    browser.input("default".equals(input) ? null : input);
  }

  @Override
  void open(String page) {
    browser.open(page);
  }

  @Override
  PerformResult perform(Step step, Map<String, String> values) {
    return browser.perform(step, values);
  }

  @Override
  String js(String expression) {
    try {
      return browser.harness().eval(expression).asText();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Override
  dev.waymark.observe.PageObservation observe() {
    try {
      dev.waymark.bridge.ObserveResult r = browser.harness().client().observe(dev.waymark.bridge.ObserveOptions.defaults())
          .get(30, java.util.concurrent.TimeUnit.SECONDS);
      if (!r.ok()) throw new AssertionError(r.error());
      return r.page();
    } catch (Exception e) {
      throw new AssertionError("observe failed", e);
    }
  }
}

package dev.waymark.executor;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WaitConfig;
import java.util.List;

/** Short builders for the steps the executor tests send. */
final class Steps {
  private Steps() {
  }

  static Selector css(String css) {
    return Selector.css(css);
  }

  static Selector inside(String css, String... enter) {
    return new Selector(css, null, null, List.of(enter), null, false);
  }

  static Step.Builder step(String type) {
    return Step.builder(type);
  }

  static Step navigate(String url) {
    return step("navigate").url(url).build();
  }

  static Step click(String css) {
    return step("click").selector(css(css)).build();
  }

  static Step click(String css, int timeoutMs) {
    return step("click").selector(css(css)).timeoutMs(timeoutMs).build();
  }

  static Step fill(String css, String value) {
    return step("fill").selector(css(css)).value(value).build();
  }

  static Step extract(String css) {
    return step("extract").selector(css(css)).build();
  }

  static WaitConfig waitFor(String selector, String text, String urlIncludes, boolean absent, int delayMs, int timeoutMs) {
    return new WaitConfig(selector, text, urlIncludes, absent, delayMs, timeoutMs);
  }

  static Condition when(String selector, String text, String urlIncludes, String match, boolean negate) {
    return new Condition(selector, text, urlIncludes, match, negate);
  }
}

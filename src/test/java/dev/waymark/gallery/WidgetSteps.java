package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** What the gallery tests do on a widget page: choose the input path, observe, find one node, perform a step on it. */
final class WidgetSteps {
  private WidgetSteps() {}

  /** "trusted" (the debugger's input) or "page" (page-script events) for the steps sent from now on. */
  static void useInput(PagesInABrowser browser, String input) {
    if (input.equals("trusted")) browser.client().useTrustedInput(true);
    else browser.client().usePageInput();
  }

  static PageObservation observe(PagesInABrowser browser) throws Exception {
    return browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS).page();
  }

  /** The one node the predicate picks, failing with the page as the model reads it when there is not exactly one. */
  static ObservedNode one(PageObservation o, Predicate<ObservedNode> which) {
    List<ObservedNode> found = o.nodes().stream().filter(which).toList();
    assertThat(found).as("one such node in %s", CompactObservation.render(o)).hasSize(1);
    return found.get(0);
  }

  static ObservedNode named(PageObservation o, String name) {
    return one(o, n -> name.equals(n.name()));
  }

  /** A step of {@code type} on the node's selector, with a value (or none), within timeoutMs. */
  static PerformResult perform(PagesInABrowser browser, String type, ObservedNode node, String value, int timeoutMs) throws Exception {
    return perform(browser, type, new Selector(node.selector(), node.path(), node.indexes(), node.enter(), null, false), value, timeoutMs);
  }

  /** A step of {@code type} on a selector as a person writes one (a workflow's {@code #picker}), with a value. */
  static PerformResult perform(PagesInABrowser browser, String type, Selector selector, String value, int timeoutMs) throws Exception {
    Step.Builder b = Step.builder(type).selector(selector);
    if (value != null) b.value(value);
    return browser.client().perform(UUID.randomUUID().toString(), b.build(), Map.of(), timeoutMs).get(timeoutMs / 1000 + 30, TimeUnit.SECONDS);
  }
}

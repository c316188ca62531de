package dev.waymark.executor;

import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.fill;
import static dev.waymark.executor.Steps.inside;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Step;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 24: a step the page did not answer is never reported ok. The two families TodoMVC showed, on pages of our
 * own and on both input paths ("default": trusted input, "page": the page-script fallback): a filter link clicked
 * before the app saved what the steps before it changed (Durandal), a hash route the app never answers, and a
 * checkbox in a shadow root whose tick the app did not take (Polymer 0.5). Each test reads the page's own state.
 */
@RealBrowser
class UnansweredStepsE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.createTrusted();

  private static void use(String input) {
    browser.input("default".equals(input) ? null : input);
  }

  private static String js(String expression) {
    try {
      return browser.harness().eval(expression).asText();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static PerformResult ok(PerformResult r) {
    assertThat(r.ok()).as(r.error()).isTrue();
    return r;
  }

  private static Step enter() {
    return step("press").selector(css("#new-todo")).value("Enter").build();
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aFilterLinkClickedRightAfterAnEditLetsThePageSaveFirstAndShowsTheFilteredList(String input) {
    use(input);
    browser.open("route-late-save.html");
    for (String todo : new String[] {"Buy milk", "Walk the dog"}) {
      ok(browser.perform(fill("#new-todo", todo)));
      ok(browser.perform(enter()));
    }
    ok(browser.perform(click("#todo-list li:first-child .toggle")));
    PerformResult active = ok(browser.perform(click("a[href='#/active']")));

    assertThat(active.effect()).contains("the address changed").contains("the page changed");
    assertThat(js("[...document.querySelectorAll('#todo-list li')].map(li => li.textContent).join('|')")).isEqualTo("Walk the dog");
    assertThat(js("document.getElementById('todo-count').textContent")).isEqualTo("1 item left");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aHashRouteTheAppNeverAnswersSaysThePageDidNotChange(String input) {
    use(input);
    browser.open("route-late-save.html");
    PerformResult archive = browser.perform(click("a[href='#/archive']"));

    assertThat(js("location.hash")).isEqualTo("#/archive");
    // a route may rightly change nothing (a filter already shown); the next turn reads that it did not
    assertThat(archive.ok()).isTrue();
    assertThat(archive.effect()).isEqualTo("the address changed to #/archive, but the page itself did not change");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aTickTheAppDidNotTakeOnAShadowHostIsAFailureAndOneItTookIsOk(String input) {
    use(input);
    browser.open("shadow-tick.html");
    PerformResult ignored = browser.perform(step("click").selector(inside(".toggle", "#ignored li:first-child todo-row")).build());

    assertThat(js("document.querySelector('#ignored todo-row').shadowRoot.querySelector('input').checked")).isEqualTo("true");
    assertThat(js("String(!!window.model.ignored[0].completed)")).isEqualTo("false");
    assertThat(js("document.getElementById('ignored-count').textContent")).isEqualTo("3 items left");
    assertThat(ignored.ok()).isFalse();
    assertThat(ignored.error()).isEqualTo("the checkbox is now checked, but nothing else on the page changed: "
        + "the app did not take the click (its row and the page stayed as they were)");

    PerformResult taken = ok(browser.perform(step("click").selector(inside(".toggle", "#taken li:first-child todo-row")).build()));
    assertThat(js("document.getElementById('taken-count').textContent")).isEqualTo("2 items left");
    assertThat(taken.effect()).contains("the checkbox is now checked").contains("the page changed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aReplayedTickWhoseRecordedEffectDoesNotFollowFailsNamingIt(String input) {
    use(input);
    browser.open("shadow-tick.html");
    // what authoring records for a tick that makes "Clear completed" appear (ExpectDiff), checked after replay
    Expect clearAppears = new Expect(null, null, new Expect.Element("button", "Clear completed"), null, null, null);
    Step ignoredTick = step("click").selector(inside(".toggle", "#ignored li:first-child todo-row")).expect(clearAppears).timeoutMs(1500).build();
    PerformResult ignored = browser.performRaw(browser.nextStepId(), ignoredTick, Map.of(), null, true);

    assertThat(js("String(!!window.model.ignored[0].completed)")).isEqualTo("false");
    assertThat(ignored.ok()).isFalse();
    assertThat(ignored.error()).contains("its effect did not follow: expected a button \"Clear completed\" to appear");

    Step takenTick = step("click").selector(inside(".toggle", "#taken li:first-child todo-row")).expect(clearAppears).timeoutMs(1500).build();
    ok(browser.performRaw(browser.nextStepId(), takenTick, Map.of(), null, true));
    assertThat(js("String(window.model.taken[0].completed)")).isEqualTo("true");
  }
}

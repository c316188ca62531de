package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.navigate;
import static dev.waymark.executor.Steps.step;
import static dev.waymark.executor.Steps.waitFor;
import static dev.waymark.executor.Steps.when;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** navigate (url, back, forward, reload), wait, condition and scroll through the real bridge. */
@RealBrowser
class NavigationAndWaitE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @Test
  void navigateLoadsThePageAndReportsWhereItIs() {
    PerformResult r = browser.perform(navigate(browser.page("nav-a.html")));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.navigated()).isTrue();
    assertThat(r.url()).isEqualTo(browser.page("nav-a.html"));
    assertThat(r.title()).isEqualTo("Page A");
  }

  @Test
  void aRelativeUrlResolvesAgainstTheCurrentPage() {
    browser.open("nav-a.html");

    PerformResult r = browser.perform(navigate("nav-b.html?from=a"));

    assertThat(r.url()).isEqualTo(browser.page("nav-b.html?from=a"));
    assertThat(browser.text("#query")).isEqualTo("query=?from=a");
  }

  @Test
  void aPageBackFromTheBackForwardCacheTakesTheNextStepItself() throws Exception {
    browser.open("counter.html");
    // a step the page has answered: the worker now calls that document over its port (decision 0066)
    assertThat(browser.perform(click("#add")).ok()).isTrue();
    browser.perform(click("#to-b"));
    PerformResult back = browser.perform(step("navigate").value("back").build());
    assertThat(back.title()).isEqualTo("Counter");
    // the same document, its script's state kept (the port to it was closed when it went into the cache)
    assertThat(browser.harness().eval("window.restored").asBoolean()).isTrue();
    int before = browser.harness().eval("window.count").asInt();
    assertThat(before).isEqualTo(1);

    PerformResult again = browser.perform(click("#add"));

    assertThat(again.ok()).as(again.error()).isTrue();
    assertThat(browser.harness().eval("window.count").asInt()).isEqualTo(before + 1);
    assertThat(again.title()).isEqualTo("Counter");
    assertThat(again.url()).isEqualTo(browser.page("counter.html"));
  }

  @Test
  void backForwardAndReloadMoveThroughTheTabsHistory() {
    browser.open("nav-a.html");
    browser.perform(click("#to-b"));

    PerformResult back = browser.perform(step("navigate").value("back").build());
    PerformResult forward = browser.perform(step("navigate").value("forward").build());
    PerformResult reload = browser.perform(step("navigate").value("reload").build());
    PerformResult noFurther = browser.perform(step("navigate").value("forward").build());

    assertThat(back.title()).isEqualTo("Page A");
    assertThat(forward.title()).isEqualTo("Page B");
    assertThat(reload.ok()).isTrue();
    assertThat(reload.navigated()).isTrue();
    assertThat(noFurther.ok()).isFalse();
    assertThat(noFurther.error()).isEqualTo("there is no page to go forward to in this tab's history");
  }

  @Test
  void aClickThatSubmitsAFormWaitsForTheNewPageAlsoWhenAScriptCallsSubmit() {
    browser.open("nav-a.html");
    PerformResult button = browser.perform(click("#form-btn"));
    browser.open("nav-a.html");
    PerformResult script = browser.perform(click("#script-submit"));

    assertThat(button.ok()).as(button.error()).isTrue();
    assertThat(button.navigated()).isTrue();
    assertThat(button.url()).isEqualTo(browser.page("nav-b.html?via=button"));
    assertThat(script.ok()).as(script.error()).isTrue();
    assertThat(script.navigated()).isTrue();
    assertThat(script.url()).isEqualTo(browser.page("nav-b.html?via=script"));
    assertThat(script.title()).isEqualTo("Page B");
  }

  @Test
  void aClickThatFollowsALinkWaitsForTheNewPage() {
    browser.open("nav-a.html");

    PerformResult r = browser.perform(step("click").selector(css("#to-b")).waitFor(waitFor("#ready-later", null, null, false, 0, 3000)).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.navigated()).isTrue();
    assertThat(r.title()).isEqualTo("Page B");
    assertThat(browser.text("#ready-later")).isEqualTo("B is ready");
  }

  @Test
  void aWaitSpansANavigationThatStartsLater() {
    browser.open("nav-a.html");

    PerformResult r = browser.perform(step("click").selector(css("#slow-nav"))
        .waitFor(waitFor("#ready-later", "B is ready", "slow=1", false, 0, 4000)).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.url()).endsWith("nav-b.html?slow=1");
  }

  @Test
  void aWaitThatNeverHoldsTimesOutSayingWhatIsMissing() {
    browser.open("nav-a.html");

    PerformResult r = browser.perform(step("wait").waitFor(waitFor("#never", null, null, false, 0, 300)).build());

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("timed out after 300 ms waiting: no visible element matches '#never'");
  }

  @Test
  void aWaitForAnAbsentElementAndADelay() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("wait").waitFor(waitFor("#hidden-btn", null, null, true, 150, 1000)).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.data().asText()).matches("waited \\d+ ms");
    assertThat(Integer.parseInt(r.data().asText().replaceAll("\\D", ""))).isGreaterThanOrEqualTo(150);
  }

  /**
   * Text only the page's code or data holds (a framework's state as JSON in a script, a template, a style, a noscript
   * notice) or a hidden element holds (toasts drawn ahead, hidden or invisible) is not on the page: a wait for it holds only once the page
   * shows it, and a condition on it does not hold. Text past the viewport in a content-visibility: auto section is.
   */
  @Test
  void aWaitForATextOnlyThePagesCodeHoldsWaitsUntilThePageShowsIt() {
    browser.open("script-text.html");

    PerformResult early = browser.perform(step("wait").waitFor(waitFor(null, "Order placed", null, false, 0, 300)).build());
    PerformResult skipped = browser.perform(step("click").selector(css("#place")).condition(when(null, "Order placed", null, null, false)).build());
    PerformResult placed = browser.perform(step("click").selector(css("#place")).waitFor(waitFor(null, "Order placed", null, false, 0, 3000)).build());

    assertThat(early.ok()).as("the text is not shown yet").isFalse();
    assertThat(early.error()).isEqualTo("timed out after 300 ms waiting: text 'Order placed' is not on the page");
    assertThat(skipped.skipped()).as("the condition does not hold either").isTrue();
    assertThat(placed.ok()).as(placed.error()).isTrue();
    assertThat(browser.text("#status")).isEqualTo("Order placed");
    PerformResult below = browser.perform(step("wait").waitFor(waitFor(null, "Returns within 30 days", null, false, 0, 300)).build());
    assertThat(below.ok()).as("text the page shows further down is on it: %s", below.error()).isTrue();
    PerformResult contents = browser.perform(step("wait").waitFor(waitFor(null, "Shipping is free", null, false, 0, 300)).build());
    assertThat(contents.ok()).as("text under a display: contents box is on it: %s", contents.error()).isTrue();
  }

  /**
   * What a web component draws in its shadow tree is on the page, though innerText does not enter one: a wait for a
   * toast's words holds once the component shows them, not while it keeps them hidden or only in its style rules; a
   * heading a shadow tree draws, a badge two trees down and a closed tree's price are there, and a light child no slot
   * shows is not. A condition and an extract on the component read its drawn words too.
   */
  @Test
  void textAWebComponentDrawsInItsShadowTreeIsOnThePage() throws Exception {
    browser.open("shadow-text.html");

    PerformResult early = browser.perform(step("wait").waitFor(waitFor(null, "Order placed", null, false, 0, 300)).build());
    PerformResult styleRule = browser.perform(step("wait").waitFor(waitFor(null, "Payment declined", null, false, 0, 300)).build());
    PerformResult unslotted = browser.perform(step("wait").waitFor(waitFor(null, "Express is sold out", null, false, 0, 300)).build());
    PerformResult placed = browser.perform(step("click").selector(css("#place")).waitFor(waitFor(null, "Order placed", null, false, 0, 3000)).build());

    assertThat(early.ok()).as("the toast keeps its words hidden so far").isFalse();
    assertThat(styleRule.ok()).as("a shadow tree's style rules are not on the page").isFalse();
    assertThat(unslotted.ok()).as("a light child no slot shows is not drawn").isFalse();
    for (String hidden : new String[] {"Card declined", "Payment failed", "Coupon applied"}) {
      PerformResult r = browser.perform(step("wait").waitFor(waitFor(null, hidden, null, false, 0, 200)).build());
      assertThat(r.ok()).as("'%s' is hidden by its component's :host rule or a slot's wrapper", hidden).isFalse();
    }
    assertThat(placed.ok()).as(placed.error()).isTrue();
    assertThat(browser.harness().eval("document.body.dataset.placed").asText()).isEqualTo("yes");
    for (String drawn : new String[] {"Delivery", "Shipping is free", "Gold member", "Total: $42.00", "$19.99", "Total 5"}) {
      PerformResult r = browser.perform(step("wait").waitFor(waitFor(null, drawn, null, false, 0, 300)).build());
      assertThat(r.ok()).as("'%s' is drawn: %s", drawn, r.error()).isTrue();
    }
    PerformResult onToast = browser.perform(step("extract").selector(css("h1")).condition(when("order-toast", "Order placed", null, "all", false)).build());
    assertThat(onToast.skipped()).as("the toast matched by its selector shows the words").isFalse();
    assertThat(browser.data(step("extract").selector(css("#shell")).build())).isEqualTo("Account Gold member");
    assertThat(browser.data(step("extract").selector(css("#card")).build())).isEqualTo("Delivery\nShipping is free");
    // an element inside a shadow tree shows what its slot shows
    assertThat(browser.data(step("extract").selector(Steps.inside(".body", "#card")).build())).isEqualTo("Shipping is free");
  }

  @Test
  void aFailedPostWaitFailsTheStepAndSaysTheActionHappened() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("click").selector(css("#plain")).waitFor(waitFor(null, "never shown", null, false, 0, 200)).build());

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("the click was done, but timed out after 200 ms waiting: text 'never shown' is not on the page");
  }

  @Test
  void aNavigationErrorIsReportedAsSoonAsTheBrowserGivesUpNotAtTheStepsTimeout() throws Exception {
    // An unsafe port and a refused connection: the browser fails both at once; the step's 20 s are not waited out.
    int closed;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    long t0 = System.nanoTime();
    PerformResult unsafe = browser.perform(step("navigate").url("http://127.0.0.1:1/").timeoutMs(20_000).build());
    long unsafeMs = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    t0 = System.nanoTime();
    PerformResult refused = browser.perform(step("navigate").url("http://127.0.0.1:" + closed + "/").timeoutMs(20_000).build());
    long refusedMs = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

    assertThat(unsafe.ok()).isFalse();
    assertThat(unsafe.error()).isEqualTo("navigation to http://127.0.0.1:1/ failed: net::ERR_UNSAFE_PORT");
    assertThat(refused.ok()).isFalse();
    assertThat(refused.error()).isEqualTo("navigation to http://127.0.0.1:" + closed + "/ failed: net::ERR_CONNECTION_REFUSED");
    // Not a speed figure: a step that waited its timeout out would take 20 s.
    assertThat(unsafeMs).as("the unsafe port answered before the step's timeout").isLessThan(10_000);
    assertThat(refusedMs).as("the refused connection answered before the step's timeout").isLessThan(10_000);
  }

  @Test
  void aConditionThatDoesNotHoldSkipsTheStep() {
    browser.open("basic.html");

    PerformResult skipped = browser.perform(step("click").selector(css("#plain")).condition(when("#absent", null, null, null, false)).build());
    PerformResult negated = browser.perform(step("click").selector(css("#plain")).condition(when("#absent", null, null, null, true)).build());
    PerformResult any = browser.perform(step("extract").selector(css("h1")).condition(when("#absent", "EXECUTOR basics", null, "any", false)).build());
    PerformResult all = browser.perform(step("extract").selector(css("h1")).condition(when("#absent", "Executor basics", null, "all", false)).build());
    PerformResult url = browser.perform(step("extract").selector(css("h1")).condition(when(null, null, "basic.html", null, false)).build());

    assertThat(skipped.ok()).isTrue();
    assertThat(skipped.skipped()).isTrue();
    assertThat(negated.skipped()).isFalse();
    assertThat(browser.text("#log").split("click:label", -1)).as("one click, by the negated step").hasSize(2);
    assertThat(any.skipped()).isFalse();
    assertThat(all.skipped()).isTrue();
    assertThat(url.skipped()).isFalse();
  }

  @Test
  void scrollMovesThePageAndScrollsAnElementIntoView() {
    browser.open("basic.html");

    PerformResult bottom = browser.perform(step("scroll").value("bottom").build());
    PerformResult top = browser.perform(step("scroll").value("top").build());
    PerformResult pixels = browser.perform(step("scroll").value("300").build());
    PerformResult down = browser.perform(step("scroll").value("down").build());
    PerformResult element = browser.perform(step("scroll").selector(css("#far")).build());
    PerformResult bad = browser.perform(step("scroll").value("sideways").build());
    PerformResult box = browser.perform(step("scroll").selector(css("#box")).value("100").build());
    PerformResult boxEnd = browser.perform(step("scroll").selector(css("#box")).value("bottom").build());

    assertThat(bottom.data().asText()).startsWith("scrolled the page to y=").endsWith("(at the bottom)");
    assertThat(top.data().asText()).startsWith("scrolled the page to y=0 of ");
    assertThat(pixels.data().asText()).startsWith("scrolled the page to y=300 of ");
    assertThat(down.data().asText()).doesNotStartWith("scrolled the page to y=300 ");
    assertThat(element.data().asText()).isEqualTo("scrolled css '#far' into view");
    assertThat(bad.error()).startsWith("unknown scroll value 'sideways'");
    assertThat(box.data().asText()).isEqualTo("scrolled the box to y=100 of 400");
    assertThat(boxEnd.data().asText()).isEqualTo("scrolled the box to y=340 of 400 (at the bottom)");
  }
}

package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.StepStatus;
import dev.waymark.workflow.Selector;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Clicks through the real bridge and extension: input sequence, actionability, never twice, dialogs. */
@RealBrowser
class ClickE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @BeforeEach
  void openPage() {
    browser.open("basic.html");
  }

  @Test
  void clickDispatchesTheWholePointerMouseFocusSequenceOnTheHitElement() {
    PerformResult r = browser.perform(click("#plain"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.navigated()).isFalse();
    assertThat(browser.text("#log")).isEqualTo("pointerover pointerenter mouseover mouseenter pointermove mousemove "
        + "pointerdown mousedown focus pointerup mouseup click:label:1:0");
  }

  @Test
  void clickOnADisabledButtonFailsSayingSoAndDoesNotClick() {
    PerformResult r = browser.perform(click("#disabled-btn", 300));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("element is disabled: <button id=disabled-btn> 'Disabled' (waited 300 ms)");
    assertThat(browser.text("#log")).doesNotContain("clicked:disabled-btn");
  }

  @Test
  void ariaDisabledCountsAsDisabled() {
    PerformResult r = browser.perform(click("#aria-off", 300));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).startsWith("element is disabled: <button id=aria-off>");
  }

  @Test
  void clickOnACoveredButtonNamesTheCoverAndWorksOnceTheCoverIsGone() {
    PerformResult covered = browser.perform(click("#under", 300));

    assertThat(covered.ok()).isFalse();
    assertThat(covered.error()).startsWith("element is covered by <div id=wall class=cookie-wall> 'We use cookies")
        .endsWith("(waited 300 ms)");
    assertThat(browser.text("#log")).doesNotContain("clicked:under");

    assertThat(browser.perform(click("#wall-ok")).ok()).isTrue();
    PerformResult after = browser.perform(click("#under", 1000));
    assertThat(after.ok()).as(after.error()).isTrue();
    assertThat(browser.text("#log")).contains("clicked:under");
  }

  @Test
  void hiddenElementIsNotVisible() {
    PerformResult r = browser.perform(click("#hidden-btn", 200));

    assertThat(r.error()).startsWith("element is not visible: <button id=hidden-btn>");
  }

  @Test
  void missingElementSaysWhatWasLookedForAndHowLong() {
    PerformResult r = browser.perform(click("#nope", 300));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("no element matches css '#nope' (waited 300 ms)");
  }

  @Test
  void elementThatAppearsLateIsClickedOnceItExistsAndIsEnabled() {
    browser.perform(click("#late-trigger"));

    PerformResult late = browser.perform(click("#late", 4000));
    PerformResult enabledLater = browser.perform(click("#enable-later", 4000));

    assertThat(late.ok()).as(late.error()).isTrue();
    assertThat(enabledLater.ok()).as(enabledLater.error()).isTrue();
    assertThat(browser.text("#log")).contains("clicked:late", "clicked:enable-later");
  }

  @Test
  void elementBelowTheFoldIsScrolledIntoViewAndClicked() {
    browser.perform(click("#wall-ok"));

    PerformResult r = browser.perform(click("#far"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#log")).contains("clicked:far");
  }

  @Test
  void aStepIdIsRecordedSoItsStatusGivesTheResultAfterwards() {
    String id = browser.nextStepId();
    PerformResult r = browser.perform(id, click("#plain"), Map.of());

    StepStatus status = browser.status(id);

    assertThat(r.ok()).isTrue();
    assertThat(status.state()).isEqualTo(StepStatus.State.DONE);
    assertThat(status.result().ok()).isTrue();
    assertThat(browser.status("never-sent-" + id).state()).isEqualTo(StepStatus.State.NEVER_STARTED);
  }

  @Test
  void aRepeatedStepIdIsAnsweredFromTheRecordWithoutClickingAgain() {
    String id = browser.nextStepId();
    browser.perform(id, click("#plain"), Map.of());

    // A second perform with the same id, as a studio would send after a reconnect.
    PerformResult again = browser.performRaw(id, click("#plain"), Map.of());

    assertThat(again.ok()).isTrue();
    assertThat(browser.text("#log").split("click:label", -1)).hasSize(2);
  }

  @Test
  void confirmIsDismissedByDefaultAndAcceptedOnlyWhenTheStepSaysSo() {
    PerformResult dismissed = browser.perform(click("#confirm-btn"));
    PerformResult accepted = browser.perform(step("click").selector(css("#confirm-btn")).acceptDialog(true).build());

    assertThat(dismissed.dialogs()).singleElement().satisfies(d -> {
      assertThat(d.kind()).isEqualTo("confirm");
      assertThat(d.message()).isEqualTo("Delete it?");
      assertThat(d.handled()).isEqualTo("dismissed");
    });
    assertThat(accepted.dialogs()).singleElement().satisfies(d -> assertThat(d.handled()).isEqualTo("accepted"));
    assertThat(browser.text("#log")).isEqualTo("confirm:false confirm:true");
  }

  @Test
  void indexIndexesAllAndPathPickPositions() {
    assertThat(browser.data(step("extract").selector(new Selector(".it", null, null, null, 1, false)).build())).isEqualTo("two");
    assertThat(browser.data(step("extract").selector(new Selector(".it", null, List.of(0, 2), null, null, false)).build()))
        .isEqualTo("[\"one\",\"three\"]");
    assertThat(browser.data(step("extract").selector(new Selector(".it", null, null, null, null, true)).build()))
        .isEqualTo("[\"one\",\"two\",\"three\"]");
    assertThat(browser.data(step("extract").selector(new Selector(null, "/html[1]/body[1]/ul[1]/li[2]", null, null, null, false)).build()))
        .isEqualTo("two");
    assertThat(browser.data(step("extract").selector(new Selector(null, "//li[@class='it'][3]", null, null, null, false)).build()))
        .isEqualTo("three");
    assertThat(browser.data(step("extract").selector(new Selector(".it", null, null, null, -1, false)).build())).isEqualTo("three");
  }

  @Test
  void clickWithAllClicksEveryMatch() {
    browser.perform(click("#wall-ok"));

    PerformResult r = browser.perform(step("click").selector(new Selector("#plain, #under", null, null, null, null, true)).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#log")).contains("click:label", "clicked:under");
  }

  @Test
  void aStepTypeTheExtensionDoesNotPerformIsAnError() {
    PerformResult r = browser.perform(step("hover").selector(css("#name")).build());

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).startsWith("this extension does not perform 'hover' steps (it performs navigate, click, fill, select, press, scroll, ");
  }

  @Test
  void badCssIsAnErrorAtOnce() {
    PerformResult r = browser.perform(click("##"));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("invalid css '##'");
  }
}

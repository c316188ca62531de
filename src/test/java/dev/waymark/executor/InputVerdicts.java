package dev.waymark.executor;

import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.fill;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Step;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Honest verdicts on pages that consume, reshape or refuse input, on both input paths: "default" is the trusted
 * input of a browser Waymark launches (chrome.debugger in Chromium, the studio's BiDi input in Firefox), "page" the
 * page-script fallback. Every test reads the page's own state, not only the report. Each engine's class says how
 * a step reaches its browser.
 */
abstract class InputVerdicts {
  /** "default" (the launched browser's trusted input) or "page". */
  abstract void use(String input);

  /** Opens a page of src/test/resources/pages/executor/ in the task tab. */
  abstract void open(String page);

  abstract PerformResult perform(Step step, Map<String, String> values);

  /** The value of a JavaScript expression in the task tab's page, as text. */
  abstract String js(String expression);

  /** The task tab's page as the extension observes it now. */
  abstract PageObservation observe();

  PerformResult perform(Step step) {
    return perform(step, Map.of());
  }

  /**
   * Whether this engine's trusted typing sends text no key types (日本語) as an input-method composition. Chrome's
   * debugger has an IME; WebDriver BiDi has none, so Firefox's trusted input sends such a character as the key
   * event of that character, as Playwright and WebDriver do there.
   */
  boolean trustedTypingComposes() {
    return true;
  }

  private static Step press(String css, String key) {
    return step("press").selector(css(css)).value(key).build();
  }

  private static PerformResult ok(PerformResult r) {
    assertThat(r.ok()).as(r.error()).isTrue();
    return r;
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aFieldThatAddsOnChangeAndClearsItselfTookEveryFill(String input) {
    use(input);
    open("input-todo-change.html");
    for (String todo : new String[] {"Buy milk", "Walk the dog", "Pay rent"}) {
      PerformResult filled = ok(perform(fill("#new-todo", todo)));
      if ("page".equals(input)) assertThat(filled.effect()).isEqualTo("the page took the value and cleared the field");
      ok(perform(press("#new-todo", "Enter")));
    }
    assertThat(js("[...document.querySelectorAll('#todo-list li')].map(li => li.textContent).join('|')"))
        .isEqualTo("Buy milk|Walk the dog|Pay rent");
    assertThat(js("document.getElementById('new-todo').value")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aFieldThatAddsOnKeyupWithWhich13GetsItsTodo(String input) {
    use(input);
    open("input-todo-keyup.html");
    ok(perform(fill("#new-todo", "Buy milk")));
    PerformResult enter = ok(perform(press("#new-todo", "Enter")));

    assertThat(js("document.querySelectorAll('#todo-list li').length")).isEqualTo("1");
    assertThat(enter.effect()).contains("the page changed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aPageThatIgnoresUntrustedEventsWorksWithTrustedInputAndIsNotCalledPlainOkWithout(String input) {
    use(input);
    open("input-strict.html");
    ok(perform(fill("#item", "Buy milk")));
    PerformResult enter = perform(press("#item", "Enter"));
    ok(perform(fill("#item", "Walk the dog")));
    PerformResult add = perform(click("#add"));

    String items = js("document.querySelectorAll('#items li').length");
    if ("page".equals(input)) {
      assertThat(items).isEqualTo("0");
      assertThat(enter.effect()).isEqualTo("no visible change");
      assertThat(add.effect()).isEqualTo("no visible change");
    } else {
      assertThat(items).isEqualTo("2");
      assertThat(enter.ok()).as(enter.error()).isTrue();
      assertThat(add.ok()).as(add.error()).isTrue();
      assertThat(add.effect()).contains("the page changed");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void anInputMaskThatReformatsIsOkAndSaysSoWithoutQuotingASecret(String input) {
    use(input);
    open("input-fields.html");
    PerformResult plain = ok(perform(fill("#phone", "5551234567")));
    assertThat(plain.effect()).isEqualTo("the page reformatted it to '(555) 123-4567'");
    assertThat(js("document.getElementById('phone').value")).isEqualTo("(555) 123-4567");

    PerformResult secret = ok(perform(fill("#phone", "{{ phone }}"), Map.of("phone", "5559876543")));
    assertThat(js("document.getElementById('phone').value")).isEqualTo("(555) 987-6543");
    // Nothing the page reports may echo the value, whole or as the mask shows it (the URL holds a random port,
    // so it is left out of the check).
    assertThat(String.join(" ", String.valueOf(secret.effect()), String.valueOf(secret.error()),
        String.valueOf(secret.data()), String.valueOf(secret.title())))
        .doesNotContain("987-6543").doesNotContain("5559876543");
    assertThat(secret.effect()).isEqualTo("the page reformatted the value (same letters and digits)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void maxlengthAMaskThatDropsCharactersAndARevertAreFailuresWithTheirReason(String input) {
    use(input);
    open("input-fields.html");
    PerformResult code = perform(fill("#code", "123456"));
    assertThat(code.ok()).isFalse();
    assertThat(code.error()).isEqualTo("the field kept 4 of 6 characters (maxlength 4)");
    assertThat(js("document.getElementById('code').value")).isEqualTo("1234");

    PerformResult digits = perform(fill("#digits", "12ab"));
    assertThat(digits.ok()).isFalse();
    assertThat(digits.error()).startsWith("the field dropped characters: it kept 2 of the 4");

    PerformResult amount = perform(fill("#amount", "x"));
    assertThat(amount.ok()).isFalse();
    assertThat(js("document.getElementById('amount').value")).isEqualTo("10");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aContentEditableEditorTakesTheTypedTextInPlaceOfItsOld(String input) {
    use(input);
    open("input-fields.html");
    ok(perform(fill("#editor", "Hello world")));
    assertThat(js("document.getElementById('editor').innerText.trim()")).isEqualTo("Hello world");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void textWithoutAKeyComesThroughAComposition(String input) {
    use(input);
    open("input-fields.html");
    ok(perform(fill("#ime", "日本語")));
    assertThat(js("document.getElementById('ime').value")).isEqualTo("日本語");
    if ("page".equals(input) || trustedTypingComposes()) {
      assertThat(js("document.getElementById('log').textContent")).contains("compositionstart").contains("compositionend:日本語");
    }

    ok(perform(fill("#ime", "café")));
    assertThat(js("document.getElementById('ime').value")).isEqualTo("café");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aClickIsJudgedByWhatItDid(String input) {
    use(input);
    open("input-fields.html");
    PerformResult stuck = perform(click("#stuck"));
    assertThat(stuck.ok()).isFalse();
    assertThat(stuck.error()).contains("did not change the checkbox (it is still unchecked)");
    assertThat(js("String(document.getElementById('stuck').checked)")).isEqualTo("false");

    PerformResult plain = ok(perform(click("#plain")));
    assertThat(plain.effect()).contains("the checkbox is now checked");

    PerformResult dead = perform(click("#dead"));
    assertThat(dead.ok()).isFalse();
    assertThat(dead.error()).startsWith("the link did nothing");

    PerformResult filter = ok(perform(click("#filter")));
    assertThat(filter.effect()).contains("the address changed");
    // The page answers the hash change on its own next task (it retitles itself); that answer belongs to the filter
    // click, so it must have landed before the next click is judged by what it changed.
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
        .until(() -> "filter #/done".equals(js("document.title")));

    PerformResult noop = ok(perform(click("#noop")));
    assertThat(noop.effect()).isEqualTo("no visible change");
  }

  /**
   * Work a click starts that the page's dialog guard must follow past its first step: a timer its own timer set, an
   * interval's first tick, a response's body read after its headers came (from the response or a clone). Each answers within the quiet wait but
   * after the two frames that would end it were the work not counted.
   */
  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aClickWaitsForADebounceThatReArmsItselfAnIntervalsFirstTickAndABodyStillArriving(String input) {
    use(input);
    open("late-clicks.html");

    PerformResult debounced = ok(perform(click("#debounced")));
    assertThat(js("document.getElementById('debounced-out').textContent")).isEqualTo("debounced 1");
    assertThat(debounced.effect()).contains("the page changed");

    PerformResult ticked = ok(perform(click("#ticked")));
    assertThat(js("document.getElementById('ticked-out').textContent")).isEqualTo("ticked 1");
    assertThat(ticked.effect()).contains("the page changed");

    PerformResult body = ok(perform(click("#body")));
    assertThat(js("document.getElementById('body-out').textContent")).isEqualTo("body read 1");
    assertThat(body.effect()).contains("the page changed");

    PerformResult cloned = ok(perform(click("#cloned")));
    assertThat(js("document.getElementById('cloned-out').textContent")).isEqualTo("clone read 1");
    assertThat(cloned.effect()).contains("the page changed");
  }

  /**
   * A change a web component draws in its shadow tree is the click's effect, though a document's observer sees nothing
   * inside one: a page's button that updates a cart badge's shadow tree, and a Lit-style app whose button in one
   * component's tree updates a sibling component's. Said as "no visible change", the model would be told the click
   * probably did not take, and buy twice. A ripple's press feedback in its own tree is no effect: a button that does
   * nothing else still says so.
   */
  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aChangeAWebComponentDrawsInItsShadowTreeIsTheClicksEffect(String input) {
    use(input);
    open("shadow-effects.html");

    PerformResult add = ok(perform(click("#add")));
    PerformResult buy = ok(perform(step("click").selector(Steps.inside("#buy", "#app", "product-card")).build()));
    PerformResult inert = ok(perform(click("#inert")));
    PerformResult rippled = ok(perform(step("click").selector(Steps.inside("button", "#rippled")).build()));
    PerformResult reveal = ok(perform(click("#reveal")));
    PerformResult more = ok(perform(step("click").selector(Steps.inside("#more", "#app")).build()));

    assertThat(js("String(document.getElementById('badge').count)")).isEqualTo("1");
    assertThat(js("String(document.getElementById('app').shadowRoot.querySelector('cart-badge').count)")).isEqualTo("1");
    assertThat(js("String(window.inertClicks)")).isEqualTo("1");
    assertThat(add.effect()).contains("the page changed");
    assertThat(buy.effect()).contains("the page changed");
    assertThat(inert.effect()).isEqualTo("no visible change");
    // a ripple's press feedback in its own tree is not the click's effect
    assertThat(js("String(window.rippledClicks)")).isEqualTo("1");
    assertThat(rippled.effect()).isEqualTo("no visible change");
    // a sibling component's panel shown by a class, no words changed, is an answer
    assertThat(js("String(document.getElementById('filters').shadowRoot.querySelector('.panel').classList.contains('open'))")).isEqualTo("true");
    assertThat(reveal.effect()).contains("the page changed");
    // ...from a button of the app's own tree too
    assertThat(js("String(document.getElementById('app').shadowRoot.querySelector('filter-panel').shadowRoot.querySelector('.panel').classList.contains('open'))")).isEqualTo("true");
    assertThat(more.effect()).contains("the page changed");
  }

  /**
   * A design system's field marks its focus (a wrapper's class, a floating label's attribute, an inner element of its
   * component's tree) and takes the mark away when focus leaves: that is the blur, not the click's answer. A button
   * that does nothing, clicked after a fill, says so; a message a field shows on blur is still a change a person reads.
   */
  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aFieldTakingAwayItsFocusMarkIsNotTheClicksEffect(String input) {
    use(input);
    open("field-focus-marks.html");

    ok(perform(fill("#name", "Ada")));
    PerformResult afterName = ok(perform(click("#preview")));
    ok(perform(step("fill").selector(Steps.inside("#inner", "#email")).value("ada@example.com").build()));
    PerformResult afterEmail = ok(perform(click("#preview")));
    ok(perform(click("#zip")));
    PerformResult afterZip = ok(perform(click("#preview")));

    assertThat(js("String(window.previewClicks)")).isEqualTo("3");
    assertThat(js("document.getElementById('name').value + ' ' + document.getElementById('email').value")).isEqualTo("Ada ada@example.com");
    assertThat(afterName.effect()).isEqualTo("no visible change");
    assertThat(afterEmail.effect()).isEqualTo("no visible change");
    // the field's own message on blur is read by a person
    assertThat(js("document.getElementById('zip-error').textContent")).isEqualTo("Enter a ZIP code");
    assertThat(afterZip.effect()).contains("the page changed");

    // a click inside the field it leaves (a clear mark drawn in its wrapper) is judged as any click
    ok(perform(fill("#name", "Bob")));
    PerformResult cleared = ok(perform(click("#name-clear")));
    // (whether focus stays in the field on a click at a mark that takes none differs by engine and input path)
    assertThat(js("document.getElementById('name').value + '|' + document.getElementById('name-control').classList.contains('has-value')")).isEqualTo("|false");
    assertThat(cleared.effect()).contains("the page changed");
    // a click elsewhere whose answer is an attribute of the field: its answer, not the field's blur
    ok(perform(fill("#secret", "hunter2")));
    PerformResult shown = ok(perform(click("#show")));
    assertThat(js("document.getElementById('secret').type")).isEqualTo("text");
    assertThat(shown.effect()).contains("the page changed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "page"})
  void aClickWaitsForTheWorkItStartedAndAChangeAfterItsVerdictIsReportedAsItsLateEffect(String input) {
    use(input);
    open("late-clicks.html");
    // the page answers after its request: the verdict waited for the request, so it saw the answer
    PerformResult fetched = ok(perform(click("#fetcher")));
    assertThat(js("document.getElementById('fetched').textContent")).isEqualTo("fetched 1");
    assertThat(fetched.effect()).contains("the page changed");

    PerformResult silent = ok(perform(click("#silent")));
    assertThat(silent.effect()).isEqualTo("no visible change");
    assertThat(js("String(window.silentClicks)")).isEqualTo("1");

    // the page answers 1.5 s later, past any verdict's wait: said as no change, then as the click's late effect
    PerformResult slow = ok(perform(click("#slow")));
    assertThat(slow.effect()).isEqualTo("no visible change");
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
        .until(() -> "answered late 1".equals(js("document.getElementById('late').textContent")));
    PageObservation page = observe();
    assertThat(page.lateEffects()).singleElement().satisfies(l -> {
      assertThat(l.stepId()).isEqualTo(slow.stepId());
      assertThat(l.effect()).contains("the page changed");
      assertThat(l.afterMs()).isBetween(100L, 5000L);
    });
    assertThat(dev.waymark.observe.CompactObservation.render(page)).contains("late effect: the click " + slow.stepId());
    // taken once: the next reading has none
    assertThat(observe().lateEffects()).isEmpty();

    // a replay reads no page between its steps: the next step that acts carries it
    PerformResult again = ok(perform(click("#slow")));
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
        .until(() -> "answered late 2".equals(js("document.getElementById('late').textContent")));
    PerformResult next = ok(perform(click("#silent")));
    if ("page".equals(input)) {
      assertThat(next.lateEffects()).singleElement().satisfies(l -> assertThat(l.stepId()).isEqualTo(again.stepId()));
    } else {
      // trusted input: the page prepares the click and the browser sends it; the reading after says it
      java.util.List<String> lateSteps = next.lateEffects().isEmpty()
          ? observe().lateEffects().stream().map(PageObservation.LateEffect::stepId).toList()
          : next.lateEffects().stream().map(dev.waymark.workflow.StepOutcome.LateEffect::stepId).toList();
      assertThat(lateSteps).contains(again.stepId());
    }

    // what a later step does (here: move the address) is its own, never the late effect of the click before it
    PerformResult quiet = ok(perform(click("#silent")));
    PerformResult routed = ok(perform(click("#route")));
    assertThat(routed.effect()).contains("the address changed");
    assertThat(routed.lateEffects()).noneMatch(l -> quiet.stepId().equals(l.stepId()));
    assertThat(observe().lateEffects()).noneMatch(l -> quiet.stepId().equals(l.stepId()));
  }
}

package dev.waymark.session;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.Cdp;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Take-over recording in real Chromium: the person's own (trusted) clicks and typing become the session's steps,
 * naming their elements with the selectors the observer gives them, and a declared value typed by hand is
 * recorded as its token.
 */
@RealBrowser
class TakeOverRecordingChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final String PASSWORD = "s3cret-" + java.util.UUID.randomUUID();
  private final java.util.List<dev.waymark.bridge.BrowserEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
  private AuthoringSession session;

  @BeforeEach
  void startSession() throws Exception {
    session = new AuthoringSession(new AuthoringSession.Config(
        new BridgeSessionBrowser(browser.client(), ObserveOptions.defaults()), new RuleRiskGate(), null, null, null, 0));
    session.start("newsletter", "Sign up for the newsletter", 20).get(10, TimeUnit.SECONDS);
    session.declareVariable("email", "the subscriber's email").get(10, TimeUnit.SECONDS);
    session.setValue("email", "ada@example.com").get(10, TimeUnit.SECONDS);
    session.declareVariable("password", "the new password").get(10, TimeUnit.SECONDS);
    session.setValue("password", PASSWORD).get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void closeSession() {
    session.close();
  }

  @Test
  void personsClicksAndTypingBecomeStepsWithTheObserversSelectors() throws Exception {
    browser.open(browser.pageUrl("author/takeover.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode email = node(page, n -> "Email".equals(n.name()));
    ObservedNode who = node(page, n -> "Your name".equals(n.name()));
    ObservedNode pw = node(page, n -> "Choose a password".equals(n.name()));
    ObservedNode save = node(page, n -> "button".equals(n.role()) && n.name() != null && n.name().contains("Save"));
    ObservedNode secondAdd = page.nodes().stream().filter(n -> "Add".equals(n.name())).skip(1).findFirst().orElseThrow();

    dev.waymark.bridge.BridgeListener spy = new dev.waymark.bridge.BridgeListener() {
      @Override
      public void event(dev.waymark.bridge.ClientInfo c, dev.waymark.bridge.BrowserEvent e) {
        events.add(e);
      }
    };
    browser.client().addListener(spy);
    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClick("input[name=email]");
      type("ada@example.com");
      browser.trustedClick("input.who");           // leaving the email field commits it: a fill
      type("Ada Lovelace");
      browser.trustedClick("input.pw");
      type(PASSWORD);
      browser.trustedClick("ul.addons li:nth-of-type(2) button");
      browser.trustedClick("button.save span:last-child"); // the text inside the button: the step is on the button
      awaitSteps(5);
    } finally {
      browser.client().removeListener(spy);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "fill", "fill", "click", "click");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(email));
    assertThat(steps.get(0).value()).isEqualTo("{{ email }}");
    assertThat(steps.get(1).selector()).isEqualTo(selectorOf(who));
    assertThat(steps.get(1).value()).isEqualTo("Ada Lovelace");
    assertThat(steps.get(2).selector()).isEqualTo(selectorOf(pw));
    assertThat(steps.get(2).value()).isEqualTo("{{ password }}");
    assertThat(steps.get(3).selector()).isEqualTo(selectorOf(secondAdd));
    assertThat(steps.get(4).selector()).isEqualTo(selectorOf(save));
    // the extension recognised both values by their digests: neither crossed the socket
    assertThat(events).filteredOn(e -> "user_action".equals(e.event())).extracting(e -> e.text("value"))
        .contains("{{ email }}", "{{ password }}").doesNotContain("ada@example.com", PASSWORD);
    assertThat(events.toString()).doesNotContain(PASSWORD);
    assertThat(steps).allSatisfy(s -> assertThat(s.provenance().by()).isEqualTo(Provenance.PERSON));
    // recorded, not performed again: each button was clicked once, by the person
    assertThat(browser.eval("document.getElementById('log').textContent").asText()).isEqualTo("Add;✓ Save;");
    assertThat(session.latest().trail()).allSatisfy(t -> assertThat(t.ok()).isTrue());
  }

  @Test
  void enterInAFieldRecordsTheFillBeforeThePress() throws Exception {
    browser.open(browser.pageUrl("author/takeover.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode search = node(page, n -> "Search the archive".equals(n.name()));

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClick("input[name=q]");
      type("blue mugs");
      pressEnter();
      awaitSteps(2);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "press");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(search));
    assertThat(steps.get(0).value()).isEqualTo("blue mugs");
    assertThat(steps.get(1).value()).isEqualTo("Enter");
    assertThat(steps.get(1).selector()).isEqualTo(selectorOf(search));
    assertThat(browser.eval("document.getElementById('log').textContent").asText()).isEqualTo("search:blue mugs;");
  }

  @Test
  void aClickInsideAClosedShadowRootIsRecordedOnTheControlNotItsHost() throws Exception {
    browser.open(browser.pageUrl("executor/closed-shadow.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode redeem = node(page, n -> "Redeem".equals(n.name()));
    assertThat(redeem.enter()).containsExactly("#sealed");

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClickOn("window.sealedRedeem()");
      awaitSteps(1);
    }

    Step click = session.latest().steps().get(0);
    assertThat(click.type()).isEqualTo("click");
    assertThat(click.selector()).isEqualTo(selectorOf(redeem));
    assertThat(browser.eval("document.getElementById('light-out').textContent").asText()).isEqualTo("redeemed ");
  }

  @Test
  void typingInFieldsInsideShadowRootsIsRecordedAsFills() throws Exception {
    browser.open(browser.pageUrl("executor/closed-shadow.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode message = node(page, n -> "Gift message".equals(n.name()));
    ObservedNode code = node(page, n -> "Voucher code".equals(n.name()));

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClickOn("document.querySelector('#note').shadowRoot.querySelector('.msg')");
      type("Happy birthday");
      browser.trustedClickOn("window.sealedCode()"); // leaving the message field commits it
      type("SPRING");
      pressEnter();
      awaitSteps(3);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "fill", "press");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(message));
    assertThat(steps.get(0).value()).isEqualTo("Happy birthday");
    assertThat(steps.get(1).selector()).isEqualTo(selectorOf(code));
    assertThat(steps.get(1).value()).isEqualTo("SPRING");
    assertThat(steps.get(2).selector()).isEqualTo(selectorOf(code));
  }

  @Test
  void aClickOnALabelIsRecordedOnceOnWhatAReplayCanClick() throws Exception {
    browser.open(browser.pageUrl("observer/labelled-choices.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode news = node(page, n -> "Send me news".equals(n.name()));
    ObservedNode pillM = node(page, n -> "M".equals(n.name()));
    assertThat(pillM.tag()).isEqualTo("label");

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClick("label[for=news]");   // a visible checkbox: its own click is the step
      browser.trustedClick("label[for=size-m]"); // a hidden radio: the label is what a replay clicks
      awaitStepsThenBarrier(2);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).hasSize(2).extracting(Step::type).containsOnly("click");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(news));
    assertThat(steps.get(1).selector()).isEqualTo(selectorOf(pillM));
    assertThat(browser.eval("document.getElementById('news').checked && document.getElementById('size-m').checked")
        .asBoolean()).isTrue();
  }

  @Test
  void choosingFromADropDownIsOneSelectStepNotAClickToo() throws Exception {
    browser.open(browser.pageUrl("author/choose.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode country = node(page, n -> "Country".equals(n.name()));

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClick("#country");
      key("ArrowDown", 40);
      key("Enter", 13);
      awaitStepsThenBarrier(1);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).hasSize(1);
    assertThat(steps.get(0).type()).isEqualTo("select");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(country));
    assertThat(steps.get(0).value()).isEqualTo("fr");
  }

  @Test
  void typingInARichTextEditorIsRecordedAsAFillButTheExecutorsOwnFillIsNot() throws Exception {
    browser.open(browser.pageUrl("author/editor.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode editor = node(page, n -> "Message".equals(n.name()));
    ObservedNode send = node(page, n -> "Send".equals(n.name()));

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClick("#body");
      type("Hello there");
      browser.trustedClick("#send"); // leaving the editor commits its text
      awaitSteps(2);
      // the executor fills the editor (a step of the session), then the person leaves it again
      TurnOutcome filled = session.submit("{\"reasoning\": \"r\", \"step\": {\"type\": \"fill\", \"ref\": \""
          + editor.ref() + "\", \"value\": \"Typed by the executor\"}}", Provenance.PERSON).get(15, TimeUnit.SECONDS);
      assertThat(filled.ok()).as(String.valueOf(filled.output())).isTrue();
      browser.trustedClick("#send");
      awaitStepsThenBarrier(4);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "click", "fill", "click");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(editor));
    assertThat(steps.get(0).value()).isEqualTo("Hello there");
    assertThat(steps.get(1).selector()).isEqualTo(selectorOf(send));
    assertThat(steps.get(2).value()).isEqualTo("Typed by the executor");
  }

  @Test
  void typingAndClickingInsideASameOriginFrameAreRecordedWithTheFrameToEnter() throws Exception {
    browser.open(browser.pageUrl("author/framed.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode title = node(page, n -> "Title".equals(n.name()));
    ObservedNode save = node(page, n -> "Save post".equals(n.name()));
    assertThat(title.enter()).containsExactly("#pane");

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClickAtPoint(inFrame("#title"));
      type("First post");
      browser.trustedClickAtPoint(inFrame("#save")); // leaving the field commits it
      awaitSteps(2);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "click");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(title));
    assertThat(steps.get(0).value()).isEqualTo("First post");
    assertThat(steps.get(1).selector()).isEqualTo(selectorOf(save));
  }

  @Test
  void typingInAClassicIframeEditorIsAFillOnItsBodyInsideTheFrame() throws Exception {
    browser.open(browser.pageUrl("author/iframe-editor.html"));
    PageObservation page = session.observe().get(15, TimeUnit.SECONDS);
    ObservedNode comment = node(page, n -> "Comment".equals(n.name()));
    assertThat(comment.enter()).containsExactly("#editor");

    try (RecordedActions rec = RecordedActions.start(browser.client(), session, null)) {
      assertThat(rec.ready().get(15, TimeUnit.SECONDS)).isTrue();
      browser.trustedClickAtPoint("(() => { const r = document.getElementById('editor').getBoundingClientRect();"
          + " return {x: r.x + 40, y: r.y + 20}; })()");
      type("Nice work");
      browser.trustedClick("#post");
      awaitSteps(2);
    }

    List<Step> steps = session.latest().steps();
    assertThat(steps).extracting(Step::type).containsExactly("fill", "click");
    assertThat(steps.get(0).selector()).isEqualTo(selectorOf(comment));
    assertThat(steps.get(0).value()).isEqualTo("Nice work");
  }

  /** The centre of css inside the #pane frame, in the top viewport. */
  private static String inFrame(String css) {
    return "(() => { const f = document.getElementById('pane'); const fr = f.getBoundingClientRect();"
        + " const r = f.contentDocument.querySelector('" + css + "').getBoundingClientRect();"
        + " return {x: fr.x + f.clientLeft + r.x + r.width / 2, y: fr.y + f.clientTop + r.y + r.height / 2}; })()";
  }

  private void key(String key, int code) throws Exception {
    Cdp cdp = browser.cdp();
    String s = cdp.attach(browser.pageTarget());
    try {
      cdp.send(s, "Input.dispatchKeyEvent", Cdp.params().put("type", "rawKeyDown").put("key", key).put("code", key)
          .put("windowsVirtualKeyCode", code));
      cdp.send(s, "Input.dispatchKeyEvent", Cdp.params().put("type", "keyUp").put("key", key).put("code", key)
          .put("windowsVirtualKeyCode", code));
    } finally {
      cdp.detach(s);
    }
  }

  private void pressEnter() throws Exception {
    Cdp cdp = browser.cdp();
    String s = cdp.attach(browser.pageTarget());
    try {
      cdp.send(s, "Input.dispatchKeyEvent", Cdp.params().put("type", "keyDown").put("key", "Enter").put("code", "Enter")
          .put("windowsVirtualKeyCode", 13).put("text", "\r"));
      cdp.send(s, "Input.dispatchKeyEvent", Cdp.params().put("type", "keyUp").put("key", "Enter").put("code", "Enter")
          .put("windowsVirtualKeyCode", 13));
    } finally {
      cdp.detach(s);
    }
  }

  private static Selector selectorOf(ObservedNode n) {
    return new Selector(n.selector(), n.path(), n.indexes(), n.enter(), null, false);
  }

  private static ObservedNode node(PageObservation page, Predicate<ObservedNode> which) {
    return page.nodes().stream().filter(which).findFirst()
        .orElseThrow(() -> new AssertionError("no such node in " + page.nodes()));
  }

  private void awaitSteps(int n) {
    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(session.latest().steps())
        .as("recorded steps; trail " + session.latest().trail()).hasSizeGreaterThanOrEqualTo(n));
    assertThat(session.latest().steps()).as("recorded steps; trail " + session.latest().trail()).hasSize(n);
  }

  /**
   * Waits for n steps, then proves no further step is on its way: a person's Escape is recorded after anything
   * the earlier actions could still send (one page, one socket, one session thread, in order), so once it
   * arrives as step n + 1 nothing else can follow. The barrier step is then removed again.
   */
  private void awaitStepsThenBarrier(int n) throws Exception {
    awaitSteps(n);
    key("Escape", 27);
    awaitSteps(n + 1);
    Step barrier = session.latest().steps().get(n);
    assertThat(barrier.type() + " " + barrier.value()).isEqualTo("press Escape");
    session.undoLastStep().get(5, TimeUnit.SECONDS);
  }


  /** A person's typing into the focused field. */
  private void type(String text) throws Exception {
    Cdp cdp = browser.cdp();
    String s = cdp.attach(browser.pageTarget());
    try {
      cdp.send(s, "Input.insertText", Cdp.params().put("text", text));
    } finally {
      cdp.detach(s);
    }
  }
}

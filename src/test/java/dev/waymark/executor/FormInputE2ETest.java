package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.extract;
import static dev.waymark.executor.Steps.fill;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.PerformResult;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** fill, select and press through the real bridge: plain DOM and a React 18 controlled form. */
@RealBrowser
class FormInputE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @Test
  void fillTypesTheRealValueWithInputAndChangeButNothingSentBackCarriesIt() {
    browser.open("basic.html");
    Map<String, String> values = Map.of("who", "Adalovelace");

    PerformResult filled = browser.perform(fill("#name", "Hi {{ who }}"), values);
    PerformResult read = browser.perform(step("extract").selector(css("#name")).attribute("value").build(), values);

    assertThat(filled.ok()).as(filled.error()).isTrue();
    // typed as a keyboard types: beforeinput and input for each of the 14 characters, then change
    StringBuilder perKey = new StringBuilder();
    for (int i = 0; i < 14; i++) perKey.append("beforeinput:").append(i).append(" input:").append(i + 1).append(' ');
    assertThat(browser.text("#log")).isEqualTo(perKey + "change:14");
    assertThat(read.data().asText()).isEqualTo("Hi {{ who }}");
    assertThat(read.toString()).doesNotContain("Adalovelace");
  }

  @Test
  void aTokenWithoutAValueIsAnErrorAndNothingIsTyped() {
    browser.open("basic.html");

    PerformResult r = browser.perform(fill("#name", "{{ email }}"));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("no value was given for {{ email }} in value");
    assertThat(browser.text("#log")).isEmpty();
  }

  @Test
  void readOnlyAndDisabledFieldsAreRefused() {
    browser.open("basic.html");

    PerformResult readOnly = browser.perform(step("fill").selector(css("#readonly")).value("x").timeoutMs(200).build());
    PerformResult disabled = browser.perform(step("fill").selector(css("#disabled-field")).value("x").timeoutMs(200).build());

    assertThat(readOnly.error()).isEqualTo("element is read-only: <input id=readonly> 'fixed' (waited 200 ms)");
    assertThat(disabled.error()).isEqualTo("element is disabled: <input id=disabled-field> (waited 200 ms)");
  }

  @Test
  void aFillOnWhatIsNoFieldStopsSoonInsteadOfWaitingOutItsTimeoutAndAnEditorThatStartsLateIsWaitedFor() {
    browser.open("late-editor.html?start=600");

    // the inline editor makes its element editable 600 ms after load: the fill waits for it and types
    PerformResult editor = browser.perform(step("fill").selector(css("#editor")).value("Buy milk").build());
    // a card with words in it is no field: said once it has stayed so for a while, not after the step's 10 s
    PerformResult card = browser.perform(step("fill").selector(css("#card")).value("Buy milk").build());

    assertThat(card.ok()).isFalse();
    assertThat(card.error()).isEqualTo("element is not editable (not an input, textarea or contenteditable): "
        + "<div id=card> 'Write your note here' (still so after 2000 ms)");
    assertThat(editor.ok()).as(editor.error()).isTrue();
    assertThat(browser.text("#log")).contains("editor started").contains("editor: Buy milk");
    assertThat(browser.text("#card")).isEqualTo("Write your note here");
  }

  @Test
  void aFillOnAComponentDefinedLateWaitsForItsFieldPastTheTimeNoFieldIsGiven() {
    browser.open("late-editor.html?define=4000");

    // <late-field> is defined 4 s after load: until then it is an unknown element with no field, and no card
    PerformResult title = browser.perform(step("fill").selector(css("#title")).value("Groceries").timeoutMs(9000).build());

    assertThat(title.ok()).as(title.error()).isTrue();
    assertThat(browser.text("#log")).contains("field defined").contains("title: Groceries");
  }

  @Test
  void aFillOnAComponentWhoseFieldIsReadOnlyWhileItsFormLoadsWaitsForIt() {
    browser.open("late-editor.html?unlock=4000");

    // the component's own input is read-only for 4 s: a state it leaves, not what it is
    PerformResult amount = browser.perform(step("fill").selector(css("#amount")).value("42").timeoutMs(9000).build());

    assertThat(amount.ok()).as(amount.error()).isTrue();
    assertThat(browser.text("#log")).contains("amount unlocked").contains("amount: 42");
  }

  @Test
  void aValueTheFieldRejectsIsAnError() {
    browser.open("basic.html");

    PerformResult r = browser.perform(fill("#num", "{{ amount }}"), Map.of("amount", "twelve"));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("the field rejected the value (it reads empty after typing)");
  }

  @Test
  void passwordFieldsReadBackMasked() {
    browser.open("basic.html");
    browser.perform(fill("#secret", "{{ pw }}"), Map.of("pw", "hunter22"));

    PerformResult r = browser.perform(step("extract").selector(css("#secret")).attribute("value").build());

    assertThat(r.data().asText()).isEqualTo("••••••••");
  }

  @Test
  void selectChoosesByLabelOrValueAndExplainsAMiss() {
    browser.open("basic.html");

    assertThat(browser.perform(step("select").selector(css("#color")).value("Green").build()).ok()).isTrue();
    assertThat(browser.perform(step("select").selector(css("#color")).value("r").build()).ok()).isTrue();
    PerformResult disabled = browser.perform(step("select").selector(css("#color")).value("Blue").build());
    PerformResult missing = browser.perform(step("select").selector(css("#color")).value("Purple").build());

    assertThat(browser.text("#log")).isEqualTo("color:g color:r");
    assertThat(disabled.error()).isEqualTo("option 'Blue' is disabled");
    assertThat(missing.error()).isEqualTo("no option matches the value (options: 'Pick', 'Red', 'Green', 'Blue')");
  }

  @Test
  void contentEditableIsFilledThroughTheEditingPipeline() {
    browser.open("basic.html");

    PerformResult r = browser.perform(fill("#editor", "new text"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#editor")).isEqualTo("new text");
    assertThat(browser.text("#log")).contains("editor-input:insertText");
  }

  @Test
  void clickingACheckboxTogglesItAndFiresChange() {
    browser.open("basic.html");

    browser.perform(click("#agree"));

    assertThat(browser.data(step("extract").selector(css("#agree")).attribute("checked").build())).isEqualTo("true");
    assertThat(browser.text("#log")).isEqualTo("agree:true");
  }

  @Test
  void pressSendsKeyCodeWhichAndModifiersAndTypesTheCharacter() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("press").selector(css("#q")).value("Shift+a").build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#keys")).isEqualTo("down:Shift:ShiftLeft:16:16:shift down:A:KeyA:65:65:shift press:A:65 up:A up:Shift");
    assertThat(browser.data(step("extract").selector(css("#q")).attribute("value").build())).isEqualTo("A");
  }

  @Test
  void pressEnterInAFieldSubmitsItsFormAndTheReplySaysThePageMoved() {
    browser.open("basic.html");
    browser.perform(fill("#q", "cats"));

    PerformResult r = browser.perform(step("press").selector(css("#q")).value("Enter").build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.navigated()).isTrue();
    assertThat(r.url()).endsWith("/basic.html?q=cats");
    assertThat(r.title()).isEqualTo("Searched cats");
  }

  @Test
  void pressWithoutSelectorGoesToTheFocusedElement() {
    browser.open("basic.html");
    browser.perform(click("#q"));

    browser.perform(step("press").value("z").build());

    assertThat(browser.data(step("extract").selector(css("#q")).attribute("value").build())).isEqualTo("z");
  }

  @Test
  void unknownKeyIsAnError() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("press").value("Hyper+q").build());

    assertThat(r.error()).isEqualTo("unknown modifier 'Hyper' in 'Hyper+q' (use Control, Shift, Alt or Meta)");
  }

  @Test
  void reactControlledInputAndSelectSeeTheChangeAndTheFormSubmits() {
    browser.open("react.html");

    PerformResult filled = browser.perform(fill("#rname", "Ada"));
    PerformResult selected = browser.perform(step("select").selector(css("#rsize")).value("Large").build());
    PerformResult entered = browser.perform(step("press").selector(css("#rname")).value("Enter").build());

    assertThat(filled.ok()).as(filled.error()).isTrue();
    assertThat(selected.ok()).as(selected.error()).isTrue();
    assertThat(entered.ok()).as(entered.error()).isTrue();
    assertThat(browser.text("#greeting")).isEqualTo("Hello, Ada!");
    // React's onChange runs for each key typed into the name, as for a person
    assertThat(browser.text("#rstate")).isEqualTo("size=l changes=3");
    assertThat(browser.text("#rsent")).isEqualTo("sent Ada/l");
  }

  @Test
  void fillOnASelectChoosesTheOption() {
    browser.open("basic.html");

    PerformResult r = browser.perform(fill("#color", "Red"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.text("#log")).isEqualTo("color:r");
  }

  @Test
  void extractOfAFieldReadsItsValue() {
    browser.open("basic.html");
    browser.perform(fill("#name", "plain words"));

    assertThat(browser.perform(extract("#name")).data().asText()).isEqualTo("plain words");
  }

  @Test
  void vueVModelSeesFillSelectAndCheckboxAndTheFormSubmits() {
    browser.open("frameworks.html");

    assertThat(browser.perform(fill("#vname", "Grace")).ok()).isTrue();
    assertThat(browser.perform(step("select").selector(css("#vplan")).value("Pro").build()).ok()).isTrue();
    assertThat(browser.perform(click("#vterms")).ok()).isTrue();
    PerformResult submit = browser.perform(click("#vsubmit", 2000));

    assertThat(submit.ok()).as(submit.error()).isTrue();
    assertThat(browser.text("#vgreeting")).isEqualTo("Hi Grace on pro");
    assertThat(browser.text("#vsent")).isEqualTo("Grace/pro");
  }

  @Test
  void angularNgModelClickAndKeyupEnterRunThroughZoneChangeDetection() {
    browser.open("angular.html");

    PerformResult filled = browser.perform(fill("#nname", "Ada"));
    assertThat(filled.ok()).as(filled.error()).isTrue();
    assertThat(browser.perform(step("select").selector(css("#nplan")).value("Team").build()).ok()).isTrue();
    assertThat(browser.perform(fill("#nsearch", "mugs")).ok()).isTrue();
    assertThat(browser.perform(step("press").selector(css("#nsearch")).value("Enter").build()).ok()).isTrue();
    assertThat(browser.perform(click("#ncount")).ok()).isTrue();
    assertThat(browser.perform(click("#ncount")).ok()).isTrue();
    assertThat(browser.perform(click("#nterms")).ok()).isTrue();
    PerformResult submit = browser.perform(click("#nsubmit", 2000));

    assertThat(submit.ok()).as(submit.error()).isTrue();
    assertThat(browser.text("#ngreeting")).isEqualTo("Hi Ada on team");
    assertThat(browser.text("#nsearched")).isEqualTo("mugs");
    assertThat(browser.text("#ncount")).isEqualTo("Clicked 2");
    assertThat(browser.text("#nsent")).isEqualTo("Ada/team/yes");
  }

  @Test
  void jqueryHandlersReadWhichFromKeysAndClicks() {
    browser.open("frameworks.html");

    browser.perform(fill("#jq-input", "typed"));
    browser.perform(step("press").selector(css("#jq-input")).value("k").build());
    browser.perform(click("#jq-btn"));

    // The typed k is an edit the browser tracks: moving focus to the button (on mousedown) makes
    // it fire change itself, as it would for a person.
    assertThat(browser.text("#jq-out")).isEqualTo("keyup:84:t keyup:89:ty keyup:80:typ keyup:69:type keyup:68:typed change:typed "
        + "keyup:75:typedk mousedown:1 change:typedk click:1");
  }

  @Test
  void aRealValueThatTheUrlAndTitleEchoIsMaskedInTheReply() {
    browser.open("basic.html");
    Map<String, String> values = Map.of("term", "findme123");
    browser.perform(fill("#q", "{{ term }}"), values);

    PerformResult r = browser.perform(step("press").selector(css("#q")).value("Enter").build(), values);

    assertThat(r.navigated()).isTrue();
    assertThat(r.url()).endsWith("/basic.html?q={{ term }}");
    assertThat(r.title()).isEqualTo("Searched {{ term }}");
    assertThat(browser.lastPayload().toString()).doesNotContain("findme123");
  }
}

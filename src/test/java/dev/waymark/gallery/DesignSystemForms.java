package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.PagesInABrowser;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A form built of a design system's web components (Shoelace, gallery/shoelace-form.html): every control lives in a
 * component's shadow tree. A checkbox and a switch draw their box over the input they hide, inside its label; a
 * button's words are light text its slot shows; a toast draws its words through a slot. Each step is checked by the
 * library's own record of what it received ({@code window.__log}) and the components' values.
 */
abstract class DesignSystemForms {
  abstract PagesInABrowser browser();

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  private void open() throws Exception {
    browser().open(browser().pageUrl("gallery/shoelace-form.html"));
    org.awaitility.Awaitility.await().pollDelay(java.time.Duration.ZERO).atMost(java.time.Duration.ofSeconds(5))
        .until(() -> browser().eval("!document.querySelector(':not(:defined)') && !!document.getElementById('save').shadowRoot").asBoolean());
  }

  private String value(String expression) throws Exception {
    return browser().eval(expression).asText();
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aFormOfWebComponentsIsFilledTickedSwitchedAndSavedWithHonestVerdicts(String input) throws Exception {
    open();
    WidgetSteps.useInput(browser(), input);
    PageObservation o = WidgetSteps.observe(browser());

    PerformResult name = WidgetSteps.perform(browser(), "fill", WidgetSteps.named(o, "Display name"), "Ada", 5000);
    PerformResult terms = WidgetSteps.perform(browser(), "click", WidgetSteps.named(o, "I accept the terms"), null, 5000);
    PerformResult pro = WidgetSteps.perform(browser(), "click", WidgetSteps.named(o, "Pro plan"), null, 5000);
    PerformResult tab = WidgetSteps.perform(browser(), "click", WidgetSteps.named(o, "Notifications"), null, 5000);
    PageObservation shown = WidgetSteps.observe(browser());
    // the button a component draws around its words is listed once, as the button, not also as a clickable host
    assertThat(shown.nodes().stream().filter(n -> "Save".equals(n.name()) || "Save".equals(n.text()))).hasSize(1);
    PerformResult digest = WidgetSteps.perform(browser(), "click", WidgetSteps.named(shown, "Weekly digest"), null, 5000);
    PerformResult save = WidgetSteps.perform(browser(), "click", WidgetSteps.one(shown, n -> "button".equals(n.role()) && "Save".equals(n.name())), null, 5000);

    for (PerformResult r : new PerformResult[] {name, terms, pro, tab, digest, save}) assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(value("window.__log.join(' | ')")).isEqualTo("name A | name Ad | name Ada | terms true | plan pro | tab alerts | digest true | saved");
    assertThat(value("JSON.stringify([$('name').value, $('terms').checked, $('plan').value, $('digest').checked])"))
        .isEqualTo("[\"Ada\",true,\"pro\",true]");
    assertThat(terms.effect()).contains("the checkbox is now checked").doesNotContain("focus moved");
    assertThat(digest.effect()).contains("the checkbox is now checked");
    assertThat(save.effect()).contains("the page changed");
    // the toast the button showed: moved into the toast stack the library draws, its words shown through a slot
    PageObservation after = browser().client().observe(new ObserveOptions(null, 0, 0, true)).get(20, TimeUnit.SECONDS).page();
    assertThat(after.text()).contains("Settings saved");
  }

  /** The node a person knows by these words: its name, or its text when Chrome names it by nothing. */
  private static dev.waymark.observe.ObservedNode shown(PageObservation o, String role, String words) {
    return WidgetSteps.one(o, n -> role.equals(n.role()) && (words.equals(n.name()) || words.equals(n.text())));
  }

  /**
   * Material Web 2.5 (Lit): its tabs and radios say their role, name and state only through ElementInternals, which
   * no page script can read (decision 0080); its checkbox and switch are inner controls of components labelled in
   * the page. All are found by what a person sees and take their steps; a button that does nothing, clicked after a
   * fill, says so though the text field takes its focus marks away (0079).
   */
  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aMaterialFormsTabsRadiosAndLabelledControlsAreFoundAndWorked(String input) throws Exception {
    browser().open(browser().pageUrl("gallery/material-form.html"));
    org.awaitility.Awaitility.await().pollDelay(java.time.Duration.ZERO).atMost(java.time.Duration.ofSeconds(10))
        .until(() -> browser().eval("window.__ready === true && !document.querySelector(':not(:defined)')").asBoolean());
    WidgetSteps.useInput(browser(), input);
    PageObservation o = WidgetSteps.observe(browser());

    assertThat(shown(o, "tab", "Profile")).isNotNull();
    assertThat(shown(o, "radio", "Free plan").checked()).isTrue();
    assertThat(shown(o, "radio", "Pro plan").checked()).isFalse();
    PerformResult name = WidgetSteps.perform(browser(), "fill", WidgetSteps.named(o, "Display name"), "Ada", 5000);
    PerformResult idle = WidgetSteps.perform(browser(), "click", WidgetSteps.one(o, n -> "button".equals(n.role()) && "Preview".equals(n.name())), null, 5000);
    PerformResult terms = WidgetSteps.perform(browser(), "click", shown(o, "checkbox", "I accept the terms"), null, 5000);
    PerformResult pro = WidgetSteps.perform(browser(), "click", shown(o, "radio", "Pro plan"), null, 5000);
    PerformResult tab = WidgetSteps.perform(browser(), "click", shown(o, "tab", "Notifications"), null, 5000);
    PageObservation alerts = WidgetSteps.observe(browser());
    PerformResult digest = WidgetSteps.perform(browser(), "click", shown(alerts, "switch", "Weekly digest"), null, 5000);
    PerformResult save = WidgetSteps.perform(browser(), "click", WidgetSteps.one(alerts, n -> "button".equals(n.role()) && "Save".equals(n.name())), null, 5000);

    for (PerformResult r : new PerformResult[] {name, idle, terms, pro, tab, digest, save}) assertThat(r.ok()).as(r.error()).isTrue();
    // (Firefox's label passes a click on its own form-associated control back to it: one click there, page script or
    // not, is two of the radio's change events)
    assertThat(value("[...new Set(window.__log)].join(' | ')")).isEqualTo("name A | name Ad | name Ada | terms true | plan pro | tab alerts | digest true | saved");
    assertThat(value("JSON.stringify([document.getElementById('name').value, document.getElementById('terms').checked, document.getElementById('pro').checked, document.getElementById('digest').selected])"))
        .isEqualTo("[\"Ada\",true,true,true]");
    assertThat(idle.effect()).isEqualTo("no visible change");
    assertThat(terms.effect()).contains("the checkbox is now checked");
    assertThat(save.effect()).contains("the page changed");
    PageObservation after = WidgetSteps.observe(browser());
    assertThat(shown(after, "tab", "Notifications")).isNotNull();
    assertThat(shown(after, "switch", "Weekly digest").checked()).isTrue();
    // a select whose options show their words through slots, in a menu that grows into the top layer
    PerformResult back = WidgetSteps.perform(browser(), "click", shown(after, "tab", "Profile"), null, 5000);
    PageObservation profile = WidgetSteps.observe(browser());
    PerformResult germany = WidgetSteps.perform(browser(), "select", WidgetSteps.named(profile, "Country"), "Germany", 5000);
    PerformResult spain = WidgetSteps.perform(browser(), "select", WidgetSteps.named(profile, "Country"), "Spain", 5000);
    assertThat(back.ok()).as(back.error()).isTrue();
    assertThat(germany.ok()).as(germany.error()).isTrue();
    assertThat(value("document.getElementById('country').value")).isEqualTo("de");
    assertThat(value("document.getElementById('log').textContent")).endsWith("tab profile | country de");
    assertThat(spain.ok()).isFalse();
    assertThat(spain.error()).contains("offers no option 'Spain' (it lists: 'France', 'Germany', 'Italy')");
    assertThat(value("document.getElementById('country').value")).isEqualTo("de");
  }

  /** A click at a checkbox a component hides under a box that is not its label's still fails as covered. */
  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aClickOnAControlTheComponentsOwnOverlayCoversStillFails(String input) throws Exception {
    open();
    WidgetSteps.useInput(browser(), input);
    browser().eval("(() => { const d = document.createElement('div'); d.id = 'veil';"
        + " d.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.3);z-index:9999'; document.body.append(d); return 1; })()");
    PageObservation o = WidgetSteps.observe(browser());

    PerformResult terms = WidgetSteps.perform(browser(), "click", WidgetSteps.named(o, "I accept the terms"), null, 1500);

    assertThat(terms.ok()).isFalse();
    assertThat(terms.error()).contains("covered by <div id=veil>");
    assertThat(value("String($('terms').checked)")).isEqualTo("false");
  }

  /**
   * A label passes its click to its control only: a box drawn inside a label that holds two fields, over the second,
   * covers the second (a click there would reach the first).
   */
  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aBoxInsideALabelCoversAFieldThatIsNotTheLabelsControl(String input) throws Exception {
    open();
    WidgetSteps.useInput(browser(), input);
    browser().eval("(() => { const l = document.createElement('label'); l.style.cssText = 'position:relative;display:inline-block';"
        + " l.innerHTML = 'Pair <input id=\"first\"> <input id=\"second\"><span id=\"cover\"></span>'; document.querySelector('main').prepend(l);"
        + " const s = document.getElementById('second'); const c = document.getElementById('cover');"
        + " c.style.cssText = `position:absolute;left:${s.offsetLeft}px;top:${s.offsetTop}px;width:${s.offsetWidth}px;height:${s.offsetHeight}px;background:#eee`;"
        + " window.__focused = []; for (const id of ['first', 'second']) document.getElementById(id).addEventListener('focus', () => window.__focused.push(id));"
        + " return 1; })()");

    PerformResult r = browser().client().perform(java.util.UUID.randomUUID().toString(),
        dev.waymark.workflow.Step.builder("click").selector(new dev.waymark.workflow.Selector("#second", null, null, null, null, false)).timeoutMs(1500).build(),
        java.util.Map.of(), 1500).get(30, TimeUnit.SECONDS);

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).contains("covered by <span id=cover>");
    assertThat(value("window.__focused.join()")).isEmpty();
  }
}

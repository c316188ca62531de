package dev.waymark.observe;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The observer tests' browser: headless Chromium driven over DevTools with the observer's page script
 * ({@link CdpChromium}) and a server for src/test/resources/pages/, one per test class:
 * {@code @RegisterExtension static ObserverBrowser browser = new ObserverBrowser();}.
 */
final class ObserverBrowser implements BeforeAllCallback, AfterAllCallback {
  private CdpChromium chromium;
  private PageServer pages;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    pages = new PageServer();
    chromium = new CdpChromium(1280, 800);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (chromium != null) chromium.close();
    if (pages != null) pages.close();
  }

  CdpChromium chromium() {
    return chromium;
  }

  PageServer pages() {
    return pages;
  }

  /** Opens a page under pages/observer/ and observes it with the defaults. */
  PageObservation observe(String page) throws Exception {
    chromium.open(pages.url("observer/" + page));
    return chromium.observe("{}");
  }

  static ObservedNode byName(PageObservation o, String name) {
    return o.nodes().stream().filter(n -> name.equals(n.name())).findFirst()
        .orElseThrow(() -> new AssertionError("no node named " + name + " in "
            + o.nodes().stream().map(ObservedNode::name).toList()));
  }

  /** The node a person knows by the text it shows, the browser naming it nothing (a clickable div). */
  static ObservedNode byText(PageObservation o, String text) {
    return o.nodes().stream().filter(n -> text.equals(n.text())).findFirst()
        .orElseThrow(() -> new AssertionError("no node showing " + text + " in "
            + o.nodes().stream().map(ObservedNode::text).toList()));
  }

  static ObservedList listOf(PageObservation o, String selector) {
    return o.lists().stream().filter(l -> l.selector().equals(selector)).findFirst()
        .orElseThrow(() -> new AssertionError("no list " + selector + " in " + o.lists()));
  }
}

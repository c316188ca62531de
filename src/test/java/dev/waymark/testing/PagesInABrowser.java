package dev.waymark.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BrowserClient;

/**
 * What a test needs of a real browser with Waymark's extension paired to a bridge, whichever the engine: the studio
 * side, the test pages' addresses, and loading and reading a page outside the extension. {@link BrowserHarness}
 * (Chromium) and {@link FirefoxHarness} are both, so a test written against this runs on either engine.
 */
public interface PagesInABrowser {
  /** The studio side of the paired extension. */
  BrowserClient client();

  /** URL of a test page under src/test/resources/pages/. */
  String pageUrl(String path);

  /** Loads url in the task tab, not through the extension, and waits for it to load. */
  void open(String url) throws Exception;

  /** A JavaScript expression's value in the task tab's page: a string, number or boolean. */
  JsonNode eval(String expression) throws Exception;
}

package dev.waymark.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.ObserveResult;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.RealBrowser;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 25: the add-on in Firefox observes a page field by field as the extension in Chromium does — refs, roles,
 * names, selectors, sections, lists, pagination, modal walls, frames — with both viewports the same size. Only the
 * tab ids (each browser numbers its own tabs) are left out of the comparison.
 */
@RealBrowser
class ObserveOnFirefoxTest {
  @RegisterExtension
  static BrowserHarness chromium = BrowserHarness.create();

  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"shop.html", "listings.html", "pager-kinds.html", "selectors.html", "names.html", "labelled-choices.html",
      "consent.html", "aria-dialog.html", "aria-table.html", "app-shell.html", "docs-api.html", "todomvc.html", "positions.html",
      "hidden-labels.html", "hidden-heading.html", "shadow-frames.html"})
  void anObservationInFirefoxReadsAsInChromium(String page) throws Exception {
    String url = chromium.pageUrl("observer/" + page);
    chromium.open(url);
    firefox.open(firefox.pageUrl("observer/" + page));
    firefox.setViewport(chromium.eval("innerWidth").asInt(), chromium.eval("innerHeight").asInt());
    JsonNode inChromium = comparable(settled(chromium.client()), chromium.pageUrl(""));
    JsonNode inFirefox = comparable(settled(firefox.client()), firefox.pageUrl(""));
    assertThat(inFirefox.toPrettyString()).isEqualTo(inChromium.toPrettyString());
  }

  /** The observation once two in a row read the same (a page's late content has come). */
  private static JsonNode settled(BrowserClient client) throws Exception {
    JsonNode last = null;
    for (int i = 0; i < 20; i++) {
      ObserveResult r = client.observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS);
      assertThat(r.ok()).as(r.error()).isTrue();
      if (r.observation().equals(last)) return last;
      last = r.observation();
      Thread.sleep(150); // letting the page's own timers run between two reads
    }
    return last;
  }

  /** The observation without what differs by browser alone: tab ids and the test server's own address. */
  private static JsonNode comparable(JsonNode observation, String base) {
    ObjectNode o = observation.deepCopy();
    o.remove(java.util.List.of("task_tabs", "open_tabs", "other_open_tabs", "tab_id", "tabs"));
    return sortedKeys(dev.waymark.workflow.Json.read(o.toString().replace(base, "BASE/"), JsonNode.class));
  }

  /** The same node with every object's fields in name order, so that two reads print alike field by field. */
  private static JsonNode sortedKeys(JsonNode node) {
    if (node.isObject()) {
      ObjectNode sorted = JsonNodeFactory.instance.objectNode();
      new java.util.TreeSet<String>(iterable(node.fieldNames())).forEach(k -> sorted.set(k, sortedKeys(node.get(k))));
      return sorted;
    }
    if (node.isArray()) {
      ArrayNode sorted = JsonNodeFactory.instance.arrayNode();
      node.forEach(n -> sorted.add(sortedKeys(n)));
      return sorted;
    }
    return node;
  }

  private static java.util.List<String> iterable(java.util.Iterator<String> names) {
    java.util.List<String> all = new java.util.ArrayList<>();
    names.forEachRemaining(all::add);
    return all;
  }
}

package dev.waymark.observe;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.ObserveResult;
import dev.waymark.bridge.PerformResult;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a ref is for: the observer's selector, enter chain and indexes, turned into a Selector the way
 * StepWriter does, are clicked by the real executor and land on the control the observation described.
 */
@RealBrowser
class ObservedRefsClickTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private int steps;

  PageObservation observe(String page) throws Exception {
    browser.open(browser.pageUrl("observer/" + page));
    ObserveResult r = browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS);
    assertThat(r.ok()).as(r.error()).isTrue();
    return Json.read(Json.mapper().writeValueAsString(r.observation()), PageObservation.class);
  }

  PerformResult click(ObservedNode node) throws Exception {
    Selector selector = new Selector(node.selector(), node.path(), node.indexes(), node.enter(), null, false);
    Step step = Step.builder("click").id("s" + (++steps)).selector(selector).build();
    PerformResult r = browser.client().perform("observer-click-" + steps + "-" + System.nanoTime(), step, Map.of(), 10_000)
        .get(30, TimeUnit.SECONDS);
    assertThat(r.ok()).as(node.ref() + " " + node.name() + ": " + r.error()).isTrue();
    return r;
  }

  static ObservedNode nth(PageObservation o, String name, int n) {
    return o.nodes().stream().filter(x -> name.equals(x.name())).skip(n).findFirst().orElseThrow();
  }

  @Test
  void refsInsideShadowRootsAndFramesClickTheirControl() throws Exception {
    PageObservation o = observe("shadow-frames.html");
    click(nth(o, "Notify me", 1));
    click(nth(o, "Save", 0));
    click(nth(o, "Subscribe", 0));
    click(nth(o, "Deep link", 0));
    click(nth(o, "Outer", 0)); // a multi-match selector narrowed by indexes
    assertThat(browser.eval("JSON.stringify(window.clicks)").asText())
        .isEqualTo("[\"card2:Notify me\",\"card1:Save\",\"frame:Subscribe\",\"frame:Deep link\",\"Outer\"]");
  }

  @Test
  void theSeventhAddToCartClicksTheSeventhTile() throws Exception {
    PageObservation o = observe("shop.html");
    ObservedNode seventh = nth(o, "Add to cart", 6);
    assertThat(seventh.context()).startsWith("Mug 7");
    click(seventh);
    assertThat(browser.eval("window.lastAdded").asText()).isEqualTo("Mug 7");
  }
}

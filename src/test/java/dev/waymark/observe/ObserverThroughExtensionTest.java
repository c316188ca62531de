package dev.waymark.observe;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.ObserveResult;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.workflow.Json;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The observer as the studio reaches it: the bridge's observe request, the extension's service worker,
 * page.js in the task tab's isolated world, the PageObservation back over the socket.
 */
@RealBrowser
class ObserverThroughExtensionTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  PageObservation observe(String page, ObserveOptions options) throws Exception {
    browser.open(browser.pageUrl("observer/" + page));
    ObserveResult r = browser.client().observe(options).get(20, TimeUnit.SECONDS);
    assertThat(r.ok()).as(r.error()).isTrue();
    return Json.read(Json.mapper().writeValueAsString(r.observation()), PageObservation.class);
  }

  @Test
  void observeRequestReturnsTheFullObservation() throws Exception {
    PageObservation o = observe("shop.html", ObserveOptions.defaults());
    assertThat(o.title()).isEqualTo("Mug Shop");
    assertThat(o.nodes()).hasSizeGreaterThan(60);
    assertThat(o.nodes().stream().filter(n -> "Add to cart".equals(n.name())).map(ObservedNode::context).distinct()).hasSize(20);
    assertThat(o.lists()).hasSize(1);
    assertThat(o.lists().get(0).pagination().kind()).isEqualTo("numbered");
    ObservedNode pw = o.nodes().stream().filter(n -> "password".equals(n.type())).findFirst().orElseThrow();
    assertThat(pw.value()).isNull();
    // links say where they lead, absolute, so the risk gate can tell one that leaves the task's sites
    String base = browser.pageUrl("observer/shop.html");
    ObservedNode cups = o.nodes().stream().filter(n -> "Cups".equals(n.name())).findFirst().orElseThrow();
    assertThat(cups.href()).isEqualTo(java.net.URI.create(base).resolve("/cups").toString());
    ObservedNode next = o.nodes().stream().filter(n -> "Next".equals(n.name())).findFirst().orElseThrow();
    assertThat(next.href()).isEqualTo(base + "?page=2");
    assertThat(o.nodes()).filteredOn(n -> !"a".equals(n.tag())).allSatisfy(n -> assertThat(n.href()).isNull());
  }

  @Test
  void capsAndTextTravelThroughTheRequest() throws Exception {
    PageObservation o = observe("shop.html", new ObserveOptions(null, 5, 40, true));
    assertThat(o.nodes()).hasSize(5);
    assertThat(o.truncated()).isTrue();
    assertThat(o.text()).hasSize(40);
    assertThat(o.omitted()).isPositive();
  }

  @Test
  void wallsFramesAndShadowRootsThroughTheExtension() throws Exception {
    PageObservation consent = observe("consent.html", ObserveOptions.defaults());
    assertThat(consent.modal()).isEqualTo("We value your privacy");
    PageObservation frames = observe("shadow-frames.html", ObserveOptions.defaults());
    assertThat(frames.frames()).isEqualTo(2);
    assertThat(frames.nodes()).anySatisfy(n -> assertThat(n.enter()).containsExactly("#inner"));
    assertThat(frames.nodes()).anySatisfy(n -> assertThat(n.enter()).containsExactly("#card2"));
  }

  @Test
  void controlsInClosedShadowRootsAreObservedWithTheHostsToEnter() throws Exception {
    browser.open(browser.pageUrl("executor/closed-shadow.html"));
    ObserveResult r = browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS);
    assertThat(r.ok()).as(r.error()).isTrue();
    PageObservation o = Json.read(Json.mapper().writeValueAsString(r.observation()), PageObservation.class);

    ObservedNode code = o.nodes().stream().filter(n -> "Voucher code".equals(n.name())).findFirst().orElseThrow();
    assertThat(code.enter()).containsExactly("#sealed");
    assertThat(code.selector()).isEqualTo("#code");
    ObservedNode deep = o.nodes().stream().filter(n -> "Deep sealed".equals(n.name())).findFirst().orElseThrow();
    assertThat(deep.enter()).hasSize(2).first().isEqualTo("#sealed");
    assertThat(o.nodes()).extracting(ObservedNode::name).contains("Redeem");
    assertThat(o.nodes()).filteredOn(n -> "Redeem".equals(n.name())).allSatisfy(n -> assertThat(n.obscured()).isFalse());
  }

  @Test
  void aPageStillStreamingItsHtmlIsObservedAsFarAsItHasArrived() throws Exception {
    // the rest of the page comes after 15 s, later than the observe timeout: waiting for the load would fail
    browser.openStillLoading(browser.pageUrl("streaming?ms=15000"));
    long start = System.nanoTime();
    ObserveResult r = browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS);
    assertThat(r.ok()).as(r.error()).isTrue();
    PageObservation o = Json.read(Json.mapper().writeValueAsString(r.observation()), PageObservation.class);
    assertThat(o.nodes()).extracting(ObservedNode::name).contains("Early button").doesNotContain("Late button");
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).as("answered before the page finished").isLessThan(15_000);
  }
}

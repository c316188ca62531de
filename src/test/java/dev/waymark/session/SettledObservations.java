package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.ObserveResult;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.PagesInABrowser;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The session reads a page once it has drawn itself: an app that fetches its code and data after the load event is
 * read when its network has gone quiet, not as the empty shell the load event shows (the React TodoMVC, whose JSX is
 * fetched and compiled in the page, failed a whole authoring run on a busy machine that way). A page whose requests
 * never stop is still read, as it is, within the settle limit.
 */
abstract class SettledObservations {
  abstract PagesInABrowser browser();

  @Test
  void anAppThatFetchesWhatItDrawsAfterLoadIsReadOnceItHasDrawnIt() throws Exception {
    browser().open(browser().pageUrl("session/renders-after-load.html"));
    assertThat(browser().eval("document.getElementById('new-todo') === null").asBoolean())
        .as("the shell is empty when the page has loaded (else this test proves nothing)").isTrue();

    PageObservation page = new BridgeSessionBrowser(browser().client(), ObserveOptions.defaults()).observe();

    assertThat(page.nodes()).extracting(ObservedNode::name).contains("What needs to be done?");
    assertThat(browser().eval("document.getElementById('loaded').textContent").asText()).isEqualTo("ok ok");
  }

  @Test
  void anAppThatStartsFetchingAMomentAfterLoadIsReadOnceItHasDrawn() throws Exception {
    browser().open(browser().pageUrl("session/renders-soon-after-load.html"));
    assertThat(browser().eval("document.getElementById('q') === null").asBoolean())
        .as("the shell is empty when the page has loaded (else this test proves nothing)").isTrue();

    PageObservation page = new BridgeSessionBrowser(browser().client(), ObserveOptions.defaults()).observe();

    assertThat(page.nodes()).extracting(ObservedNode::name).contains("Search");
    assertThat(browser().eval("document.getElementById('loaded').textContent").asText()).isEqualTo("ok");
  }

  @Test
  void aLoadedPageWithNothingMoreToFetchIsQuietAtOnce() throws Exception {
    // its document, stylesheet and images came before the load; none of them can start more
    browser().open(browser().pageUrl("session/loaded-with-images.html"));

    ObserveResult r = readSettled();

    // no script, fetch or frame: nothing the page did holds the reading, the document, stylesheet and images included
    assertThat(r.settled()).isTrue();
    assertThat(r.reads()).as("read once: %s", r.network()).isEqualTo(1);
    assertThat(r.network().path("inflight").asInt()).as("%s", r.network()).isZero();
    assertThat(r.page().nodes()).extracting(ObservedNode::name).contains("Search");
  }

  @Test
  void aPageWhoseRequestsNeverStopIsReadAsItIsWithinTheSettleLimit() throws Exception {
    browser().open(browser().pageUrl("session/polls-forever.html"));
    long t0 = System.nanoTime();

    ObserveResult r = readSettled();
    PageObservation page = r.page();

    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(r.settled()).as("the network never went quiet").isFalse();
    assertThat(page.nodes()).extracting(ObservedNode::name).contains("Search");
    assertThat(browser().eval("Number(document.getElementById('ticks').textContent) > 0").asBoolean())
        .as("the page was polling while it was read").isTrue();
    // The limit plus one reading's round trip; a generous bound, since only "it ends" matters here.
    assertThat(ms).isLessThan(BridgeSessionBrowser.SETTLE_LIMIT_MS + 8_000);
  }

  /** One reading as the session asks for it: once the network is quiet, within the settle limit. */
  private ObserveResult readSettled() throws Exception {
    return browser().client().observeSettled(ObserveOptions.defaults(), BridgeSessionBrowser.NETWORK_QUIET_MS,
        BridgeSessionBrowser.SETTLE_LIMIT_MS).get(20, TimeUnit.SECONDS);
  }
}

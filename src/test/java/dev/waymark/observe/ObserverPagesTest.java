package dev.waymark.observe;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The observer in real headless Chromium, one page built for each field of the observation. */
@RealBrowser
class ObserverPagesTest {
  /**
   * Runs the observer and resolves every node the way a step resolves a Selector (enter chain, then CSS, then
   * indexes), reporting for each node whether that lands on exactly the element the observer saw.
   */
  static final String RESOLVE_ALL = """
      (() => {
        const o = globalThis.__waymark.observePage({});
        const els = o._elements;
        const out = o.nodes.map((n, i) => {
          let root = document;
          for (const e of (n.enter || [])) {
            const hosts = root.querySelectorAll(e);
            if (hosts.length !== 1) return n.ref + ': enter ' + e + ' matched ' + hosts.length;
            const h = hosts[0];
            root = (h.tagName === 'IFRAME' || h.tagName === 'FRAME') ? h.contentDocument : h.shadowRoot;
            if (!root) return n.ref + ': enter ' + e + ' opened nothing';
          }
          const all = root.querySelectorAll(n.selector);
          if (n.indexes && n.indexes.length) return all[n.indexes[0]] === els[i] ? 'ok' : n.ref + ': index misses';
          if (all.length !== 1) return n.ref + ': ' + n.selector + ' matched ' + all.length;
          return all[0] === els[i] ? 'ok' : n.ref + ': ' + n.selector + ' matched another element';
        });
        return JSON.stringify({ count: o.nodes.length, bad: out.filter((r) => r !== 'ok') });
      })()
      """;

  @RegisterExtension
  static ObserverBrowser browser = new ObserverBrowser();

  static PageObservation observe(String page) throws Exception {
    return browser.observe(page);
  }

  static ObservedNode byName(PageObservation o, String name) {
    return o.nodes().stream().filter(n -> name.equals(n.name())).findFirst()
        .orElseThrow(() -> new AssertionError("no node named " + name + " in " + names(o)));
  }

  static List<String> names(PageObservation o) {
    return o.nodes().stream().map(ObservedNode::name).collect(Collectors.toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"shop.html", "shadow-frames.html", "consent.html", "consent-frame.html", "dialog.html",
      "aria-dialog.html", "positions.html", "listings.html", "names.html", "pager-kinds.html", "app-shell.html", "selectors.html", "frame-far.html"})
  void everySelectorMatchesExactlyItsNode(String page) throws Exception {
    browser.chromium().open(browser.pages().url("observer/" + page));
    JsonNode r = browser.chromium().evalJson(RESOLVE_ALL);
    assertThat(r.get("count").asInt()).isPositive();
    assertThat(r.get("bad")).as("nodes whose selector does not resolve to them").isEmpty();
  }

  @Test
  void selectorsPreferIdThenTestAttributesNameAriaLabelThenAnchoredPositions() throws Exception {
    browser.chromium().open(browser.pages().url("observer/selectors.html"));
    JsonNode rows = browser.chromium().evalJson("""
        (() => {
          const o = globalThis.__waymark.observePage({});
          return JSON.stringify(o.nodes.map((n, i) => ({ name: n.name, actual: n.selector,
            expected: o._elements[i].getAttribute('data-expected-selector') })));
        })()
        """);
    assertThat(rows.size()).isEqualTo(19);
    for (JsonNode r : rows) {
      assertThat(r.get("actual").asText()).as(r.get("name").asText()).isEqualTo(r.get("expected").asText());
    }
  }

  @Test
  void theTextOfALabelWithAControlIsNotAClickableOfItsOwnUnlessItStandsInForAHiddenOne() throws Exception {
    browser.chromium().open(browser.pages().url("observer/labelled-choices.html"));
    JsonNode rows = browser.chromium().evalJson("""
        JSON.stringify(globalThis.__waymark.observePage({}).nodes.map((n) => n.role + ':' + (n.name || (n.text ? 'text=' + n.text : ''))))
        """);
    assertThat(rows.toString()).isEqualTo("[\"radio:light\",\"radio:dark\",\"checkbox:Send me news\","
        + "\"checkbox:I accept the terms\",\"generic:text=Pick a colour\",\"generic:text=Open the menu\","
        + "\"checkbox:Toggle the menu\",\"radio:M\",\"radio:L\"]");
    JsonNode pills = browser.chromium().evalJson("""
        JSON.stringify(globalThis.__waymark.observePage({}).nodes.filter((n) => n.tag === 'label')
          .map((n) => ({ name: n.name, checked: n.checked, selector: n.selector })))
        """);
    assertThat(pills.toString()).contains("{\"name\":\"M\",\"checked\":false,").contains("{\"name\":\"L\",\"checked\":true,");
  }

  @Test
  void aHiddenHeadingNamesNoSection() throws Exception {
    browser.chromium().open(browser.pages().url("observer/hidden-heading.html"));
    JsonNode rows = browser.chromium().evalJson("""
        JSON.stringify(globalThis.__waymark.observePage({}).nodes.map((n) => ({ name: n.name, section: n.section || null })))
        """);
    assertThat(rows.toString()).contains("{\"name\":\"Change theme\",\"section\":\"Clippy Documentation\"}")
        .contains("{\"name\":\"Usage\",\"section\":\"Introduction\"}").doesNotContain("Keyboard shortcuts")
        .contains("{\"name\":\"Copy\",\"section\":\"File system\"}").contains("{\"name\":\"Start\",\"section\":\"Learning C#\"}");
    JsonNode headings = browser.chromium().evalJson("JSON.stringify(globalThis.__waymark.observePage({}).headings.map((h) => h.text))");
    assertThat(headings.toString()).contains("\"File system\"", "\"The standard library\"", "\"Learning C#\"");
  }

  @Test
  void aJumpInsideTheDocumentLeadsNowhereSoItHasNoHref() throws Exception {
    browser.chromium().open(browser.pages().url("observer/selectors.html"));
    JsonNode rows = browser.chromium().evalJson("""
        JSON.stringify(globalThis.__waymark.observePage({}).nodes.filter((n) => n.tag === 'a')
          .map((n) => ({ name: n.name, href: n.href || null })))
        """);
    assertThat(rows.size()).isPositive();
    for (JsonNode r : rows) {
      if (r.get("name").asText().endsWith("Hash link") || r.get("name").asText().equals("Toolbar link")) {
        assertThat(r.get("href").isNull()).as(r.toString()).isTrue();
      }
    }
    assertThat(rows.findValuesAsText("name")).contains("Hash link", "Toolbar link");
  }

  @Test
  void controlsInsideOpenShadowRootsCarryTheHostsToEnter() throws Exception {
    PageObservation o = observe("shadow-frames.html");
    List<ObservedNode> saves = o.nodes().stream().filter(n -> "Save".equals(n.name())).toList();
    assertThat(saves).hasSize(2);
    assertThat(saves.get(0).enter()).containsExactly("#card1");
    assertThat(saves.get(1).enter()).containsExactly("#card2");
    ObservedNode nick = o.nodes().get(0);
    assertThat(nick.name()).isEqualTo("Nickname");
    assertThat(nick.role()).isEqualTo("textbox");
    ObservedNode notify = byName(o, "Notify me");
    assertThat(notify.enter()).hasSize(2).first().isEqualTo("#card1");
    // an unanchored chain at the top of a shadow tree that matches twice is narrowed by indexes
    ObservedNode outer = byName(o, "Outer");
    assertThat(outer.enter()).containsExactly("#box");
    assertThat(outer.selector()).isEqualTo("div > button");
    assertThat(outer.indexes()).containsExactly(0);
    assertThat(byName(o, "Inner").indexes()).isEmpty();
  }

  /** innerText does not enter a shadow root: the page's text has what web components draw there, in drawn order. */
  @Test
  void thePagesTextHasWhatWebComponentsDrawInTheirShadowTrees() throws Exception {
    browser.chromium().open(browser.pages().url("executor/shadow-text.html"));
    PageObservation o = browser.chromium().observe("{\"include_text\": true}");

    assertThat(o.text()).contains("Checkout\nPlace order", "Delivery\nShipping is free", "Account Gold member")
        .doesNotContain("Order placed", "Payment declined", "Express is sold out");
  }

  @Test
  void sameOriginFrameIsEnteredAndCrossOriginFramesAreCounted() throws Exception {
    PageObservation o = observe("shadow-frames.html");
    ObservedNode email = byName(o, "Your email");
    assertThat(email.enter()).containsExactly("#inner");
    assertThat(email.type()).isEqualTo("email");
    assertThat(email.section()).isEqualTo("Newsletter");
    ObservedNode deep = byName(o, "Deep link");
    assertThat(deep.enter()).hasSize(2).first().isEqualTo("#inner");
    // the two frames served from localhost are another origin: counted, never listed
    assertThat(o.frames()).isEqualTo(2);
    assertThat(o.nodes().stream().filter(n -> "Subscribe".equals(n.name()))).hasSize(1);
  }

  @Test
  void consentWallIsTheModalAndEverythingBehindItIsObscured() throws Exception {
    PageObservation o = observe("consent.html");
    assertThat(o.modal()).isEqualTo("We value your privacy");
    assertThat(o.modalFrame()).isFalse();
    for (String behind : List.of("World", "Sport", "Read more", "Search news")) {
      assertThat(byName(o, behind).obscured()).as(behind).isTrue();
    }
    for (String onWall : List.of("Accept all", "Reject all", "Settings")) {
      assertThat(byName(o, onWall).obscured()).as(onWall).isFalse();
    }
  }

  @Test
  void crossOriginConsentFrameIsAModalFrame() throws Exception {
    PageObservation o = observe("consent-frame.html");
    assertThat(o.modalFrame()).isTrue();
    assertThat(o.modal()).isEqualTo("Privacy manager");
    assertThat(o.frames()).isEqualTo(1);
    assertThat(byName(o, "Share").obscured()).isTrue();
  }

  @Test
  void openModalDialogObscuresEverythingOutsideIt() throws Exception {
    PageObservation o = observe("dialog.html");
    assertThat(o.modal()).isEqualTo("Delete account?");
    assertThat(byName(o, "Open").obscured()).isTrue();
    assertThat(byName(o, "Help").obscured()).isTrue();
    assertThat(byName(o, "Delete").obscured()).isFalse();
    assertThat(byName(o, "Delete").section()).isEqualTo("dialog \"Delete account?\"");
    assertThat(byName(o, "Cancel").obscured()).isFalse();
  }

  @Test
  void ariaModalDialogIsTheModal() throws Exception {
    PageObservation o = observe("aria-dialog.html");
    assertThat(o.modal()).isEqualTo("New message");
    assertThat(byName(o, "Compose").obscured()).isTrue();
    assertThat(byName(o, "Send").obscured()).isFalse();
    assertThat(byName(o, "To").obscured()).isFalse();
  }

  @Test
  void fullScreenFixedAppShellIsThePageNotAWall() throws Exception {
    PageObservation o = observe("app-shell.html");
    assertThat(o.modal()).isNull();
    assertThat(o.nodes()).hasSize(4).noneSatisfy(n -> assertThat(n.obscured()).isTrue());
    assertThat(byName(o, "Inbox").section()).isEqualTo("navigation \"Workspace\"");
  }

  @Test
  void pageWithoutWallHasNoModal() throws Exception {
    PageObservation o = observe("positions.html");
    assertThat(o.modal()).isNull();
    assertThat(o.modalFrame()).isFalse();
  }

  @Test
  void coveredButtonIsObscuredAndFarElementsAreOffscreen() throws Exception {
    PageObservation o = observe("positions.html");
    ObservedNode visible = byName(o, "Visible");
    assertThat(visible.obscured()).isFalse();
    assertThat(visible.offscreen()).isFalse();
    assertThat(byName(o, "Under the shield").obscured()).isTrue();
    // a transparent input under its own label is reachable through the label
    assertThat(byName(o, "Styled checkbox").obscured()).isFalse();
    assertThat(byName(o, "Far right").offscreen()).isTrue();
    assertThat(byName(o, "Far below").offscreen()).isTrue();
    assertThat(byName(o, "Far below").obscured()).isFalse();
    assertThat(byName(o, "Inert button").disabled()).isTrue();
    assertThat(visible.disabled()).isFalse();
  }

  @Test
  void positionsInsideFramesCountTheFramesOffset() throws Exception {
    PageObservation o = observe("frame-far.html");
    ObservedNode near = byName(o, "Near frame button");
    assertThat(near.enter()).containsExactly("#near");
    assertThat(near.selector()).isEqualTo("#b1");
    assertThat(near.offscreen()).isFalse();
    assertThat(near.obscured()).isFalse();
    assertThat(byName(o, "Covered in frame").obscured()).isTrue();
    ObservedNode far = byName(o, "Subscribe");
    assertThat(far.enter()).containsExactly("#far");
    assertThat(far.offscreen()).isTrue();
    assertThat(byName(o, "Deep link").offscreen()).isTrue();
  }

  @Test
  void twentyAddToCartButtonsAreToldApartByContext() throws Exception {
    PageObservation o = observe("shop.html");
    List<ObservedNode> adds = o.nodes().stream().filter(n -> "Add to cart".equals(n.name())).toList();
    assertThat(adds).hasSize(20);
    assertThat(adds.stream().map(ObservedNode::context).distinct()).hasSize(20);
    assertThat(adds.get(0).context()).contains("Mug 1").contains("$11.00");
    assertThat(adds.get(19).context()).contains("Mug 20");
    // a name that already says which one it is gets no context
    assertThat(byName(o, "Mug 3").context()).isNull();
    assertThat(adds).allSatisfy(n -> assertThat(n.section()).isEqualTo("region \"Products\""));
  }

  @Test
  void landmarksWithLabelsNameTheSection() throws Exception {
    PageObservation o = observe("shop.html");
    assertThat(byName(o, "Mugs").section()).isEqualTo("navigation \"Primary\"");
    assertThat(byName(o, "Search").section()).isEqualTo("search \"Site search\"");
    assertThat(byName(o, "Terms").section()).isEqualTo("contentinfo");
    assertThat(byName(o, "Mug Shop").section()).isEqualTo("banner");
    // outside a labelled landmark the preceding heading names the section
    assertThat(byName(o, "Email").section()).isEqualTo("Sign in");
    assertThat(byName(o, "Next").section()).isEqualTo("navigation \"Pages\"");
  }

  @Test
  void passwordValueIsNeverRead() throws Exception {
    browser.chromium().open(browser.pages().url("observer/shop.html"));
    String raw = browser.chromium().observeRaw("{include_text: true}");
    assertThat(raw).doesNotContain("hunter2");
    PageObservation o = browser.chromium().observe("{}");
    ObservedNode pw = byName(o, "Password");
    assertThat(pw.type()).isEqualTo("password");
    assertThat(pw.value()).isNull();
    assertThat(pw.role()).isEqualTo("textbox");
  }

  @Test
  void formControlsReportTheirState() throws Exception {
    PageObservation o = observe("shop.html");
    ObservedNode search = o.nodes().stream().filter(n -> "searchbox".equals(n.role())).findFirst().orElseThrow();
    assertThat(search.value()).isEqualTo("blue");
    assertThat(search.placeholder()).isEqualTo("Search mugs");
    assertThat(search.type()).isEqualTo("search");
    assertThat(byName(o, "Email").value()).isEqualTo("ann@example.com");
    assertThat(byName(o, "Remember me").checked()).isTrue();
    assertThat(byName(o, "Standard").checked()).isTrue();
    assertThat(byName(o, "Express").checked()).isFalse();
    ObservedNode country = byName(o, "Country");
    assertThat(country.options()).containsExactly("de", "fr", "it");
    assertThat(country.value()).isEqualTo("fr");
    assertThat(country.role()).isEqualTo("combobox");
    assertThat(byName(o, "Notes").value()).isEqualTo("leave at door");
    // input types without an ARIA role get the role of how they are used
    assertThat(byName(o, "Birthday").role()).isEqualTo("textbox");
    assertThat(byName(o, "Birthday").value()).isEqualTo("2000-01-02");
    assertThat(byName(o, "Avatar").role()).isEqualTo("button");
    assertThat(byName(o, "Avatar").type()).isEqualTo("file");
    assertThat(byName(o, "Sign in").disabled()).isTrue();
    assertThat(byName(o, "Sign in").type()).isEqualTo("submit");
    assertThat(byName(o, "More options").expanded()).isFalse();
    assertThat(byName(o, "Shipping details").expanded()).isFalse();
    assertThat(byName(o, "Dark mode").checked()).isTrue();
    assertThat(byName(o, "Dark mode").role()).isEqualTo("switch");
    assertThat(byName(o, "Mugs").checked()).isNull();
  }

  @Test
  void clickableElementsWithoutControlMarkupAreFoundByTheirHints() throws Exception {
    PageObservation o = observe("shop.html");
    assertThat(o.nodes()).anySatisfy(n -> assertThat(n.selector()).isEqualTo("#div-onclick"));
    assertThat(o.nodes()).anySatisfy(n -> assertThat(n.selector()).isEqualTo("#span-tab"));
    assertThat(o.nodes()).anySatisfy(n -> assertThat(n.selector()).isEqualTo("#leaf-pointer"));
    ObservedNode editor = o.nodes().stream().filter(n -> "#editor".equals(n.selector())).findFirst().orElseThrow();
    assertThat(editor.role()).isEqualTo("textbox");
    assertThat(editor.value()).isEqualTo("Write a review");
    // Chrome names a generic clickable nothing; the words it shows are its text
    assertThat(ObserverBrowser.byText(o, "Pointer leaf").role()).isEqualTo("generic");
    assertThat(ObserverBrowser.byText(o, "Pointer leaf").name()).isNull();
    // hidden controls are not listed
    assertThat(names(o)).doesNotContain("Invisible", "Hidden by attribute");
    // the bold text inside the onclick div is not a second control
    assertThat(o.nodes().stream().map(ObservedNode::text).filter(n -> n != null && n.startsWith("Clickable div"))).hasSize(1);
  }

  @Test
  void nodesAreInDocumentOrderWithSequentialRefs() throws Exception {
    PageObservation o = observe("shop.html");
    for (int i = 0; i < o.nodes().size(); i++) assertThat(o.nodes().get(i).ref()).isEqualTo("e" + (i + 1));
    assertThat(o.nodes().get(0).name()).isEqualTo("Mug Shop");
    assertThat(o.nodes().get(o.nodes().size() - 1).name()).isEqualTo("Terms");
    assertThat(o.title()).isEqualTo("Mug Shop");
    assertThat(o.url()).endsWith("/observer/shop.html");
    assertThat(o.headings().get(0)).isEqualTo(new ObservedHeading(1, "All mugs"));
    assertThat(o.headings()).contains(new ObservedHeading(2, "Sign in"));
  }

  @Test
  void longListWithNumberedPaginationIsDescribedOnceAndItsRowsCollapse() throws Exception {
    PageObservation o = observe("listings.html");
    ObservedList results = o.lists().stream().filter(l -> l.selector().equals("#results > li.result")).findFirst().orElseThrow();
    assertThat(results.count()).isEqualTo(60);
    assertThat(results.section()).isEqualTo("Search results");
    assertThat(results.fields()).extracting(ObservedListField::name).contains("title", "snippet", "date");
    ObservedListField title = results.fields().stream().filter(f -> f.name().equals("title")).findFirst().orElseThrow();
    assertThat(title.css()).isEqualTo("a.result-title");
    assertThat(title.sample()).isEqualTo("Result number 1");
    ObservedListField url = results.fields().stream().filter(f -> "href".equals(f.attribute())).findFirst().orElseThrow();
    assertThat(url.sample()).endsWith("/doc/1");
    ObservedPagination p = results.pagination();
    assertThat(p.kind()).isEqualTo("numbered");
    assertThat(p.pages()).isEqualTo(5);
    assertThat(p.label()).isEqualTo("›");
    assertThat(p.url()).endsWith("?p=2");
    assertThat(p.selector()).isEqualTo("a[aria-label=\"Next page\"]");
    // 60 same-shaped result links: 20 kept, the last kept one counts the 40 left out
    List<ObservedNode> links = o.nodes().stream().filter(n -> n.name() != null && n.name().startsWith("Result number")).toList();
    assertThat(links).hasSize(20);
    assertThat(links.get(19).similar()).isEqualTo(40);
    assertThat(links.get(18).similar()).isZero();
    assertThat(o.omitted()).isEqualTo(40);
    assertThat(o.truncated()).isFalse();
  }

  @Test
  void loadMoreListAndTableRowsAreLists() throws Exception {
    PageObservation o = observe("listings.html");
    ObservedList reviews = o.lists().stream().filter(l -> l.selector().equals("#reviews > article.review")).findFirst().orElseThrow();
    assertThat(reviews.count()).isEqualTo(5);
    assertThat(reviews.section()).isEqualTo("Reviews");
    assertThat(reviews.pagination().kind()).isEqualTo("more");
    assertThat(reviews.pagination().selector()).isEqualTo("#more-reviews");
    assertThat(reviews.pagination().label()).isEqualTo("Show more reviews");
    assertThat(reviews.fields()).extracting(ObservedListField::sample).contains("Reviewer 1", "Review text 1");
    ObservedList orders = o.lists().stream().filter(l -> l.selector().equals("#order-rows > tr")).findFirst().orElseThrow();
    assertThat(orders.count()).isEqualTo(8);
    assertThat(orders.fields()).extracting(ObservedListField::name).containsSubsequence("order", "date", "total");
    assertThat(orders.fields().get(0).sample()).isEqualTo("A-1001");
    assertThat(orders.pagination()).isNull();
    // the same Details button in every row is told apart by its row
    List<ObservedNode> details = o.nodes().stream().filter(n -> "Details".equals(n.name())).toList();
    assertThat(details).hasSize(8);
    assertThat(details.get(2).context()).startsWith("A-1003");
    // the selector of each list matches its items in the page
    JsonNode counts = browser.chromium().evalJson("JSON.stringify([document.querySelectorAll('#reviews > article.review').length,"
        + "document.querySelectorAll('#order-rows > tr').length])");
    assertThat(counts.get(0).asInt()).isEqualTo(5);
    assertThat(counts.get(1).asInt()).isEqualTo(8);
  }

  @Test
  void shopListReadsTilesAndPager() throws Exception {
    PageObservation o = observe("shop.html");
    assertThat(o.lists()).hasSize(1);
    ObservedList tiles = o.lists().get(0);
    assertThat(tiles.ref()).isEqualTo("l1");
    assertThat(tiles.selector()).isEqualTo("#products > div.tile");
    assertThat(tiles.count()).isEqualTo(20);
    assertThat(tiles.fields()).extracting(ObservedListField::name).contains("price", "image");
    assertThat(tiles.fields().stream().filter(f -> f.name().equals("price")).findFirst().orElseThrow().sample()).isEqualTo("$11.00");
    assertThat(tiles.pagination().kind()).isEqualTo("numbered");
    assertThat(tiles.pagination().pages()).isEqualTo(3);
    assertThat(tiles.pagination().label()).isEqualTo("Next");
  }

  @Test
  void nextLinkAndInfiniteScrollArePaginationKinds() throws Exception {
    PageObservation o = observe("pager-kinds.html");
    ObservedList posts = o.lists().stream().filter(l -> l.selector().equals("#posts > div.post")).findFirst().orElseThrow();
    assertThat(posts.count()).isEqualTo(4);
    assertThat(posts.pagination().kind()).isEqualTo("link");
    assertThat(posts.pagination().selector()).isEqualTo("#older");
    assertThat(posts.pagination().label()).isEqualTo("Older posts");
    assertThat(posts.pagination().url()).endsWith("/blog?page=2");
    ObservedList feed = o.lists().stream().filter(l -> l.selector().equals("#feed > li.entry")).findFirst().orElseThrow();
    assertThat(feed.count()).isEqualTo(6);
    assertThat(feed.pagination().kind()).isEqualTo("infinite");
    assertThat(feed.pagination().selector()).isEqualTo("#feed-end");
    assertThat(feed.fields()).extracting(ObservedListField::sample).contains("User 1", "posted item 1");
  }

  @Test
  void nodeCapTruncatesAndCountsWhatIsLeftOut() throws Exception {
    browser.chromium().open(browser.pages().url("observer/shop.html"));
    PageObservation all = browser.chromium().observe("{}");
    PageObservation capped = browser.chromium().observe("{max_nodes: 10}");
    assertThat(capped.nodes()).hasSize(10);
    assertThat(capped.truncated()).isTrue();
    assertThat(capped.omitted()).isEqualTo(all.nodes().size() - 10);
    assertThat(all.truncated()).isFalse();
  }

  @Test
  void timingsRideAlongWithoutBeingSerialised() throws Exception {
    browser.chromium().open(browser.pages().url("observer/shop.html"));
    JsonNode t = browser.chromium().evalJson("JSON.stringify((o => ({ timing: o._timing, keys: Object.keys(o) }))"
        + "(globalThis.__waymark.observePage({profile: true})))");
    assertThat(t.path("timing").path("total_ms").asDouble()).isPositive();
    assertThat(t.path("timing").path("profile").path("name").asDouble()).isPositive();
    assertThat(t.path("keys").toString()).doesNotContain("_timing").doesNotContain("_elements");
  }

  @Test
  void elementBudgetStopsTheWalkAndSaysSo() throws Exception {
    browser.chromium().open(browser.pages().url("observer/shop.html"));
    PageObservation o = browser.chromium().observe("{max_elements: 40}");
    assertThat(o.truncated()).isTrue();
    assertThat(o.nodes().size()).isLessThan(browser.chromium().observe("{}").nodes().size());
  }

  @Test
  void textOnlyWhenAskedAndCapped() throws Exception {
    browser.chromium().open(browser.pages().url("observer/shop.html"));
    assertThat(browser.chromium().observe("{}").text()).isNull();
    PageObservation withText = browser.chromium().observe("{include_text: true}");
    assertThat(withText.text()).contains("All mugs").contains("Sign in").doesNotContain("Hidden by attribute");
    PageObservation capped = browser.chromium().observe("{include_text: true, max_text: 50}");
    assertThat(capped.text()).hasSize(50);
    assertThat(capped.truncated()).isTrue();
  }
}

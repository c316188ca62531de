package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.navigate;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.TabInfo;
import dev.waymark.testing.Cdp;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** switchTab, closeTab, adoptTab, setViewport, eval, and dialogs while a page loads, through the real bridge. */
@RealBrowser
class TabsEvalDialogsE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();
  private static int home;
  private static String homeTarget;

  @BeforeAll
  static void openTheHomeTab() throws Exception {
    browser.open("tabs.html");
    home = task().id();
    homeTarget = browser.harness().pageTarget();
  }

  /** Every test starts and ends in the first tab. */
  @AfterEach
  void backHome() throws Exception {
    if (task().id() != home) {
      PerformResult r = browser.perform(step("switchTab").value(String.valueOf(home)).build());
      assertThat(r.ok()).as(r.error()).isTrue();
    }
    // Through DevTools: tab_list does not name the person's tabs off the task's sites.
    for (var t : browser.harness().cdp().targets()) {
      if ("page".equals(t.path("type").asText()) && !homeTarget.equals(t.path("targetId").asText())) {
        browser.harness().cdp().closeTarget(t.path("targetId").asText());
      }
    }
    browser.harness().client().release().get(10, TimeUnit.SECONDS);
  }

  private static List<TabInfo> tabs() throws Exception {
    return browser.harness().client().tabs().get(10, TimeUnit.SECONDS);
  }

  private static TabInfo task() throws Exception {
    return tabs().stream().filter(TabInfo::task).findFirst().orElseThrow();
  }

  private static String targetOf(String url) throws Exception {
    for (var t : browser.harness().cdp().targets()) {
      if ("page".equals(t.path("type").asText()) && t.path("url").asText().equals(url)) {
        return t.path("targetId").asText();
      }
    }
    throw new AssertionError("no target for " + url);
  }

  private static TabInfo awaitTab(String urlPart) throws Exception {
    return await().alias("a tab showing " + urlPart).atMost(java.time.Duration.ofSeconds(10))
        .until(() -> tabs().stream().filter(t -> t.url().contains(urlPart)).findFirst(), java.util.Optional::isPresent)
        .orElseThrow();
  }

  /**
   * The Chrome tab id of a tab showing urlPart, asked of the extension's worker directly: tab_list names only the
   * task's tabs and the person's tabs on the task's sites.
   */
  private static int tabIdShowing(String urlPart) throws Exception {
    var sw = browser.harness().cdp().serviceWorker(browser.harness().extensionId());
    return await().alias("a tab showing " + urlPart).atMost(java.time.Duration.ofSeconds(10)).until(() -> {
      var tabs = browser.harness().cdp().evaluate(sw.path("targetId").asText(),
          "chrome.tabs.query({}).then(ts => ts.map(t => ({id: t.id, url: t.url || t.pendingUrl || ''})))");
      for (var t : tabs) if (t.path("url").asText().contains(urlPart)) return t.path("id").asInt();
      return -1;
    }, id -> id >= 0);
  }

  /** Opens a tab from the task page's own script with a user gesture, as a person's click would. */
  private static TabInfo openFromTask(String query) throws Exception {
    Cdp cdp = browser.harness().cdp();
    String session = cdp.attach(targetOf(task().url()));
    try {
      cdp.send(session, "Runtime.evaluate", Cdp.params().put("expression", "window.open('tabs.html?" + query + "'); 1")
          .put("userGesture", true));
    } finally {
      cdp.detach(session);
    }
    return awaitTab("tabs.html?" + query);
  }

  /** What the page's own innerWidth x innerHeight are (through an eval step). */
  private static String viewport() {
    return browser.data(step("eval").fn("viewport").build()).replace("\"", "");
  }

  private static PerformResult tabStep(String type, int id) {
    return browser.perform(step(type).value(String.valueOf(id)).build());
  }

  // ---- tabs ----

  @Test
  void switchTabMovesTheTaskToATabItOpenedAndCloseTabClosesItOnlyWhenItIsNotCurrent() throws Exception {
    browser.open("tabs.html");
    TabInfo opened = openFromTask("opened");

    PerformResult toOpened = tabStep("switchTab", opened.id());
    PerformResult closeCurrent = tabStep("closeTab", opened.id());
    PerformResult back = tabStep("switchTab", home);
    PerformResult close = tabStep("closeTab", opened.id());

    assertThat(toOpened.ok()).as(toOpened.error()).isTrue();
    assertThat(toOpened.url()).endsWith("tabs.html?opened");
    assertThat(closeCurrent.ok()).isFalse();
    assertThat(closeCurrent.error()).isEqualTo("tab " + opened.id() + " is the current tab; switch to another task tab before closing it");
    assertThat(back.ok()).as(back.error()).isTrue();
    assertThat(back.url()).endsWith("tabs.html");
    assertThat(opened.openedByTask()).isTrue();
    assertThat(close.ok()).as(close.error()).isTrue();
    assertThat(tabs()).extracting(TabInfo::id).doesNotContain(opened.id());
    assertThat(task().id()).isEqualTo(home);
  }

  @Test
  void aTabThePersonHadIsAdoptedOnlyOnTheTasksSitesAndIsNeverClosed() throws Exception {
    browser.open("tabs.html");
    browser.harness().cdp().createTarget(browser.page("tabs.html?mine"));
    TabInfo mine = awaitTab("tabs.html?mine");
    browser.harness().cdp().createTarget(browser.page("tabs.html?other").replace("127.0.0.1", "localhost"));
    int other = tabIdShowing("localhost");

    PerformResult switchMine = tabStep("switchTab", mine.id());
    PerformResult closeMine = tabStep("closeTab", mine.id());
    PerformResult adoptOther = tabStep("adoptTab", other);
    PerformResult adoptMine = tabStep("adoptTab", mine.id());
    PerformResult back = tabStep("switchTab", home);
    PerformResult closeAdopted = tabStep("closeTab", mine.id());

    assertThat(switchMine.error()).startsWith("tab " + mine.id() + " is not one of the task's tabs (use adoptTab");
    assertThat(closeMine.error()).isEqualTo("tab " + mine.id() + " was not opened by this task, so it is not closed");
    assertThat(adoptOther.error()).startsWith("tab " + other + " is not on one of the task's sites (").contains("127.0.0.1");
    assertThat(adoptMine.ok()).as(adoptMine.error()).isTrue();
    assertThat(adoptMine.url()).endsWith("tabs.html?mine");
    assertThat(back.ok()).as(back.error()).isTrue();
    assertThat(closeAdopted.error()).isEqualTo("tab " + mine.id() + " was adopted: it stays the person's and is not closed");
    // the person's tab off the task's sites is still open, and tab_list only counts it
    assertThat(tabIdShowing("localhost")).isEqualTo(other);
    assertThat(tabs()).extracting(TabInfo::id).contains(mine.id()).doesNotContain(other);
    assertThat(tabs()).extracting(TabInfo::url).noneMatch(u -> u.contains("localhost"));
    assertThat(mine.onTaskSite()).isTrue();
    assertThat(mine.openedByTask()).isFalse();
    assertThat(tabs()).filteredOn(t -> t.id() == mine.id()).singleElement().satisfies(t -> assertThat(t.adopted()).isTrue());
  }

  @Test
  void aTabStepNeedsATabId() {
    PerformResult r = browser.perform(step("switchTab").value("the other one").build());

    assertThat(r.error()).isEqualTo("a switchTab step needs value = a tab id (from the observation's tabs), not 'the other one'");
  }

  // ---- viewport ----

  @Test
  void setViewportChangesTheTaskTabsViewportUntilControlIsReleased() throws Exception {
    browser.open("tabs.html");
    String before = viewport();

    PerformResult r = browser.perform(step("setViewport").value("800x600").build());
    String during = viewport();
    boolean reset = browser.harness().client().release().get(10, TimeUnit.SECONDS);
    String after = viewport();

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.data().asText()).isEqualTo("viewport 800x600 (the page sees 800x600)");
    assertThat(during).isEqualTo("800x600");
    assertThat(reset).isTrue();
    assertThat(after).isEqualTo(before).isNotEqualTo("800x600");
  }

  @Test
  void setViewportResetAndABadSize() {
    browser.open("tabs.html");
    browser.perform(step("setViewport").value("640x480").build());

    PerformResult reset = browser.perform(step("setViewport").value("reset").build());
    PerformResult bad = browser.perform(step("setViewport").value("huge").build());

    assertThat(reset.data().asText()).isEqualTo("viewport reset");
    assertThat(viewport()).isNotEqualTo("640x480");
    assertThat(bad.error()).isEqualTo("a setViewport step needs value = WIDTHxHEIGHT (e.g. 1280x800, each 100–10000) or reset, not 'huge'");
  }

  // ---- eval ----

  @Test
  void evalCallsANamedPageFunctionWithArgsAndReturnsItsValueAsJson() {
    browser.open("eval.html");

    PerformResult sum = browser.perform(step("eval").fn("app.sum").args(List.of(2, 3)).build());
    PerformResult greet = browser.perform(step("eval").fn("app.greet").args(List.of("{{ who }}")).build(), Map.of("who", "Ada Lovelace"));
    PerformResult later = browser.perform(step("eval").fn("app.later").args(List.of(30)).build());
    PerformResult global = browser.perform(step("eval").fn("titleUpper").build());

    assertThat(sum.ok()).as(sum.error()).isTrue();
    assertThat(sum.data().asText()).isEqualTo("5");
    assertThat(greet.data().asText()).isEqualTo("{\"hello\":\"{{ who }}\",\"n\":3}");
    assertThat(browser.text("#out")).isEqualTo("hello Ada Lovelace");
    assertThat(later.data().asText()).isEqualTo("\"late\"");
    assertThat(global.data().asText()).isEqualTo("\"PAGE FUNCTIONS\"");
  }

  @Test
  void evalCallsOnlyThePagesOwnFunctionsByName() throws Exception {
    browser.open("eval.html");
    // the dialog guard's stand-ins are built-ins too: setTimeout with a string would run it as code
    assertThat(browser.perform(step("scroll").value("down").build()).ok()).isTrue();
    assertThat(browser.harness().eval("typeof window.__waymarkDialogs").asText()).as("the guard is in the page").isEqualTo("object");
    PerformResult timer = browser.perform(step("eval").fn("setTimeout").args(List.<Object>of("document.title = 'x'", 0)).build());
    assertThat(timer.error()).isEqualTo("setTimeout is a built-in function of the browser; eval calls only the page's own functions");

    PerformResult code = browser.perform(step("eval").fn("alert(1)").build());
    PerformResult builtIn = browser.perform(step("eval").fn("eval").args(List.of("document.title = 'x'")).build());
    PerformResult ctor = browser.perform(step("eval").fn("app.sum.constructor").build());
    PerformResult missing = browser.perform(step("eval").fn("app.nothing").build());
    PerformResult thrown = browser.perform(step("eval").fn("app.fail").build());

    assertThat(code.error()).isEqualTo("fn must be the name of a function of the page (like \"app.refresh\"), not 'alert(1)'");
    assertThat(builtIn.error()).isEqualTo("eval is a built-in function of the browser; eval calls only the page's own functions");
    assertThat(ctor.ok()).isFalse();
    assertThat(missing.error()).isEqualTo("the page has no function app.nothing (it is undefined)");
    assertThat(thrown.error()).isEqualTo("app.fail threw: broken on purpose");
    assertThat(browser.perform(step("extract").selector(Steps.css("title")).build()).data().asText()).isEqualTo("Page functions");
  }

  @Test
  void evalCapsALongValueAndAnswersTheDialogsItOpens() {
    browser.open("eval.html");

    PerformResult big = browser.perform(step("eval").fn("app.big").build());
    PerformResult ask = browser.perform(step("eval").fn("app.ask").build());

    assertThat(big.data().asText()).hasSize(20000);
    assertThat(big.truncated()).isTrue();
    assertThat(ask.data().asText()).isEqualTo("false");
    assertThat(ask.dialogs()).singleElement().satisfies(d -> assertThat(d.message()).isEqualTo("Really?"));
  }

  // ---- a dialog the page opens after a step answered ----

  /**
   * A dialog the page opens on a timer after a step answered is reported with the next step that arms the guard, as
   * answered before it began: not that step's doing. A dead link clicked next still did nothing, and says so.
   */
  @Test
  void aDialogThePageOpensAfterAStepAnsweredIsNotWhatTheNextStepDid() {
    browser.open("timer-dialog.html");
    PerformResult save = browser.perform(click("#save"));
    assertThat(save.ok()).as(save.error()).isTrue();
    assertThat(save.dialogs()).as("the confirm comes 950 ms after the click").isEmpty();
    assertThat(browser.textOnce("#answers", "keep:false")).as("the page's own record: dismissed").isEqualTo("keep:false");

    PerformResult dead = browser.perform(click("#dead"));
    PerformResult ask = browser.perform(click("#ask"));

    assertThat(dead.ok()).as("a dead link did nothing, whatever the page asked before it").isFalse();
    assertThat(dead.error()).contains("the link did nothing");
    assertThat(dead.dialogs()).singleElement().satisfies(d -> {
      assertThat(d.message()).isEqualTo("Keep the draft?");
      assertThat(d.handled()).isEqualTo("dismissed");
      assertThat(d.beforeStep()).isTrue();
    });
    assertThat(ask.ok()).as(ask.error()).isTrue();
    assertThat(ask.dialogs()).singleElement().satisfies(d -> {
      assertThat(d.message()).isEqualTo("Delete it?");
      assertThat(d.beforeStep()).isFalse();
    });
    assertThat(browser.text("#answers")).isEqualTo("keep:false delete:false");
  }

  /**
   * A link clicked right after lets the page's pending timers run first (pending-work.js): the confirm they open is
   * answered then, dismissed whatever the link's own accept_dialog says, and is still not what the link did.
   */
  @Test
  void aLinkClickedRightAfterLetsThePagesTimerAskFirstAndStillDidNothing() {
    browser.open("timer-dialog.html");
    assertThat(browser.perform(click("#save")).dialogs()).isEmpty();

    PerformResult dead = browser.perform(step("click").selector(Steps.css("#dead")).acceptDialog(true).build());

    assertThat(dead.ok()).as("a dead link did nothing").isFalse();
    assertThat(dead.error()).contains("the link did nothing");
    assertThat(dead.dialogs()).singleElement().satisfies(d -> {
      assertThat(d.message()).isEqualTo("Keep the draft?");
      assertThat(d.handled()).as("not answered by the link's accept_dialog").isEqualTo("dismissed");
      assertThat(d.beforeStep()).isTrue();
    });
    assertThat(browser.text("#answers")).isEqualTo("keep:false");
  }

  /**
   * The advice for a confirm the page opens later, followed: the step that leads to it and a wait after it both say
   * accept_dialog. The confirm is accepted whichever of the two it opens within (a busy machine may slow the click past
   * the page's timer), and is that step's own report.
   */
  @Test
  void aStepAndAWaitWithAcceptDialogAcceptTheConfirmThePageOpensLater() {
    browser.open("timer-dialog.html");
    PerformResult save = browser.perform(step("click").selector(Steps.css("#save")).acceptDialog(true).build());

    PerformResult waited = browser.perform(step("wait").waitFor(Steps.waitFor(null, "keep:true", null, false, 0, 5000))
        .acceptDialog(true).build());

    assertThat(waited.ok()).as(waited.error()).isTrue();
    assertThat(java.util.stream.Stream.concat(save.dialogs().stream(), waited.dialogs().stream()).toList()).singleElement()
        .satisfies(d -> {
          assertThat(d.message()).isEqualTo("Keep the draft?");
          assertThat(d.handled()).isEqualTo("accepted");
          assertThat(d.beforeStep()).isFalse();
        });
    assertThat(browser.text("#answers")).isEqualTo("keep:true");
  }

  // ---- dialogs while a page loads ----

  @Test
  void aDialogThePageOpensWhileANavigateLoadsItIsDismissedAndReported() {
    PerformResult r = browser.perform(navigate(browser.page("dialog-load.html")));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.title()).isEqualTo("answered false");
    assertThat(r.dialogs()).singleElement().satisfies(d -> {
      assertThat(d.kind()).isEqualTo("confirm");
      assertThat(d.message()).isEqualTo("Stay on this page?");
      assertThat(d.handled()).isEqualTo("dismissed");
    });
  }

  @Test
  void aPageReadsTheFunctionsTheGuardStandsInForAsItsOwnNativeOnes() throws Exception {
    PerformResult r = browser.perform(navigate(browser.page("dialog-load.html")));
    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.harness().eval("typeof window.__waymarkDialogs").asText()).as("the guard is in the page").isEqualTo("object");

    // what scripts that tell a driven browser from a person's read, in the page's own world
    String seen = browser.harness().eval("JSON.stringify([fetch, setTimeout, alert, confirm, open, XMLHttpRequest.prototype.send, "
        + "Response.prototype.json, Function.prototype.toString].map((f) => [Function.prototype.toString.call(f), f.name, f.length]))")
        .asText();
    assertThat(seen).isEqualTo("[[\"function fetch() { [native code] }\",\"fetch\",1],"
        + "[\"function setTimeout() { [native code] }\",\"setTimeout\",1],[\"function alert() { [native code] }\",\"alert\",0],"
        + "[\"function confirm() { [native code] }\",\"confirm\",0],[\"function open() { [native code] }\",\"open\",0],"
        + "[\"function send() { [native code] }\",\"send\",0],[\"function json() { [native code] }\",\"json\",0],"
        + "[\"function toString() { [native code] }\",\"toString\",0]]");
    assertThat(browser.harness().eval("String(function add(a, b) { return a + b; })").asText()).isEqualTo("function add(a, b) { return a + b; }");
    // shaped like natives: no own prototype, no constructor
    assertThat(browser.harness().eval("JSON.stringify([fetch, setTimeout, confirm, Function.prototype.toString].map((f) => "
        + "[Object.getOwnPropertyNames(f), (() => { try { new f(); return 'built'; } catch (e) { return e.constructor.name; } })()]))")
        .asText()).isEqualTo("[[[\"length\",\"name\"],\"TypeError\"],[[\"length\",\"name\"],\"TypeError\"],"
            + "[[\"length\",\"name\"],\"TypeError\"],[[\"length\",\"name\"],\"TypeError\"]]");

    // a frame the page adds is patched by the next step that arms the guard, and reads as natives through what it
    // inherits (its own toString), as the page's top does
    browser.harness().eval("document.body.appendChild(document.createElement('iframe')), true");
    assertThat(browser.perform(step("scroll").value("down").build()).ok()).isTrue();
    assertThat(browser.harness().eval("typeof frames[0].__waymarkDialogs").asText()).as("the frame is patched").isEqualTo("object");
    assertThat(browser.harness().eval("JSON.stringify([frames[0].fetch.toString(), String(frames[0].setTimeout), "
        + "`${frames[0].alert}`, frames[0].Function.prototype.toString.toString(), Object.getOwnPropertyNames(frames[0].fetch), "
        + "frames[0].fetch instanceof frames[0].Function])").asText())
        .isEqualTo("[\"function fetch() { [native code] }\",\"function setTimeout() { [native code] }\","
            + "\"function alert() { [native code] }\",\"function toString() { [native code] }\",[\"length\",\"name\"],true]");
  }

  @Test
  void aNavigateWithAcceptDialogAcceptsTheLoadingPagesDialog() {
    PerformResult r = browser.perform(step("navigate").url(browser.page("dialog-load.html?accept")).acceptDialog(true).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.title()).isEqualTo("answered true");
    assertThat(r.dialogs()).singleElement().satisfies(d -> assertThat(d.handled()).isEqualTo("accepted"));
  }

  @Test
  void aClickThatLoadsAPageWithADialogIsNotBlockedByIt() {
    browser.open("tabs.html");

    PerformResult r = browser.perform(click("#to-dialog"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.navigated()).isTrue();
    assertThat(browser.text("#msg")).isEqualTo("loaded");
    assertThat(browser.perform(step("extract").selector(Steps.css("title")).build()).data().asText()).isEqualTo("answered false");
  }

  @Test
  void aDialogThatStopsAPageNoGuardReachedIsAnsweredAndReported() {
    browser.open("tabs.html");

    PerformResult r = browser.perform(step("click").selector(Steps.css("#to-other-dialog")).timeoutMs(8000).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.url()).contains("localhost").endsWith("/dialog-load.html?other");
    assertThat(r.title()).isEqualTo("answered false");
    assertThat(r.dialogs()).singleElement().satisfies(d -> {
      assertThat(d.kind()).isEqualTo("confirm");
      assertThat(d.message()).isEqualTo("Stay on this page?");
      assertThat(d.handled()).isEqualTo("dismissed");
    });
  }

  @Test
  void aLinkToANewTabReportsTheTabTheClickOpenedWhichTheTaskMayClose() throws Exception {
    browser.open("tabs.html");

    PerformResult r = browser.perform(click("#blank-link"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.newTabs()).singleElement().satisfies(t -> assertThat(t.url()).endsWith("tabs.html?blank"));
    int opened = r.newTabs().get(0).id();
    assertThat(awaitTab("tabs.html?blank").openedByTask()).isTrue();
    assertThat(task().id()).isEqualTo(home);
    PerformResult close = tabStep("closeTab", opened);
    assertThat(close.ok()).as(close.error()).isTrue();
  }

  @Test
  void duringTakeOverTheTaskPagesDialogsReachThePersonUntilTheNextStep() throws Exception {
    browser.open("basic.html");
    browser.perform(click("#plain"));
    boolean guarded = browser.harness().eval("!!window.__waymarkDialogs && !window.__waymarkDialogs.passthrough").asBoolean();

    browser.harness().client().record(true).get(10, TimeUnit.SECONDS);
    boolean through;
    try {
      through = browser.harness().eval("window.__waymarkDialogs.passthrough").asBoolean();
    } finally {
      browser.harness().client().record(false).get(10, TimeUnit.SECONDS);
    }
    PerformResult next = browser.perform(click("#confirm-btn"));

    assertThat(guarded).isTrue();
    assertThat(through).isTrue();
    assertThat(next.dialogs()).singleElement().satisfies(d -> assertThat(d.handled()).isEqualTo("dismissed"));
    assertThat(browser.harness().eval("window.__waymarkDialogs.passthrough").asBoolean()).isFalse();
  }
}

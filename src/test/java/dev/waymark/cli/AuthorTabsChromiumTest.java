package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tabs and capabilities through {@code waymark author} in real headless Chromium, with the plan agent deciding from
 * the prompts it receives: a tab a step opens is listed in the next observation and switched to by its id, a tab
 * the person had is adopted and stays open, setViewport is undone when the session ends, and a step needing a
 * capability the session does not allow is refused.
 */
@RealBrowser
class AuthorTabsChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();
  private static String home;

  @TempDir
  Path dir;

  @BeforeAll
  static void pinTheHomeTab() throws Exception {
    home = browser.pageTarget();
  }

  @BeforeEach
  void startOnTheOrderPage() throws Exception {
    browser.cdp().navigate(home, url("start.html"));
    // The task tab is chosen when first needed: observing now makes it this one, before any other tab exists.
    browser.client().observe(ObserveOptions.defaults()).get(10, TimeUnit.SECONDS);
  }

  /** Every other tab goes, so the next test's task tab is the home tab again. */
  @AfterEach
  void closeOtherTabs() throws Exception {
    for (JsonNode t : browser.cdp().targets()) {
      if ("page".equals(t.path("type").asText()) && !home.equals(t.path("targetId").asText())) {
        browser.cdp().closeTarget(t.path("targetId").asText());
      }
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> pageTargets().size() == 1);
  }

  private static String url(String page) {
    return browser.pageUrl("author/tabs/" + page);
  }

  private static List<JsonNode> pageTargets() throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode t : browser.cdp().targets()) if ("page".equals(t.path("type").asText())) out.add(t);
    return out;
  }

  private static Optional<String> targetShowing(String urlPart) throws Exception {
    return pageTargets().stream().filter(t -> t.path("url").asText().contains(urlPart))
        .map(t -> t.path("targetId").asText()).findFirst();
  }

  private static String text(String target, String id) throws Exception {
    return browser.cdp().evaluate(target, "document.getElementById('" + id + "').textContent").asText();
  }

  private AuthorRun author(List<Map<String, Object>> plan, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("--approve", "auto"));
    args.addAll(List.of(extra));
    return AuthorRun.inProcess(browser.client(), dir, url("start.html"), "Work with the order's tabs", plan, Map.of(), "",
        args.toArray(String[]::new));
  }

  /** The user text of each prompt the decision program received, in order. */
  private static List<String> users(AuthorRun run) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : run.prompts()) out.add(Json.mapper().readTree(line).path("user").asText());
    return out;
  }

  /**
   * The line starting with {@code head} in the page a prompt shows as the page now. A prompt keeps the pages read at
   * earlier turns above its trail (decision 0063), so a line anywhere in it may be an old page's: the page now is
   * either whole in its tail or the page at an earlier turn with the tail's changes, and a changed tabs line in the
   * changes replaces the base's.
   */
  private static String tabsLine(String user, String head) {
    for (String line : pageNow(user).split("\n")) {
      if (line.equals("tabs: only this one now")) return null;
      if (line.startsWith(head)) return line;
    }
    return null;
  }

  /** The page now of a prompt: the tail's page data, followed by the base page it is a delta against, if any. */
  private static String pageNow(String user) {
    int now = user.lastIndexOf("# The page now");
    assertThat(now).as("a prompt has a page now: %s", user).isNotNegative();
    String tail = pageData(user, now);
    Matcher base = Pattern.compile("The page now is the page at turn (\\d+) above").matcher(user.substring(now));
    if (!base.find()) return tail;
    int at = user.indexOf("# The page at turn " + base.group(1) + "\n");
    assertThat(at).as("the base page at turn %s is in the prompt: %s", base.group(1), user).isNotNegative();
    return tail + "\n" + pageData(user, at);
  }

  /** The text between the first page data fences after {@code from}. */
  private static String pageData(String user, int from) {
    int open = user.indexOf("<<<PAGE DATA", from);
    int start = user.indexOf('\n', open) + 1;
    int end = user.indexOf("<<<END PAGE DATA", start);
    return user.substring(start, end);
  }

  /** The id the tabs line gives the entry that contains {@code part}. */
  private static String idOf(String line, String part) {
    for (String entry : line.substring(line.indexOf(':') + 2).split(" · ")) {
      Matcher m = Pattern.compile("^(\\d+) ").matcher(entry);
      if (m.find() && entry.contains(part)) return m.group(1);
    }
    throw new AssertionError("no tab entry with " + part + " in: " + line);
  }

  private static JsonNode turnOf(AuthorRun run, String type) throws Exception {
    for (JsonNode t : run.turns()) {
      JsonNode last = t.path("trail").path(t.path("trail").size() - 1);
      if (type.equals(last.path("type").asText())) return t;
    }
    throw new AssertionError("no " + type + " turn in " + run.out());
  }

  @Test
  void aTargetBlankLinksTabIsListedAsOpenedByTheTaskAndSwitchTabByItsIdWorksInIt() throws Exception {
    AuthorRun run = author(List.of(
        Map.of("type", "click", "name", "Open the receipt"),
        Map.of("type", "switchTab", "tab", "receipt.html", "when", "receipt.html"),
        Map.of("type", "click", "name", "Confirm the receipt", "when", "Receipt for order 17"),
        Map.of("done", true)));

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    List<String> users = users(run);
    String afterClick = users.stream().filter(u -> tabsLine(u, "tabs: ") != null).findFirst()
        .orElseThrow(() -> new AssertionError("no prompt lists tabs: " + users));
    String tabs = tabsLine(afterClick, "tabs: ");
    assertThat(tabs).contains("\"Order 17\" current").contains("/author/tabs/receipt.html opened by task");
    String receiptId = idOf(tabs, "receipt.html");
    // the next observation is the receipt tab's, and it is the current one
    JsonNode switched = turnOf(run, "switchTab");
    assertThat(switched.path("ok").asBoolean()).as(switched.toString()).isTrue();
    assertThat(switched.path("step").path("value").asText()).isEqualTo(receiptId);
    assertThat(switched.path("url").asText()).endsWith("/author/tabs/receipt.html");
    String afterSwitch = users.get(users.indexOf(afterClick) + 1);
    assertThat(afterSwitch).contains("page \"Receipt 17\" " + url("receipt.html"));
    assertThat(tabsLine(afterSwitch, "tabs: ")).contains(receiptId + " \"Receipt 17\" current opened by task")
        .contains("/author/tabs/start.html");
    // the page's own state: the click after the switch landed in the receipt tab, not in the order page
    String receipt = targetShowing("receipt.html").orElseThrow();
    assertThat(text(receipt, "state")).isEqualTo("Receipt confirmed");
    assertThat(browser.cdp().evaluate(home, "location.pathname").asText()).endsWith("/start.html");
  }

  @Test
  void aWindowOpenPopupIsSwitchedToWorkedInAndClosedByCloseTab() throws Exception {
    AuthorRun run = author(List.of(
        Map.of("type", "click", "name", "Open the tracking popup"),
        Map.of("type", "switchTab", "tab", "popup.html", "when", "popup.html"),
        Map.of("type", "click", "name", "Refresh the tracking", "when", "Tracking for order 17"),
        Map.of("type", "switchTab", "tab", "start.html"),
        Map.of("type", "closeTab", "tab", "popup.html", "when", "Order 17\" current"),
        Map.of("done", true)), "--trusted-input");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode click = turnOf(run, "click");
    assertThat(click.path("ok").asBoolean()).as(click.toString()).isTrue();
    JsonNode closed = turnOf(run, "closeTab");
    assertThat(closed.path("ok").asBoolean()).as(closed.toString()).isTrue();
    List<String> users = users(run);
    assertThat(users).anySatisfy(u -> assertThat(tabsLine(u, "tabs: ")).isNotNull()
        .contains("\"Tracking 17\" current opened by task"));
    // the browser's own state: the popup is gone, the order page stayed
    await().atMost(Duration.ofSeconds(10)).until(() -> targetShowing("popup.html").isEmpty());
    assertThat(pageTargets()).hasSize(1);
    assertThat(tabsLine(users.get(users.size() - 1), "tabs: ")).isNull();
  }

  @Test
  void aTabThePersonHadOnTheTasksSiteIsAdoptedByIdAndStaysOpenAfterTheSessionWhileOtherTabsAreOnlyCounted() throws Exception {
    browser.cdp().createTarget(url("mine.html"));
    browser.cdp().createTarget(url("private.html").replace("127.0.0.1", "localhost"));
    await().atMost(Duration.ofSeconds(10)).until(() -> targetShowing("mine.html").isPresent() && targetShowing("private.html").isPresent());

    AuthorRun run = author(List.of(
        Map.of("type", "adoptTab", "tab", "mine.html", "when", "mine.html"),
        Map.of("type", "click", "name", "Keep the cart", "when", "The cart the person had open"),
        Map.of("done", true)));

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    List<String> users = users(run);
    String first = users.get(0);
    assertThat(tabsLine(first, "open tabs (adoptTab): ")).contains("\"My saved cart\" /author/tabs/mine.html");
    assertThat(tabsLine(first, "other tabs: ")).isNotNull();
    String all = String.join("\n", run.prompts()) + run.out() + run.journals();
    assertThat(all).doesNotContain("Private inbox").doesNotContain("private.html");
    JsonNode adopted = turnOf(run, "adoptTab");
    assertThat(adopted.path("ok").asBoolean()).as(adopted.toString()).isTrue();
    assertThat(adopted.path("url").asText()).endsWith("/author/tabs/mine.html");
    assertThat(tabsLine(users.get(1), "tabs: ")).contains("\"My saved cart\" current adopted");
    // the person's tab did the work and is still open after the session ended
    String mine = targetShowing("mine.html").orElseThrow();
    assertThat(text(mine, "state")).isEqualTo("Cart kept");
    assertThat(browser.client().tabs().get(10, TimeUnit.SECONDS)).anySatisfy(t -> assertThat(t.url()).endsWith("mine.html"));
  }

  @Test
  void setViewportChangesWhatThePageSeesAndIsResetWhenTheSessionEnds() throws Exception {
    String before = browser.cdp().evaluate(home, "innerWidth + 'x' + innerHeight").asText();
    assertThat(before).isNotEqualTo("500x400");

    AuthorRun run = author(List.of(
        Map.of("type", "setViewport", "value", "500x400"),
        Map.of("done", true, "when", "viewport 500x400")));

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode set = turnOf(run, "setViewport");
    assertThat(set.path("data").asText()).isEqualTo("viewport 500x400 (the page sees 500x400)");
    // the page itself reported the size it saw while the session had control
    List<String> users = users(run);
    assertThat(users.get(0)).doesNotContain("viewport 500x400");
    assertThat(users.subList(1, users.size())).anySatisfy(u -> assertThat(u).contains("viewport 500x400"));
    assertThat(browser.cdp().evaluate(home, "innerWidth + 'x' + innerHeight").asText()).isEqualTo(before);
  }

  @Test
  void anUploadInASessionThatAllowsNoCapabilityIsRefusedWithTheReasonAndNotOffered() throws Exception {
    AuthorRun run = author(List.of(
        Map.of("type", "upload", "name", "Attachment", "value", "{{ cv }}"),
        Map.of("blocked", "the session does not allow uploads")), "--allow", "none", "--var", "cv=the file to attach");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_BLOCKED);
    JsonNode upload = turnOf(run, "upload");
    assertThat(upload.path("ok").asBoolean()).isFalse();
    assertThat(upload.path("error").asText()).isEqualTo(Capabilities.refusal(Capabilities.FILE_UPLOAD))
        .isEqualTo("this session does not allow file_upload; ask the person to upload the file in a userStep, or report blocked");
    String system = Json.mapper().readTree(run.prompts().get(0)).path("system").asText();
    assertThat(system).doesNotContain("- upload:").doesNotContain("- setViewport:").doesNotContain("allow_download")
        .contains("This session does not allow download, file_upload, viewport_control");
    // the page's own state: nothing reached the file field
    assertThat(browser.cdp().evaluate(home, "document.getElementById('attachment').files.length").asInt()).isZero();
    assertThat(run.journals().lines().findFirst().orElseThrow())
        .contains("\"capabilities\":{\"download\":false,\"file_upload\":false,\"viewport_control\":false}");
  }
}

package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code waymark author} end to end, a program deciding: what a step made happen besides itself (a dialog, a download,
 * a cut list) is in the turn's JSON line and in the next prompt, and a repeat with accept_dialog / allow_download,
 * approved by the person, does what the page asked.
 */
@RealBrowser
class AuthorOutcomesChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  private AuthorRun author(List<Map<String, Object>> plan, String terminal, String... extra) throws Exception {
    String url = browser.pageUrl("author/outcomes.html");
    browser.open(url);
    return AuthorRun.inProcess(browser.client(), dir, url, "Tidy the shopping list", plan, Map.of(), terminal, extra);
  }

  /** The JSON line of the turn whose last trail entry is turn {@code n} (1: the navigation that starts the run). */
  private static JsonNode turn(AuthorRun run, int n) throws Exception {
    return run.turns().stream().filter(t -> t.path("trail").path(t.path("trail").size() - 1).path("turn").asInt() == n)
        .findFirst().orElseThrow(() -> new AssertionError("no turn " + n + " in\n" + run));
  }

  private String log() throws Exception {
    return browser.eval("window.__log.join(',')").asText();
  }

  @Test
  void aConfirmIsDismissedAndReportedThenAcceptedWithAcceptDialogAfterTheTerminalsApproval() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Delete Milk"),
        Map.of("type", "click", "name", "Delete Milk", "accept_dialog", true, "when", "it was dismissed"),
        Map.of("done", true));

    // Each delete click asks (a delete; an accepted dialog): the person answers yes twice on the terminal.
    AuthorRun run = author(plan, "y\ny\n", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode dismissed = turn(run, 2);
    assertThat(dismissed.path("ok").asBoolean()).isTrue();
    JsonNode d = dismissed.path("outcome").path("dialogs").get(0);
    assertThat(d.path("kind").asText()).isEqualTo("confirm");
    assertThat(d.path("message").asText()).isEqualTo("Delete Milk?");
    assertThat(d.path("answered").asText()).isEqualTo("dismissed");
    assertThat(d.path("step").asText()).isEqualTo(dismissed.path("step").path("id").asText());
    assertThat(dismissed.path("trail").get(1).path("outcome").path("dialogs").get(0).path("message").asText())
        .isEqualTo("Delete Milk?");
    // The next prompt says it in words, with what to do.
    assertThat(run.prompts().get(1)).contains("the click opened a confirm dialog 'Delete Milk?'; it was dismissed. "
        + "To accept it, repeat the step with accept_dialog: true.");
    JsonNode accepted = turn(run, 3);
    assertThat(accepted.path("step").path("accept_dialog").asBoolean()).isTrue();
    assertThat(accepted.path("outcome").path("dialogs").get(0).path("answered").asText()).isEqualTo("accepted");
    assertThat(run.err()).contains("Approval needed: click").contains("answers a page dialog OK");
    // The page's own record: the first confirm was answered no and removed nothing; Milk went only after the yes.
    assertThat(log()).isEqualTo("confirm:false,confirm:true,removed:Milk");
    assertThat(browser.eval("document.querySelector('li[data-id=\"1\"]') === null").asBoolean()).isTrue();
    assertThat(browser.eval("document.querySelectorAll('#items li').length").asInt()).isEqualTo(3);
  }

  @Test
  void anAcceptedPromptReportsTheTextItAnswered() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Rename list"),
        Map.of("type", "click", "name", "Rename list", "accept_dialog", true, "when", "it was dismissed"),
        Map.of("done", true));

    AuthorRun run = author(plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode first = turn(run, 2).path("outcome").path("dialogs").get(0);
    assertThat(first.path("kind").asText()).isEqualTo("prompt");
    assertThat(first.path("message").asText()).isEqualTo("New list name?");
    assertThat(first.path("answered").asText()).isEqualTo("dismissed");
    assertThat(turn(run, 3).path("outcome").path("dialogs").get(0).path("answered").asText()).isEqualTo("Groceries");
    assertThat(run.prompts().get(2)).contains("the click opened a prompt dialog 'New list name?'; it was answered with 'Groceries'.");
    assertThat(log()).isEqualTo("prompt:null,prompt:Groceries");
    assertThat(browser.eval("document.getElementById('list-name').textContent").asText()).isEqualTo("Groceries");
  }

  @Test
  void aCsvDownloadIsBlockedAndReportedThenAllowedWithAllowDownloadAndSaved() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Export CSV"),
        Map.of("type", "click", "name", "Export CSV", "allow_download", true, "when", "it was blocked"),
        Map.of("done", true));

    AuthorRun run = author(plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode blocked = turn(run, 2).path("outcome").path("downloads").get(0);
    assertThat(blocked.path("filename").asText()).isEqualTo("report.csv");
    assertThat(blocked.path("blocked").asBoolean()).isTrue();
    assertThat(blocked.path("mime").asText()).isEqualTo("text/csv");
    assertThat(blocked.has("saved_to")).isFalse();
    assertThat(run.prompts().get(1)).contains("the click started a download of report.csv (text/csv")
        .contains("it was blocked. To allow it, repeat the step with allow_download: true.");
    JsonNode allowed = turn(run, 3).path("outcome").path("downloads").get(0);
    assertThat(allowed.path("blocked").asBoolean()).isFalse();
    assertThat(allowed.path("saved_to").asText()).as(allowed.toString()).isNotBlank();
    Path saved = Path.of(allowed.path("saved_to").asText());
    String csv = Files.readString(Path.of("src/test/resources/pages/author/report.csv"));
    try {
      assertThat(saved.getFileName().toString()).endsWith(".csv");
      // Chrome names the file before it has finished writing it on a busy machine: wait for the whole file.
      await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(saved) && csv.equals(Files.readString(saved)));
      assertThat(allowed.path("size").asLong()).isEqualTo(csv.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
      assertThat(run.prompts().get(2)).contains("it was allowed and saved to " + saved);
    } finally {
      Files.deleteIfExists(saved);
    }
  }

  /**
   * Issue 26: a blocked download is reported under the name the browser would save it as — its link's download
   * attribute, or the server's Content-Disposition — not the last part of its address.
   */
  @Test
  void aBlockedDownloadIsReportedUnderTheNameTheBrowserWouldSaveItAs() throws Exception {
    String url = browser.pageUrl("author/exports.html");
    browser.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Export November"),
        Map.of("type", "click", "name", "Export December"),
        Map.of("done", true));

    AuthorRun run = AuthorRun.inProcess(browser.client(), dir, url, "Export the reports", plan, Map.of(), "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode november = turn(run, 2).path("outcome").path("downloads").path(0);
    assertThat(november.path("filename").asText()).as(run.toString()).isEqualTo("report-november.csv");
    assertThat(november.path("blocked").asBoolean()).isTrue();
    JsonNode december = turn(run, 3).path("outcome").path("downloads").path(0);
    assertThat(december.path("filename").asText()).as(run.toString()).isEqualTo("report-december.csv");
    assertThat(december.path("blocked").asBoolean()).isTrue();
    assertThat(run.prompts().get(1)).contains("a download of report-november.csv");
    assertThat(run.prompts().get(2)).contains("a download of report-december.csv");
  }

  @Test
  void anExtractListCutAtItsLimitSaysSo() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "extractList", "ref", "l1", "limit", 2),
        Map.of("done", true));

    AuthorRun run = author(plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode read = turn(run, 2);
    assertThat(read.path("ok").asBoolean()).as(read + "\n" + run.prompts().get(0)).isTrue();
    assertThat(read.path("outcome").path("truncated").asBoolean()).isTrue();
    assertThat(read.path("outcome").path("items").asInt()).isEqualTo(2);
    assertThat(run.prompts().get(1)).contains("the extractList read 2 items over 1 page and stopped at its limit");
  }

  @Test
  void aTabTheClickOpenedIsReportedWithTheIdToSwitchTo() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Open the help"),
        Map.of("done", true));

    AuthorRun run = author(plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode tab = turn(run, 2).path("outcome").path("tabs_opened").get(0);
    assertThat(tab.path("url").asText()).endsWith("/author/puzzle.html");
    int id = tab.path("id").asInt();
    assertThat(id).isPositive();
    assertThat(run.prompts().get(1)).contains("the click opened a new tab " + id).contains("switch to it with switchTab value " + id);
    // The id is the browser's own: asked of the extension's worker, since after the run (control released) the tab is
    // no longer the task's and tab_list does not name it (decision 0027).
    var worker = browser.cdp().serviceWorker(browser.extensionId());
    assertThat(browser.cdp().evaluate(worker.path("targetId").asText(), "chrome.tabs.get(" + id + ").then(t => t.url || t.pendingUrl)")
        .asText()).endsWith("/author/puzzle.html");
  }
}

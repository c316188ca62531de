package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.FirefoxHarness;
import dev.waymark.testing.RealBrowser;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: {@code waymark author} with the add-on in Firefox, a program deciding. What a step made happen besides
 * itself reaches the turn's JSON line and the next prompt as on Chromium — a confirm dismissed then accepted, a
 * download blocked then allowed and saved, a tab the click opened — and a risky step is approved in the add-on's
 * sidebar page while the terminal asks. Each is checked by the page's own record or the file on disk.
 */
@RealBrowser
class AuthorOnFirefoxTest {
  @RegisterExtension
  static FirefoxHarness firefox = FirefoxHarness.create();

  @TempDir
  Path dir;

  private AuthorRun author(String page, String goal, List<Map<String, Object>> plan, String terminal, String... extra) throws Exception {
    String url = firefox.pageUrl(page);
    firefox.open(url);
    return AuthorRun.inProcess(firefox.client(), dir, url, goal, plan, Map.of(), terminal, extra);
  }

  private static JsonNode turn(AuthorRun run, int n) throws Exception {
    return run.turns().stream().filter(t -> t.path("trail").path(t.path("trail").size() - 1).path("turn").asInt() == n)
        .findFirst().orElseThrow(() -> new AssertionError("no turn " + n + " in\n" + run));
  }

  @Test
  void aConfirmIsDismissedAndReportedThenAcceptedAfterTheTerminalsApproval() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Delete Milk"),
        Map.of("type", "click", "name", "Delete Milk", "accept_dialog", true, "when", "it was dismissed"),
        Map.of("done", true));

    AuthorRun run = author("author/outcomes.html", "Tidy the shopping list", plan, "y\ny\n", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode d = turn(run, 2).path("outcome").path("dialogs").get(0);
    assertThat(d.path("kind").asText()).isEqualTo("confirm");
    assertThat(d.path("message").asText()).isEqualTo("Delete Milk?");
    assertThat(d.path("answered").asText()).isEqualTo("dismissed");
    assertThat(run.prompts().get(1)).contains("the click opened a confirm dialog 'Delete Milk?'; it was dismissed.");
    assertThat(turn(run, 3).path("outcome").path("dialogs").get(0).path("answered").asText()).isEqualTo("accepted");
    assertThat(firefox.eval("window.__log.join(',')").asText()).isEqualTo("confirm:false,confirm:true,removed:Milk");
    assertThat(firefox.eval("document.querySelectorAll('#items li').length").asInt()).isEqualTo(3);
  }

  @Test
  void aCsvDownloadIsBlockedAndReportedThenAllowedAndSaved() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Export CSV"),
        Map.of("type", "click", "name", "Export CSV", "allow_download", true, "when", "it was blocked"),
        Map.of("done", true));

    AuthorRun run = author("author/outcomes.html", "Export the list", plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode blocked = turn(run, 2).path("outcome").path("downloads").get(0);
    // Firefox names the file it would have saved: report(1).csv when a report.csv is already in Downloads.
    assertThat(blocked.path("filename").asText()).as(run.toString()).matches("report(\\(\\d+\\))?\\.csv");
    assertThat(blocked.path("blocked").asBoolean()).isTrue();
    assertThat(blocked.has("saved_to")).isFalse();
    assertThat(run.prompts().get(1)).contains("it was blocked. To allow it, repeat the step with allow_download: true.");
    JsonNode allowed = turn(run, 3).path("outcome").path("downloads").path(0);
    assertThat(allowed.path("saved_to").asText()).as(run.toString()).isNotBlank();
    assertThat(allowed.path("blocked").asBoolean()).isFalse();
    Path saved = Path.of(allowed.path("saved_to").asText());
    String csv = Files.readString(Path.of("src/test/resources/pages/author/report.csv"));
    try {
      await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(saved) && csv.equals(Files.readString(saved)));
      assertThat(allowed.path("size").asLong()).isEqualTo(csv.getBytes(StandardCharsets.UTF_8).length);
    } finally {
      Files.deleteIfExists(saved);
    }
  }

  /**
   * The add-on's gate waits for continue_on's element to appear where a web component draws it, while the page keeps
   * a hidden element that matches from the start (which ends no wait), as the Chromium extension's does.
   */
  @Test
  void aUserStepEndsWhenTheElementItWaitsForShowsInsideAComponent() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "userStep", "prompt", "Solve the puzzle, then press Continue",
            "continue_on", Map.of("selector", "p.solved", "timeout_ms", 20000)),
        Map.of("done", true));

    AuthorRun run = author("author/puzzle.html?drawn", "Get past the check", plan, "", "--approve", "ask");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(run.err()).contains("continued: the page shows what continue_on waits for");
    assertThat(firefox.eval("window.__gateAtSolve === true").asBoolean()).as("the wait still stood when the puzzle was solved").isTrue();
  }

  @Test
  void aBlockedDownloadIsReportedUnderTheNameFirefoxWouldSaveItAs() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Export November"),
        Map.of("type", "click", "name", "Export December"),
        Map.of("done", true));

    AuthorRun run = author("author/exports.html", "Export the reports", plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    // Firefox names the file it would have saved: report-november(1).csv when one is in Downloads already.
    assertThat(turn(run, 2).path("outcome").path("downloads").path(0).path("filename").asText()).as(run.toString())
        .matches("report-november(\\(\\d+\\))?\\.csv");
    assertThat(turn(run, 3).path("outcome").path("downloads").path(0).path("filename").asText()).as(run.toString())
        .matches("report-december(\\(\\d+\\))?\\.csv");
  }

  @Test
  void aTabTheClickOpenedIsReportedWithTheIdToSwitchTo() throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "click", "name", "Open the help"),
        Map.of("done", true));

    AuthorRun run = author("author/outcomes.html", "Read the help", plan, "", "--approve", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode tab = turn(run, 2).path("outcome").path("tabs_opened").get(0);
    assertThat(tab.path("url").asText()).as(run.toString()).endsWith("/author/puzzle.html");
    int id = tab.path("id").asInt();
    assertThat(id).isPositive();
    assertThat(run.prompts().get(1)).contains("the click opened a new tab " + id).contains("switch to it with switchTab value " + id);
  }

  @Test
  void aRiskyStepIsApprovedInTheSidebarWhileTheTerminalAsks() throws Exception {
    String url = firefox.pageUrl("author/message.html");
    firefox.open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "Message", "value", "Where is my order?"),
        Map.of("type", "click", "name", "Send message"),
        Map.of("done", true));
    PipedOutputStream keyboard = new PipedOutputStream();
    PipedInputStream silent = new PipedInputStream(keyboard);
    CompletableFuture<AuthorRun> running = CompletableFuture.supplyAsync(() -> {
      try {
        return AuthorRun.inProcess(firefox.client(), dir, url, "Send the support message", plan, Map.of(), silent, "--approve", "ask");
      } catch (java.io.IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    String sidebar = firefox.openAddOnPage("sidepanel.html");
    try {
      await("the approval card in the sidebar").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
          .until(() -> firefox.eval(sidebar, "document.getElementById('approve') ? 'ready' : ''").asText().equals("ready"));
      assertThat(firefox.eval(sidebar, "document.querySelector('section.card').textContent").asText())
          .contains("Send message", "submit, send or post");
      firefox.eval(sidebar, "document.getElementById('approve').click(), 1");
      AuthorRun run = running.get(60, TimeUnit.SECONDS);

      assertThat(run.code()).as(run.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
      assertThat(run.err()).contains("Approval needed: click", "Answered in the browser's side panel.");
      assertThat(firefox.eval("window.__sent").asInt()).isEqualTo(1);
      assertThat(firefox.eval("document.getElementById('msg').value").asText()).isEqualTo("Where is my order?");
    } finally {
      firefox.closeTab(sidebar);
      keyboard.close();
    }
  }
}

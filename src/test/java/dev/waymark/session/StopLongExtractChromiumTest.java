package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BrowserEvent;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long extractList (30 pages of 10 rows, each page 300 ms after its Next) reports its progress and stops between
 * pages when the person says so: through the bridge's cancel, and through the studio session's Stop, whose turn is
 * recorded like any truncated list. The page counts its Next clicks, so a stopped list is seen to click no more.
 */
@RealBrowser
class StopLongExtractChromiumTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LIST = "{\"type\": \"extractList\", \"id\": \"orders\", \"label\": \"Read the orders\", "
      + "\"selector\": {\"css\": \"#orders > li.order\"}, \"fields\": {\"name\": {\"css\": \".name\"}, "
      + "\"total\": {\"css\": \".total\"}}, \"value\": \"#next\", \"limit\": 0, \"timeout_ms\": 60000}";

  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir Path dir;

  private int nextClicks() throws Exception {
    return browser.eval("window.nextClicks").asInt();
  }

  @Test
  void aCancelStopsTheListBetweenPagesWithTheRowsReadSoFar() throws Exception {
    browser.open(browser.pageUrl("progress/slow-list.html"));
    String wireId = "orders@" + UUID.randomUUID().toString().substring(0, 8);
    List<BrowserEvent> progress = new CopyOnWriteArrayList<>();
    BridgeListener listener = new BridgeListener() {
      @Override
      public void event(ClientInfo client, BrowserEvent event) {
        if ("progress".equals(event.event()) && wireId.equals(event.text("step_id"))) progress.add(event);
      }
    };
    browser.client().addListener(listener);
    try {
      CompletableFuture<PerformResult> reply = browser.client().perform(wireId, JSON.readTree(LIST), Map.of(), 60_000);
      await().atMost(Duration.ofSeconds(20)).until(() -> progress.size() >= 2);
      // counts only: a progress event never carries what the rows hold
      JsonNode second = progress.get(1).body();
      assertThat(second.path("items").asInt()).isGreaterThanOrEqualTo(10);
      assertThat(second.path("pages").asInt()).isGreaterThanOrEqualTo(2);
      assertThat(second.toString()).doesNotContain("Order ");

      assertThat(browser.client().cancel(wireId).get(10, TimeUnit.SECONDS)).isTrue();
      PerformResult r = reply.get(20, TimeUnit.SECONDS);

      assertThat(r.ok()).as(r.error()).isTrue();
      assertThat(r.truncated()).isTrue();
      assertThat(r.stopped()).isTrue();
      assertThat(r.items()).isBetween(1, 299);
      JsonNode rows = JSON.readTree(r.data().asText());
      assertThat(rows).hasSize(r.items());
      assertThat(rows.get(0).path("name").asText()).isEqualTo("Order 1");
      assertThat(r.effect()).isEqualTo("stopped by the person after " + r.items() + " rows on " + r.pages() + " pages");
      // The reply is the barrier: the list's loop has ended, so any click it was going to make is made by now.
      int clicks = nextClicks();
      assertThat(clicks).isBetween(r.pages() - 1, r.pages()).isLessThan(29);
      // A later round trip through the same extension and page finds the count where it was.
      PerformResult later = browser.client().perform("later@" + UUID.randomUUID().toString().substring(0, 8),
          JSON.readTree("{\"type\": \"extract\", \"selector\": {\"css\": \"#orders\"}}"), Map.of(), 10_000).get(20, TimeUnit.SECONDS);
      assertThat(later.ok()).as(later.error()).isTrue();
      assertThat(nextClicks()).isEqualTo(clicks);
      // The step has ended: a second cancel changes nothing.
      assertThat(browser.client().cancel(wireId).get(10, TimeUnit.SECONDS)).isFalse();
    } finally {
      browser.client().removeListener(listener);
    }
  }

  @Test
  void theSessionsStopEndsTheListAndTheTurnIsRecordedTruncated() throws Exception {
    browser.open(browser.pageUrl("progress/slow-list.html"));
    try (AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(
        new BridgeSessionBrowser(browser.client(), ObserveOptions.defaults()), new RuleRiskGate(), null, dir, null, 0))) {
      session.start("orders", "Read every order", 10).get(10, TimeUnit.SECONDS);
      session.observe().get(10, TimeUnit.SECONDS);
      CompletableFuture<TurnOutcome> turn = session.submit(
          "{\"reasoning\": \"read the orders\", \"step\": " + LIST.replace("\"id\": \"orders\", ", "") + "}", Provenance.PERSON);

      await().atMost(Duration.ofSeconds(20)).until(() -> {
        SessionSnapshot s = session.latest();
        return s.longStep() != null && s.longStep().pages() >= 2;
      });
      SessionSnapshot running = session.latest();
      assertThat(running.activity()).matches("Reading list: \\d+ rows, \\d+ pages");
      assertThat(session.stopLongStep(running.longStep().stepId()).get(10, TimeUnit.SECONDS)).isTrue();
      turn.get(30, TimeUnit.SECONDS);

      SessionSnapshot after = session.latest();
      ExtTurn t = after.trail().get(after.trail().size() - 1);
      assertThat(t.ok()).as(t.error()).isTrue();
      assertThat(t.outcome().truncated()).isTrue();
      assertThat(t.outcome().stopped()).isTrue();
      assertThat(t.outcome().items()).isBetween(1, 299);
      assertThat(t.effect()).startsWith("stopped by the person after " + t.outcome().items() + " rows on ");
      assertThat(after.steps()).extracting(dev.waymark.workflow.Step::type).containsExactly("extractList");
      // what the next prompt and the person read about it
      assertThat(dev.waymark.decide.OutcomeSentences.forPerson(t.type(), t.outcome()))
          .contains("was stopped by the person before its end");
      assertThat(after.longStep()).isNull();
      // a Stop once it has ended changes nothing
      assertThat(session.stopLongStep(running.longStep().stepId()).get(10, TimeUnit.SECONDS)).isFalse();
    }
  }
}

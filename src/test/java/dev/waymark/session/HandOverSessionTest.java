package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The person answers where they look: the studio, the terminal, or Chrome's side panel. The first answer wins, a
 * stale one is refused, and the journal says which channel answered.
 */
class HandOverSessionTest {
  private static final String RISKY = "{\"reasoning\": \"the cart is ready\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}";
  private static final String USER_STEP = "{\"reasoning\": \"the site asks for a key\", \"step\": {\"type\": \"userStep\", "
      + "\"prompt\": \"Touch the key when the page asks\", \"method\": \"security_key\"}}";

  @TempDir Path dir;
  FakeSessionBrowser browser;
  AuthoringSession session;
  SidePanel panel;
  final List<String> sent = new CopyOnWriteArrayList<>();
  final List<ObjectNode> items = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    browser = FakeSessionBrowser.checkout();
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(), ApprovalPolicy.defaults(),
        dir.resolve("sessions"), Runnable::run, 5_000));
    session.start("checkout", "Place the order", 10).get(5, TimeUnit.SECONDS);
    session.observe().get(5, TimeUnit.SECONDS);
    panel = new SidePanel(session, new SidePanel.Panel() {
      @Override
      public void waiting(ObjectNode item) {
        items.add(item);
        sent.add("waiting " + item.path("id").asText());
      }

      @Override
      public void waitingEnded(String itemId, String answeredBy) {
        sent.add("ended " + itemId + " by " + answeredBy);
      }

      @Override
      public void activity(String text) {
      }
    }, step -> Approval.byPerson(step, Approval.Channel.CHROME), "studio");
  }

  @AfterEach
  void tearDown() {
    panel.close();
    session.close();
  }

  private String waitingItem() throws Exception {
    session.submit(RISKY, Provenance.MODEL).get(5, TimeUnit.SECONDS);
    assertThat(panel.shownItem()).isNotNull();
    return panel.shownItem();
  }

  private List<JsonNode> journalTurns() throws Exception {
    List<JsonNode> turns = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(session.latest().journalFile()))) {
      JsonNode n = Json.mapper().readTree(line);
      if ("turn".equals(n.path("kind").asText())) turns.add(n);
    }
    return turns;
  }

  @Test
  void theWaitingStepIsShownInThePanelAsTheApprovalCardShowsIt() throws Exception {
    String id = waitingItem();
    ObjectNode card = items.get(items.size() - 1);
    assertThat(card.path("id").asText()).isEqualTo(id);
    assertThat(card.path("kind").asText()).isEqualTo("approval");
    assertThat(card.path("action").asText()).isEqualTo("click");
    assertThat(card.path("element").path("name").asText()).isEqualTo("Place order");
    assertThat(card.path("risks").toString()).contains("submit");
    assertThat(card.path("evidence").toString()).contains("Place order");
    assertThat(card.path("decided_by").asText()).isEqualTo("the model");
  }

  @Test
  void anApprovalInChromeIsThePersonsAndTheJournalSaysChrome() throws Exception {
    String id = waitingItem();
    TurnOutcome o = panel.answer(id, "approve", null).get(5, TimeUnit.SECONDS);

    assertThat(o.ok()).isTrue();
    assertThat(browser.performed).extracting(p -> p.step().type()).containsExactly("click");
    assertThat(session.latest().pending()).isNull();
    assertThat(journalTurns().get(journalTurns().size() - 1).path("answered_by").asText()).isEqualTo("chrome");
    assertThat(sent).contains("ended " + id + " by chrome");
  }

  @Test
  void theFirstAnswerWinsAndTheLaterOneFromChromeIsRefused() throws Exception {
    String id = waitingItem();
    session.approve(Approval.byPerson(session.latest().pending().step(), Approval.Channel.UI)).get(5, TimeUnit.SECONDS);
    // the panel's card closes, saying who answered
    assertThat(sent).contains("ended " + id + " by studio");

    Throwable late = catchThrowable(() -> panel.answer(id, "approve", null).get(5, TimeUnit.SECONDS));
    assertThat(late).hasMessageContaining("no longer waits");
    assertThat(browser.performed).hasSize(1);
    assertThat(journalTurns().get(journalTurns().size() - 1).path("answered_by").asText()).isEqualTo("studio");
  }

  @Test
  void aStaleAnswerIsRefusedAndNothingIsPerformed() throws Exception {
    String id = waitingItem();
    Throwable stale = catchThrowable(() -> panel.answer(id.replaceAll("-\\d+$", "-99"), "approve", null).get(5, TimeUnit.SECONDS));

    assertThat(stale).hasMessageContaining("no longer waits");
    assertThat(browser.performed).isEmpty();
    assertThat(session.latest().pending()).isNotNull();
  }

  @Test
  void aRejectionInChromeBecomesTheTurnsErrorWithItsReason() throws Exception {
    String id = waitingItem();
    TurnOutcome o = panel.answer(id, "reject", "wrong account").get(5, TimeUnit.SECONDS);

    assertThat(o.error()).isEqualTo("wrong account");
    assertThat(browser.performed).isEmpty();
    assertThat(journalTurns().get(journalTurns().size() - 1).path("answered_by").asText()).isEqualTo("chrome");
  }

  @Test
  void aRejectionFromTheStudioForAStepThatNoLongerWaitsIsRefused() throws Exception {
    waitingItem();
    String stepId = session.latest().pending().step().id();
    session.approve(Approval.byPerson(session.latest().pending().step(), Approval.Channel.CHROME)).get(5, TimeUnit.SECONDS);
    session.submit(RISKY, Provenance.MODEL).get(5, TimeUnit.SECONDS);

    Throwable t = catchThrowable(() -> session.reject(stepId, "too late", "studio").get(5, TimeUnit.SECONDS));
    assertThat(t).hasMessageContaining("no longer waits");
    assertThat(session.latest().pending()).isNotNull();
  }

  @Test
  void aUserStepShowsItsMethodWaitsForContinueAndGivesTheTurnBack() throws Exception {
    browser.holdUserSteps = true;
    int budget = session.latest().budget();
    CompletableFuture<TurnOutcome> turn = session.submit(USER_STEP, Provenance.MODEL);
    await().atMost(Duration.ofSeconds(10)).until(() -> session.latest().userStep() != null);

    WaitingUserStep w = session.latest().userStep();
    assertThat(w.method()).isEqualTo("security_key");
    assertThat(w.instruction()).startsWith("Sign in with your security key in the browser, then press Continue");
    assertThat(turn).isNotDone();
    assertThat(session.continueUserStep("s-other", "studio")).as("a stale id").isFalse();
    assertThat(session.continueUserStep(w.stepId(), "studio")).isTrue();

    TurnOutcome o = turn.get(10, TimeUnit.SECONDS);
    assertThat(o.ok()).isTrue();
    assertThat(o.output().budget()).as("the turn is handed back").isEqualTo(budget);
    assertThat(session.latest().userStep()).isNull();
    assertThat(session.continueUserStep(w.stepId(), "chrome")).as("the second Continue").isFalse();
    assertThat(journalTurns().get(journalTurns().size() - 1).path("answered_by").asText()).isEqualTo("studio");
  }

  @Test
  void aHandoffStopsTheLoopAndSaysTheBrowserStaysOpen() throws Exception {
    TurnOutcome o = session.submit("{\"reasoning\": \"the person pays\", \"handoff\": \"review and pay yourself\"}",
        Provenance.MODEL).get(5, TimeUnit.SECONDS);

    assertThat(o.output().continueLoop()).isFalse();
    assertThat(session.latest().notice()).contains("Handed over to you: review and pay yourself", "stay open");
    assertThat(browser.released).hasPositiveValue();
  }
}

package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.apply.Route;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spec's workflow_id, client_id and store rules as an authoring session keeps them. */
class SessionSpecRulesTest {
  @TempDir Path dir;
  FakeSessionBrowser browser;
  AuthoringSession session;

  @BeforeEach
  void setUp() throws Exception {
    browser = FakeSessionBrowser.checkout();
    browser.clientId = "chrome-7f3a";
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(),
        ApprovalPolicy.defaults(), dir.resolve("sessions"), Runnable::run, 5_000));
    get(session.start("site-login", "Find the order and search for it", 10));
  }

  @AfterEach
  void tearDown() {
    session.close();
  }

  static <T> T get(CompletableFuture<T> f) throws Exception {
    return f.get(10, TimeUnit.SECONDS);
  }

  private static final String READ_ORDER = "{\"reasoning\": \"read the order number\", \"step\": {\"type\": \"extract\", "
      + "\"ref\": \"e2\", \"store\": \"order_id\"}}";
  private static final String TYPE_ORDER = "{\"reasoning\": \"search for it\", \"step\": {\"type\": \"fill\", "
      + "\"ref\": \"e8\", \"value\": \"{{ order_id }}\"}}";

  @Test
  void workflowIdAndClientIdReachTheBrowserAndTheJournal() throws Exception {
    get(session.submit("{\"reasoning\": \"show details\", \"step\": {\"type\": \"click\", \"ref\": \"e11\"}}", Provenance.MODEL));

    assertThat(browser.routes).containsExactly(new Route("site-login", "chrome-7f3a"));
    String journal = Files.readString(Path.of(session.latest().journalFile()));
    assertThat(journal.lines().filter(l -> l.contains("\"kind\":\"turn\"")))
        .singleElement().asString().contains("\"workflow_id\":\"site-login\"").contains("\"client_id\":\"chrome-7f3a\"");
  }

  @Test
  void aStoredSlotIsUsableAsATokenWhileAuthoringAndSurvivesRecovery() throws Exception {
    browser.answer = s -> StepResult.success(s.id(), "extract".equals(s.type()) ? "A-1042" : null, null, null);
    TurnOutcome read = get(session.submit(READ_ORDER, Provenance.MODEL));
    assertThat(read.ok()).as(read.error()).isTrue();

    TurnOutcome typed = get(session.submit(TYPE_ORDER, Provenance.MODEL));

    assertThat(typed.ok()).as(typed.error()).isTrue();
    assertThat(browser.performed.get(1).values()).containsEntry("order_id", "A-1042");
    assertThat(session.latest().steps().get(1).value()).isEqualTo("{{ order_id }}");
    SessionJournal.Replay replay = SessionJournal.replay(Path.of(session.latest().journalFile()));
    assertThat(replay.state().stored()).containsEntry("order_id", "A-1042");
  }

  @Test
  void undoingTheStoringStepForgetsItsSlot() throws Exception {
    browser.answer = s -> StepResult.success(s.id(), "A-1042", null, null);
    get(session.submit(READ_ORDER, Provenance.MODEL));

    get(session.undoLastStep());

    assertThat(session.latest().state().stored()).isEmpty();
    TurnOutcome typed = get(session.submit(TYPE_ORDER, Provenance.MODEL));
    assertThat(typed.ok()).isFalse();
    assertThat(typed.error()).contains("not a declared variable or a stored slot");
  }
}

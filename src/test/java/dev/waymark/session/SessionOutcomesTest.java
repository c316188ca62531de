package dev.waymark.session;

import dev.waymark.decide.ScriptedSource;
import static dev.waymark.session.AuthoringSessionTest.click;
import static dev.waymark.session.AuthoringSessionTest.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session carries a step's outcome into the trail, the journal and a notice; a decision resolves an uncertain step. */
class SessionOutcomesTest {
  @TempDir Path dir;
  FakeSessionBrowser browser;
  AuthoringSession session;

  @BeforeEach
  void setUp() throws Exception {
    browser = FakeSessionBrowser.checkout();
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(),
        ApprovalPolicy.defaults(), dir.resolve("sessions"), Runnable::run, 5_000));
    get(session.start("checkout", "Tidy the cart", 10));
  }

  @AfterEach
  void tearDown() {
    session.close();
  }

  private static StepOutcome dismissed(String message) {
    return new StepOutcome(List.of(new StepOutcome.Dialog("confirm", message, "dismissed", null)), null, null, null, false,
        null, null, false, null);
  }

  @Test
  void aDialogTheStepOpenedIsInTheTrailTheJournalAndANotice() throws Exception {
    browser.answer = s -> new StepResult(s.id(), true, null, null, null, null, false, false, false, dismissed("Empty the cart?"));

    TurnOutcome o = get(session.submit(click("e6"), Provenance.MODEL));

    assertThat(o.ok()).isTrue();
    SessionSnapshot s = session.latest();
    ExtTurn t = s.trail().get(0);
    assertThat(t.outcome().dialogs()).singleElement().satisfies(d -> {
      assertThat(d.message()).isEqualTo("Empty the cart?");
      assertThat(d.step()).isEqualTo(s.steps().get(0).id());
    });
    assertThat(s.notice()).isEqualTo("Turn 1: The click opened a confirm dialog 'Empty the cart?'; it was dismissed.");
    Path journal = Path.of(s.journalFile());
    assertThat(Files.readString(journal)).contains("\"outcome\":{\"dialogs\":[{\"kind\":\"confirm\"");
    assertThat(SessionJournal.replay(journal).state()).isEqualTo(s.state());
  }

  @Test
  void aJournalWrittenBeforeOutcomesExistedStillReplays() throws Exception {
    Path old = dir.resolve("old.jsonl");
    Files.writeString(old, "{\"kind\":\"state\",\"at\":\"2026-11-30T10:00:00Z\",\"state\":{\"format\":1,\"session_id\":\"a1\","
        + "\"workflow_id\":\"w\",\"goal\":\"g\",\"budget\":5,\"continue\":true}}\n"
        + "{\"kind\":\"turn\",\"at\":\"2026-11-30T10:00:01Z\",\"turn\":{\"turn\":1,\"reasoning\":\"r\",\"type\":\"click\","
        + "\"ok\":true,\"effect\":\"no visible change\"},\"budget\":4,\"failures\":0,\"continue\":true}\n");

    SessionJournal.Replay r = SessionJournal.replay(old);

    assertThat(r.state().trail()).singleElement().satisfies(t -> {
      assertThat(t.outcome()).isNull();
      assertThat(t.effect()).isEqualTo("no visible change");
    });
  }

  @Test
  void aDecisionThatSaysTheUncertainStepHappenedPutsItIntoTheWorkflowAsThePersonsAnswerWould() throws Exception {
    browser.answer = s -> StepResult.uncertain(s.id(), "the socket dropped");
    get(session.submit(click("e6"), Provenance.MODEL));
    Step sent = session.latest().uncertain();
    assertThat(sent).isNotNull();

    TurnOutcome o = get(session.submit("{\"reasoning\": \"the cart is empty now\", \"resolve\": \"happened\"}", Provenance.MODEL));

    assertThat(o.ok()).isTrue();
    SessionSnapshot s = session.latest();
    assertThat(s.uncertain()).isNull();
    assertThat(s.steps()).extracting(Step::id).containsExactly(sent.id());
    assertThat(s.state().observations()).containsKey(sent.id());
    assertThat(s.trail()).last().satisfies(t -> {
      assertThat(t.resolved()).isEqualTo(ExtTurn.HAPPENED);
      assertThat(t.reasoning()).isEqualTo("the cart is empty now");
    });
    assertThat(browser.performed).as("never repeated").hasSize(1);
    assertThat(SessionJournal.replay(Path.of(s.journalFile())).state()).isEqualTo(s.state());
  }

  @Test
  void aDecisionThatSaysItDidNotHappenDropsItAndTheNextDecisionMayRedoIt() throws Exception {
    browser.answer = s -> StepResult.uncertain(s.id(), "the socket dropped");
    get(session.submit(click("e6"), Provenance.MODEL));

    get(session.submit("{\"reasoning\": \"nothing changed\", \"resolve\": \"did_not_happen\"}", Provenance.MODEL));
    assertThat(session.latest().uncertain()).isNull();
    assertThat(session.latest().steps()).isEmpty();
    assertThat(session.latest().trail()).last().extracting(ExtTurn::resolved).isEqualTo(ExtTurn.DID_NOT_HAPPEN);

    browser.answer = s -> StepResult.success(s.id(), null, null, null);
    TurnOutcome again = get(session.submit(click("e6"), Provenance.MODEL));
    assertThat(again.ok()).isTrue();
    assertThat(session.latest().steps()).hasSize(1);
    assertThat(browser.performed).hasSize(2);
  }

  @Test
  void aResolveWithNothingUncertainIsARefusedTurnSayingSo() throws Exception {
    TurnOutcome o = get(session.submit("{\"reasoning\": \"r\", \"resolve\": \"happened\"}", Provenance.MODEL));

    assertThat(o.ok()).isFalse();
    assertThat(o.error()).contains("nothing is uncertain");
    assertThat(session.latest().steps()).isEmpty();
    assertThat(browser.performed).isEmpty();
  }

  @Test
  void thePersonsResolutionIsMarkedInTheTrailToo() throws Exception {
    browser.answer = s -> StepResult.uncertain(s.id(), "the socket dropped");
    get(session.submit(click("e6"), Provenance.MODEL));

    get(session.resolveUncertain(true));

    assertThat(session.latest().trail()).last().extracting(ExtTurn::resolved).isEqualTo(ExtTurn.HAPPENED);
  }

  @Test
  void theModelLoopIsToldTheStepIsUncertainAndItsResolveIsApplied() throws Exception {
    browser.answer = s -> s.id().equals("s1") ? StepResult.uncertain(s.id(), "the socket dropped")
        : StepResult.success(s.id(), null, null, null);
    var model = new ScriptedSource(click("e6"),
        "{\"reasoning\": \"the page shows I am signed in\", \"resolve\": \"happened\"}",
        "{\"reasoning\": \"finished\", \"done\": true}");

    session.run(model, new dev.waymark.decide.PromptRenderer()).get(20, java.util.concurrent.TimeUnit.SECONDS);

    assertThat(model.prompts).hasSize(3);
    assertThat(model.prompts.get(0).tail()).doesNotContain("resolve");
    assertThat(model.prompts.get(1).tail()).contains("The effect of step s1 (click").contains("\"resolve\": \"happened\"");
    assertThat(model.prompts.get(2).tail()).doesNotContain("is uncertain");
    assertThat(session.latest().steps()).extracting(Step::id).containsExactly("s1");
    assertThat(session.latest().state().done()).isTrue();
    assertThat(browser.performed).hasSize(1);
  }
}

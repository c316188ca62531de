package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.Policy;
import dev.waymark.risk.RiskCategory;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthoringSessionTest {
  static final String SECRET = "hunter2-very-secret";

  @TempDir Path dir;
  FakeSessionBrowser browser;
  AuthoringSession session;

  @BeforeEach
  void setUp() throws Exception {
    browser = FakeSessionBrowser.checkout();
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(),
        ApprovalPolicy.defaults(), dir.resolve("sessions"), Runnable::run, 5_000));
    get(session.start("checkout", "Sign in and place an order", 10));
  }

  @AfterEach
  void tearDown() {
    session.close();
  }

  static final PersonApprover PERSON = step -> Approval.byPerson(step, Approval.Channel.CLI);

  Approval approvalOfPending() {
    return Approval.byPerson(session.latest().pending().step(), Approval.Channel.CLI);
  }

  static <T> T get(CompletableFuture<T> f) throws Exception {
    return f.get(10, TimeUnit.SECONDS);
  }

  static String click(String ref) {
    return "{\"reasoning\": \"click " + ref + "\", \"step\": {\"type\": \"click\", \"ref\": \"" + ref + "\"}}";
  }

  void declarePassword() throws Exception {
    get(session.declareVariable("password", "the account password"));
    get(session.setValue("password", SECRET));
  }

  @Test
  void fillWithTokenTypesTheRealValueButRecordsTheToken() throws Exception {
    declarePassword();
    TurnOutcome o = get(session.submit("{\"reasoning\": \"type it\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", "
        + "\"value\": \"{{ password }}\"}}", Provenance.MODEL));

    assertThat(o.ok()).isTrue();
    assertThat(browser.performed).singleElement().satisfies(p -> {
      assertThat(p.values()).containsEntry("password", SECRET);
      assertThat(p.step().value()).isEqualTo("{{ password }}");
    });
    SessionSnapshot s = session.latest();
    assertThat(s.steps()).extracting(Step::value).containsExactly("{{ password }}");
    assertThat(s.trail()).extracting(ExtTurn::value).containsExactly("{{ password }}");
    assertThat(s.state().observations()).containsKey(s.steps().get(0).id());
    assertThat(s.valuesEntered()).containsExactly("password");
  }

  @Test
  void riskyStepWaitsForThePersonAndApprovePerformsIt() throws Exception {
    TurnOutcome o = get(session.submit(click("e12"), Provenance.MODEL));

    assertThat(o.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    assertThat(o.pending().categories()).containsExactly(RiskCategory.SUBMIT);
    assertThat(o.pending().step().selector().css()).isEqualTo("#place-order");
    assertThat(browser.performed).isEmpty();
    assertThat(session.latest().trail()).isEmpty();
    assertThatThrownBy(() -> get(session.submit(click("e6"), Provenance.MODEL)))
        .hasCauseInstanceOf(SessionException.class).hasMessageContaining("waiting for approval");

    TurnOutcome approved = get(session.approve(approvalOfPending()));

    assertThat(approved.ok()).isTrue();
    assertThat(browser.performed).hasSize(1);
    assertThat(session.latest().pending()).isNull();
    assertThat(session.latest().steps()).extracting(Step::label).containsExactly("Click button \"Place order\"");
  }

  @Test
  void approvalOfAnotherStepDoesNotPerformTheWaitingOne() throws Exception {
    get(session.submit(click("e12"), Provenance.MODEL));
    Step other = session.latest().pending().step().withLabel("something else");

    assertThatThrownBy(() -> get(session.approve(Approval.byPerson(other, Approval.Channel.CLI))))
        .hasCauseInstanceOf(SessionException.class).hasMessageContaining("not of the step waiting now");
    assertThatThrownBy(() -> get(session.approve(null))).hasCauseInstanceOf(SessionException.class);
    assertThat(browser.performed).isEmpty();
    assertThat(session.latest().pending()).isNotNull();
  }

  @Test
  void rejectRefusesTheStepAndItsReasonBecomesTheError() throws Exception {
    get(session.submit(click("e12"), Provenance.MODEL));

    TurnOutcome o = get(session.reject("do not order yet, the cart is wrong"));

    assertThat(o.ok()).isFalse();
    assertThat(o.error()).isEqualTo("do not order yet, the cart is wrong");
    assertThat(browser.performed).isEmpty();
    SessionSnapshot s = session.latest();
    assertThat(s.steps()).isEmpty();
    assertThat(s.trail()).singleElement().satisfies(t -> {
      assertThat(t.ok()).isFalse();
      assertThat(t.type()).isEqualTo("click");
      assertThat(t.error()).isEqualTo("do not order yet, the cart is wrong");
    });
    assertThat(s.failures()).isEqualTo(1);
  }

  @Test
  void editReplacesTheWaitingStepAndIsCheckedAgain() throws Exception {
    get(session.submit(click("e12"), Provenance.MODEL));

    assertThatThrownBy(() -> get(session.edit("{\"step\": {\"type\": \"click\", \"ref\": \"e99\"}}")))
        .hasCauseInstanceOf(SessionException.class).hasMessageContaining("e99");
    assertThat(session.latest().pending()).as("a bad edit leaves the step waiting").isNotNull();

    TurnOutcome harmless = get(session.edit("{\"reasoning\": \"sign in first\", \"step\": {\"type\": \"click\", \"ref\": \"e6\"}}"));
    assertThat(harmless.ok()).isTrue();
    assertThat(browser.performed).extracting(p -> p.step().selector().css()).containsExactly("#signin");
    assertThat(session.latest().steps().get(0).provenance().by()).isEqualTo(Provenance.PERSON);

    TurnOutcome again = get(session.submit(click("e12"), Provenance.MODEL));
    TurnOutcome stillRisky = get(session.edit("{\"reasoning\": \"same\", \"step\": {\"type\": \"click\", \"ref\": \"e12\", \"label\": \"Order now\"}}"));
    assertThat(again.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    assertThat(stillRisky.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    assertThat(stillRisky.pending().edited()).isTrue();
    assertThat(stillRisky.pending().step().label()).isEqualTo("Order now");
  }

  @Test
  void takeOverRefusesTheWaitingStepAndRecordsThePersonsStep() throws Exception {
    get(session.submit(click("e12"), Provenance.MODEL));

    TurnOutcome o = get(session.takeOver(TakeOver.on("click", "e14", null), PERSON));

    assertThat(o.ok()).isTrue();
    SessionSnapshot s = session.latest();
    assertThat(s.trail()).hasSize(2);
    assertThat(s.trail().get(0).ok()).isFalse();
    assertThat(s.trail().get(0).error()).startsWith("the person took over and did this instead: Click button \"Accept all cookies\"");
    assertThat(s.trail().get(1).ok()).isTrue();
    assertThat(s.steps()).singleElement().satisfies(step -> {
      assertThat(step.provenance()).isEqualTo(Provenance.person(PersonSteps.TAKE_OVER_REASONING));
      assertThat(step.selector().css()).isEqualTo("#cookie-accept");
    });
    assertThat(s.failures()).as("the person's step worked, so the failures reset").isZero();
  }

  @Test
  void takeOverWithABadRefChangesNothing() throws Exception {
    assertThatThrownBy(() -> get(session.takeOver(TakeOver.on("click", "e404", null), PERSON)))
        .hasCauseInstanceOf(SessionException.class).hasMessageContaining("e404");
    assertThat(session.latest().trail()).isEmpty();
  }

  @Test
  void undoRemovesTheLastStepAndTheTrailSaysThePageWasNotUndone() throws Exception {
    get(session.submit(click("e6"), Provenance.MODEL));
    get(session.submit(click("e14"), Provenance.MODEL));

    get(session.undoLastStep());

    SessionSnapshot s = session.latest();
    assertThat(s.steps()).extracting(Step::id).containsExactly("s1");
    assertThat(s.notes()).hasSize(1);
    assertThat(s.trail()).hasSize(3);
    assertThat(s.trail().get(2).error()).contains("removed step s2").contains("not changed back");
  }

  @Test
  void blockedCategoryIsRefusedWithoutAsking() throws Exception {
    session.setPolicy(ApprovalPolicy.defaults().with(RiskCategory.SUBMIT, Policy.BLOCK));

    TurnOutcome o = get(session.submit(click("e12"), Provenance.MODEL));

    assertThat(o.kind()).isEqualTo(TurnOutcome.Kind.RECORDED);
    assertThat(o.error()).contains("blocks submit, send or post");
    assertThat(browser.performed).isEmpty();
  }

  @Test
  void autoPolicyPerformsRiskyStepsWithoutAsking() throws Exception {
    session.setPolicy(ApprovalPolicy.defaults().with(RiskCategory.SUBMIT, Policy.AUTO));

    assertThat(get(session.submit(click("e12"), Provenance.MODEL)).ok()).isTrue();
  }

  @Test
  void unreadableDecisionIsAFailedTurnNotAnException() throws Exception {
    TurnOutcome o = get(session.submit("I think we should click", Provenance.MODEL));

    assertThat(o.ok()).isFalse();
    assertThat(o.error()).contains("no JSON object");
    assertThat(session.latest().failures()).isEqualTo(1);
  }

  @Test
  void pageFailureIsRecordedAndUncertainStepSaysSo() throws Exception {
    browser.answer = s -> StepResult.uncertain(s.id(), "no reply within 5000 ms");

    TurnOutcome o = get(session.submit(click("e6"), Provenance.MODEL));

    assertThat(o.ok()).isFalse();
    assertThat(o.error()).contains("uncertain").contains("not repeated");
    assertThat(browser.performed).hasSize(1);
  }

  @Test
  void uncertainStepWaitsForThePersonToSayWhetherItHappened() throws Exception {
    browser.answer = s -> StepResult.uncertain(s.id(), "the socket dropped");
    get(session.submit(click("e6"), Provenance.MODEL));
    assertThat(session.latest().uncertain()).isNotNull();
    assertThat(session.latest().steps()).isEmpty();

    get(session.resolveUncertain(true));

    SessionSnapshot s = session.latest();
    assertThat(s.uncertain()).isNull();
    assertThat(s.steps()).extracting(Step::label).containsExactly("Click button \"Sign in\"");
    assertThat(s.trail()).hasSize(2);
    assertThat(s.trail().get(1).ok()).isTrue();
    assertThat(s.failures()).isZero();
    assertThat(browser.performed).as("never repeated").hasSize(1);

    get(session.submit(click("e14"), Provenance.MODEL));
    get(session.resolveUncertain(false));
    assertThat(session.latest().steps()).hasSize(1);
    assertThat(session.latest().trail().get(3).error()).contains("did not take effect");
    assertThatThrownBy(() -> get(session.resolveUncertain(true))).hasCauseInstanceOf(SessionException.class);
  }

  @Test
  void actionThePersonRecordedBecomesTheirStepWithoutBeingPerformedAgain() throws Exception {
    declarePassword();
    var typed = new PersonAction("fill", dev.waymark.workflow.Selector.css("#street"), SECRET, null, browser.page.url());

    TurnOutcome o = get(session.recordPersonAction(typed));

    assertThat(o.ok()).isTrue();
    assertThat(browser.performed).as("it already happened in the page").isEmpty();
    Step s = session.latest().steps().get(0);
    assertThat(s.value()).isEqualTo("{{ password }}");
    assertThat(s.provenance()).isEqualTo(Provenance.person(PersonSteps.RECORDED_REASONING));
    assertThatThrownBy(() -> get(session.recordPersonAction(new PersonAction("fill",
        dev.waymark.workflow.Selector.css("#password"), PersonAction.HIDDEN_PASSWORD, null, null))))
        .hasCauseInstanceOf(SessionException.class).hasMessageContaining("never sent to the studio");
    assertThat(session.latest().trail()).hasSize(1);
  }

  @Test
  void listenersSeeATurnOnlyAfterItIsInTheJournal() throws Exception {
    List<Boolean> journaledWhenSeen = new CopyOnWriteArrayList<>();
    session.addListener(s -> {
      if (s.trail().size() == 1 && s.journalFile() != null) {
        try {
          journaledWhenSeen.add(Files.readString(Path.of(s.journalFile())).contains("\"kind\":\"turn\""));
        } catch (Exception e) {
          journaledWhenSeen.add(false);
        }
      }
    });

    get(session.submit(click("e6"), Provenance.MODEL));

    assertThat(journaledWhenSeen).isNotEmpty().containsOnly(true);
  }

  @Test
  void journalReplayRebuildsTheSessionAndIgnoresATornLastLine() throws Exception {
    declarePassword();
    get(session.submit("{\"reasoning\": \"type it\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", \"value\": \"{{ password }}\"}}",
        Provenance.MODEL));
    get(session.submit(click("e12"), Provenance.MODEL));
    get(session.reject("not now"));
    get(session.takeOver(TakeOver.on("click", "e6", null), PERSON));
    SessionState live = session.latest().state();
    Path journal = Path.of(session.latest().journalFile());
    // A crash in the middle of the next write leaves half a line behind.
    Files.writeString(journal, "{\"kind\":\"turn\",\"at\":\"2026-", java.nio.file.StandardOpenOption.APPEND);

    SessionJournal.Replay replay = SessionJournal.replay(journal);

    assertThat(replay.tornTail()).isTrue();
    assertThat(replay.closed()).isFalse();
    assertThat(replay.awaiting()).as("the rejected step is settled").isNull();
    assertThat(replay.state()).isEqualTo(live);
    assertThat(SessionJournal.unfinished(journal.getParent())).extracting(SessionJournal.Replay::file).contains(journal);
  }

  @Test
  void aStepWaitingForApprovalWhenTheStudioDiedComesBackForApprovalAndIsNeverPerformedUnasked() throws Exception {
    declarePassword();
    get(session.submit("{\"reasoning\": \"sign in\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", "
        + "\"value\": \"{{ password }}\"}}", Provenance.MODEL));
    get(session.submit("{\"reasoning\": \"order it\", \"step\": {\"type\": \"click\", \"ref\": \"e12\"}}", Provenance.MODEL));
    assertThat(session.latest().pending()).as("placing the order asks").isNotNull();
    Path journal = Path.of(session.latest().journalFile());
    // the studio dies here: nothing closes the journal
    assertThat(Files.readString(journal)).contains("\"kind\":\"awaiting\"").doesNotContain(SECRET);

    SessionJournal.Replay replay = SessionJournal.replay(journal);
    assertThat(replay.awaiting()).isNotNull();
    assertThat(replay.awaiting().step().selector().css()).isEqualTo("#place-order");
    assertThat(replay.awaiting().reasoning()).isEqualTo("order it");
    assertThat(replay.state().steps()).hasSize(1);

    FakeSessionBrowser fresh = FakeSessionBrowser.checkout();
    try (AuthoringSession recovered = new AuthoringSession(new AuthoringSession.Config(fresh, new KeywordRiskGate(),
        ApprovalPolicy.defaults(), dir.resolve("sessions2"), Runnable::run, 5_000))) {
      get(recovered.load(replay.state(), replay.awaiting()));
      SessionSnapshot s = recovered.latest();
      assertThat(s.notice()).contains("waiting for your approval").contains("not performed");
      assertThat(s.proposedDecision()).contains("#place-order").contains("order it").doesNotContain("\"ref\"");
      assertThat(fresh.performed).isEmpty();

      get(recovered.observe());
      TurnOutcome again = get(recovered.submit(s.proposedDecision(), Provenance.PERSON));
      assertThat(again.kind()).as("it asks again").isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
      assertThat(fresh.performed).isEmpty();
      get(recovered.approve(Approval.byPerson(recovered.latest().pending().step(), Approval.Channel.CLI)));
      assertThat(fresh.performed).singleElement().satisfies(p -> assertThat(p.step().selector().css()).isEqualTo("#place-order"));
      assertThat(recovered.latest().steps()).hasSize(2);
    }
  }

  @Test
  void damagedLineInTheMiddleIsReportedNotSkipped() throws Exception {
    get(session.submit(click("e6"), Provenance.MODEL));
    Path journal = Path.of(session.latest().journalFile());
    List<String> lines = Files.readAllLines(journal);
    lines.add(1, "{garbage");
    Files.write(journal, lines);

    assertThatThrownBy(() -> SessionJournal.replay(journal)).hasMessageContaining("damaged at line 2");
  }

  @Test
  void cleanlyClosedSessionIsNotOfferedForRecovery() throws Exception {
    get(session.submit(click("e6"), Provenance.MODEL));
    Path journal = Path.of(session.latest().journalFile());
    session.close();

    assertThat(SessionJournal.replay(journal).closed()).isTrue();
    assertThat(SessionJournal.unfinished(journal.getParent())).isEmpty();
  }

  @Test
  void pruningDeletesOldFinishedJournalsAndKeepsUnfinishedOnes() throws Exception {
    get(session.submit(click("e6"), Provenance.MODEL));
    Path unfinished = Path.of(session.latest().journalFile());
    get(session.start("next", "", 5));
    Path closedOne = unfinished.getParent().resolve("old-closed" + SessionJournal.SUFFIX);
    Files.copy(unfinished, closedOne);
    Files.writeString(closedOne, "{\"kind\":\"closed\",\"at\":\"x\"}\n", java.nio.file.StandardOpenOption.APPEND);
    Path stillOpen = unfinished.getParent().resolve("old-open" + SessionJournal.SUFFIX);
    Files.copy(Path.of(session.latest().journalFile()), stillOpen);
    Path declined = unfinished.getParent().resolve("old" + SessionJournal.SUFFIX + ".declined");
    Files.writeString(declined, "{}");
    var old = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - java.time.Duration.ofDays(40).toMillis());
    for (Path p : List.of(unfinished, closedOne, declined, stillOpen)) Files.setLastModifiedTime(p, old);

    int deleted = SessionJournal.prune(unfinished.getParent(), java.time.Duration.ofDays(30));

    assertThat(deleted).isEqualTo(3);
    assertThat(unfinished).as("the start() above closed it cleanly").doesNotExist();
    assertThat(Path.of(session.latest().journalFile())).as("the live journal is young").exists();
    assertThat(stillOpen).as("an unfinished journal is work, whatever its age").exists();
  }

  @Test
  void valuesNeverReachTheJournalTheSessionFileOrTheExport() throws Exception {
    declarePassword();
    // The page echoes the secret back: the observation the step was made against must be masked on disk.
    browser.page = FakeSessionBrowser.load("/observations/checkout.json");
    get(session.submit("{\"reasoning\": \"type " + SECRET + " now\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", "
        + "\"value\": \"{{ password }}\"}}", Provenance.MODEL));
    var echoing = new dev.waymark.observe.PageObservation(browser.page.url(), "Welcome " + SECRET, browser.page.nodes(),
        browser.page.headings(), "you typed " + SECRET, false, null, false, 0, 0, null);
    browser.page = echoing;
    get(session.observe());
    get(session.submit(click("e6"), Provenance.MODEL));
    Path saved = get(session.save(dir.resolve("s" + SessionFile.EXTENSION)));
    Path exported = get(session.export(dir.resolve("w.yaml")));
    String yaml = get(session.exportYaml());

    String journal = Files.readString(Path.of(session.latest().journalFile()), StandardCharsets.UTF_8);
    assertThat(journal).doesNotContain(SECRET).contains("{{ password }}");
    assertThat(Files.readString(saved)).doesNotContain(SECRET).contains("{{ password }}");
    assertThat(Files.readString(exported)).doesNotContain(SECRET).contains("{{ password }}");
    assertThat(yaml).doesNotContain(SECRET);
    Workflow w = WorkflowYaml.read(Files.readString(exported));
    assertThat(w.variables()).containsOnlyKeys("password");
    assertThat(w.steps()).hasSize(2);
    assertThat(SessionFile.open(saved).variables()).containsEntry("password", "the account password");
  }

  @Test
  void savedSessionOpensIntoTheSameState() throws Exception {
    get(session.submit(click("e6"), Provenance.MODEL));
    Path saved = get(session.save(dir.resolve("s" + SessionFile.EXTENSION)));
    SessionState before = session.latest().state();
    get(session.start("other", "", 5));

    get(session.load(SessionFile.open(saved)));

    assertThat(session.latest().state()).isEqualTo(before);
  }

  @Test
  void noBrowserMeansObserveSaysWhatToDo() {
    browser.connected = false;
    assertThatThrownBy(() -> get(session.observe())).isInstanceOf(ExecutionException.class)
        .hasMessageContaining("launch one");
  }
}

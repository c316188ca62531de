package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.decide.ScriptedSource;
import dev.waymark.decide.Prompt;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.Provenance;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session with a model deciding: turn after turn off the session thread, stopping where the person is needed. */
class ModelLoopTest {
  static final String SECRET = "correct-horse-battery";

  @TempDir Path dir;
  FakeSessionBrowser browser;
  AuthoringSession session;

  @BeforeEach
  void setUp() throws Exception {
    browser = FakeSessionBrowser.checkout();
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(), ApprovalPolicy.defaults(),
        dir, Runnable::run, 5_000));
    session.start("checkout", "Sign in and order", 10).get();
    session.declareVariable("password", "the password").get();
    session.setValue("password", SECRET).get();
  }

  @AfterEach
  void tearDown() {
    session.close();
  }

  static String click(String ref) {
    return "{\"reasoning\": \"next: " + ref + "\", \"step\": {\"type\": \"click\", \"ref\": \"" + ref + "\"}}";
  }

  @Test
  void loopRunsUntilAStepWaitsForThePerson() throws Exception {
    ScriptedSource model = new ScriptedSource(
        "{\"reasoning\": \"type it\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", \"value\": \"{{ password }}\"}}",
        click("e6"), click("e12"), click("e14"));

    TurnOutcome last = session.run(model, new PromptRenderer()).get(20, TimeUnit.SECONDS);

    assertThat(last.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    assertThat(last.pending().step().selector().css()).isEqualTo("#place-order");
    assertThat(session.latest().steps()).hasSize(2).allMatch(s -> Provenance.MODEL.equals(s.provenance().by()));
    assertThat(model.prompts).hasSize(3);
    assertThat(model.threads).allMatch(AuthoringSession.IO_THREAD_NAME::equals);
    assertThat(model.prompts).allSatisfy(p -> assertThat(p.system() + p.user()).doesNotContain(SECRET));
    assertThat(model.prompts.get(2).user()).contains("Sign in and order");
  }

  @Test
  void loopEndsWhenTheModelCallsTheGoalReached() throws Exception {
    ScriptedSource model = new ScriptedSource(click("e6"), "{\"reasoning\": \"signed in\", \"done\": true}");

    TurnOutcome last = session.run(model, new PromptRenderer()).get(20, TimeUnit.SECONDS);

    assertThat(last.output().done()).isTrue();
    assertThat(session.latest().state().done()).isTrue();
    assertThat(session.latest().continueLoop()).isFalse();
    assertThat(model.prompts).hasSize(2);
  }

  @Test
  void proposalWaitsInTheEditorInsteadOfBeingApplied() throws Exception {
    ScriptedSource model = new ScriptedSource(click("e6"));

    TurnOutcome o = session.decideNext(model, new PromptRenderer(), false).get(20, TimeUnit.SECONDS);

    assertThat(o).isNull();
    assertThat(session.latest().proposedDecision()).isEqualTo(click("e6"));
    assertThat(session.latest().proposalSerial()).isEqualTo(1);
    assertThat(session.latest().trail()).isEmpty();
    assertThat(browser.performed).isEmpty();
  }

  @Test
  void replyIsShownWhileTheModelWritesIt() throws Exception {
    ScriptedSource model = new ScriptedSource(click("e6"));
    model.stream = true;
    List<String> seen = new CopyOnWriteArrayList<>();
    session.addListener(s -> {
      if (s.streaming() != null) seen.add(s.streaming());
    });

    session.decideNext(model, new PromptRenderer(), false).get(20, TimeUnit.SECONDS);

    assertThat(seen).isNotEmpty().allMatch(click("e6")::startsWith);
    assertThat(seen.get(0).length()).isLessThan(click("e6").length());
    assertThat(session.latest().streaming()).isNull();
    assertThat(session.latest().proposedDecision()).isEqualTo(click("e6"));
  }

  @Test
  void unreachableModelIsReportedAndChangesNothing() {
    ScriptedSource model = new ScriptedSource();
    model.fail = true;

    assertThatThrownBy(() -> session.decideNext(model, new PromptRenderer(), true).get(20, TimeUnit.SECONDS))
        .hasCauseInstanceOf(SessionException.class).hasMessageContaining("scripted could not decide: the server answered 503");
    assertThat(session.latest().trail()).isEmpty();
    assertThat(session.latest().activity()).isNull();
  }

  @Test
  void eachModelTurnJournalsThePromptSizeAndTheTokensItCost() throws Exception {
    ScriptedSource model = new ScriptedSource(click("e6"), "{\"reasoning\": \"signed in\", \"done\": true}");

    session.run(model, new PromptRenderer()).get(20, TimeUnit.SECONDS);

    List<String> turns = java.nio.file.Files.readAllLines(Path.of(session.latest().journalFile())).stream()
        .filter(l -> l.contains("\"kind\":\"turn\"")).toList();
    assertThat(turns).hasSize(2).allSatisfy(l -> assertThat(l).contains("\"usage\":{\"source\":\"scripted\"")
        .contains("\"prompt_chars\":").contains("\"completion_tokens\":40"));
    assertThat(turns.get(0)).contains("\"prompt_tokens\":1201");
    TurnUsage last = session.latest().lastUsage();
    assertThat(last.promptChars()).isEqualTo(model.prompts.get(1).chars());
    assertThat(last.describe()).contains("1,202 in / 40 out tokens");
  }

  @Test
  void overTenTurnsEachPromptStartsWithThePreviousTurnsStablePrefixAndEndsWithWhatChangedOnThePage() throws Exception {
    ScriptedSource model = new ScriptedSource(
        "{\"reasoning\": \"type it\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", \"value\": \"{{ password }}\"}}",
        click("e6"), click("e11"), click("e99"), click("e9"),
        "{\"reasoning\": \"look further\", \"step\": {\"type\": \"scroll\", \"value\": \"down\"}}",
        click("e10"), "{\"reasoning\": \"the country\", \"step\": {\"type\": \"select\", \"ref\": \"e7\", \"value\": \"NL\"}}",
        click("e11"), "{\"reasoning\": \"all there\", \"done\": true}");

    session.run(model, new PromptRenderer()).get(20, TimeUnit.SECONDS);

    assertThat(model.prompts).hasSize(10);
    for (int n = 1; n < model.prompts.size(); n++) {
      Prompt before = model.prompts.get(n - 1);
      Prompt after = model.prompts.get(n);
      assertThat(after.system()).as("system text of turn %d", n + 1).isEqualTo(before.system());
      assertThat(after.user()).as("turn %d starts with turn %d's stable prefix", n + 1, n).startsWith(before.stablePrefix());
      assertThat(after.stablePrefix().length()).isGreaterThan(before.stablePrefix().length());
      // the page read on the first turn is the base in the cached prefix; each tail says what changed since
      assertThat(after.stablePrefix()).doesNotContain("Turn " + (n + 1), "turns left").contains("# The page at turn 1", "Add to cart");
      assertThat(after.stablePrefix().split("<<<END PAGE DATA", -1)).hasSize(2);
      assertThat(after.tail()).contains("<<<PAGE DATA", "Turn " + (n + 1), "changes since the page at turn 1\nnone");
    }
    // The refused turn's error is told in the tail of the turn after it, and kept in the trail from then on.
    assertThat(model.prompts.get(4).tail()).contains("Your last turn failed");
    assertThat(model.prompts.get(5).tail()).doesNotContain("Your last turn failed");
    assertThat(model.prompts.get(9).stablePrefix()).contains("4. click e99");
  }
}

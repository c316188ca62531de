package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.apply.StepDecisions;
import dev.waymark.apply.StepDecisionsFixtures;
import dev.waymark.decide.DecisionSource;
import dev.waymark.decide.Prompt;
import dev.waymark.decide.PromptRenderer;
import dev.waymark.decide.Reply;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RiskAssessment;
import dev.waymark.risk.RiskCategory;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The session's parts work together as one: stop, highlight beside a model, listeners, edits that keep fields. */
class SessionSeamsTest {
  FakeSessionBrowser browser = FakeSessionBrowser.checkout();
  AuthoringSession session;

  private AuthoringSession session(dev.waymark.risk.RiskGate gate) throws Exception {
    session = new AuthoringSession(new AuthoringSession.Config(browser, gate, ApprovalPolicy.defaults(), null,
        Runnable::run, 5_000));
    session.start("seams", "a goal", 20).get(5, TimeUnit.SECONDS);
    return session;
  }

  @AfterEach
  void tearDown() {
    if (session != null) session.close();
  }

  /** A source that clicks e6 each turn and runs a hook while it decides. */
  static final class HookSource implements DecisionSource {
    final AtomicInteger turns = new AtomicInteger();
    final Runnable whileDeciding;

    HookSource(Runnable whileDeciding) {
      this.whileDeciding = whileDeciding;
    }

    @Override
    public String name() {
      return "hook";
    }

    @Override
    public Reply decide(Prompt prompt, Consumer<String> partial) {
      turns.incrementAndGet();
      whileDeciding.run();
      return new Reply("{\"reasoning\": \"again\", \"step\": {\"type\": \"scroll\", \"value\": \"down\"}}", 0, 0);
    }
  }

  @Test
  void aStopWhileTheModelDecidesEndsTheRunAfterThatTurn() throws Exception {
    session(new KeywordRiskGate());
    HookSource source = new HookSource(() -> session.stop());

    TurnOutcome last = session.run(source, new PromptRenderer()).get(20, TimeUnit.SECONDS);

    assertThat(source.turns).hasValue(1);
    assertThat(last.output().ok()).isTrue();
    assertThat(session.latest().continueLoop()).as("the loop could go on; only the stop ended it").isTrue();
  }

  @Test
  void aRunAfterAStopRunsAgain() throws Exception {
    session(new KeywordRiskGate());
    session.stop();
    AtomicInteger hooks = new AtomicInteger();
    HookSource source = new HookSource(() -> {
      if (hooks.incrementAndGet() == 3) session.stop();
    });

    session.run(source, new PromptRenderer()).get(20, TimeUnit.SECONDS);

    assertThat(source.turns).hasValue(3);
  }

  @Test
  void highlightingAnswersWhileTheModelIsStillThinking() throws Exception {
    session(new KeywordRiskGate());
    CountDownLatch deciding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    HookSource source = new HookSource(() -> {
      deciding.countDown();
      try {
        release.await(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    var decided = session.decideNext(source, new PromptRenderer(), false);
    assertThat(deciding.await(10, TimeUnit.SECONDS)).isTrue();

    session.highlight(new Selector("#email", null, null, null, null, false)).get(5, TimeUnit.SECONDS);

    assertThat(browser.highlighted).extracting(Selector::css).containsExactly("#email");
    assertThat(decided).isNotDone();
    release.countDown();
    decided.get(10, TimeUnit.SECONDS);
  }

  @Test
  void aListenerThatThrowsDoesNotStopTheOthers() throws Exception {
    session(new KeywordRiskGate());
    List<String> goals = new CopyOnWriteArrayList<>();
    session.addListener(s -> {
      throw new IllegalStateException("a broken view");
    });
    session.addListener(s -> goals.add(s.state().goal()));

    session.setGoal("a new goal", null).get(5, TimeUnit.SECONDS);

    await().atMost(Duration.ofSeconds(5)).until(() -> goals.contains("a new goal"));
  }

  static Stream<String> types() {
    return StepTypes.ALL.stream().sorted();
  }

  @ParameterizedTest
  @MethodSource("types")
  void editingAWaitingStepOfEachTypeKeepsEveryField(String type) throws Exception {
    // Every step waits for the person, so each type reaches the approval card and its Edit.
    browser.page = StepDecisionsFixtures.withTabs(browser.page); // the tabs the tab steps name
    session(((step, node, page, origins) -> new RiskAssessment(Set.of(RiskCategory.SUBMIT), List.of("test"))));
    session.declareVariable("query", "what to search").get(5, TimeUnit.SECONDS);
    session.setValue("query", "blue mugs").get(5, TimeUnit.SECONDS);
    Step original = StepDecisionsFixtures.everyField(type);

    TurnOutcome waiting = session.submit(StepDecisions.decision(original, null, "as decided"), "person").get(5, TimeUnit.SECONDS);
    assertThat(waiting.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    PendingApproval p = session.latest().pending();
    // What the studio's Edit puts in the editor, applied unchanged.
    TurnOutcome edited = session.edit(StepDecisions.decision(p.step(), p.ref(), p.reasoning())).get(5, TimeUnit.SECONDS);
    assertThat(edited.kind()).isEqualTo(TurnOutcome.Kind.AWAITING_APPROVAL);
    Step again = session.latest().pending().step();
    session.approve(Approval.byPerson(again, Approval.Channel.UI)).get(5, TimeUnit.SECONDS);

    Step performed = browser.performed.get(0).step();
    assertThat(performed.withId(null).withProvenance(null)).isEqualTo(original.withId(null).withProvenance(null));
  }
}

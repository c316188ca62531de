package dev.waymark.ui.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.session.KeywordRiskGate;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Step;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The steps view model without a window or an FX thread: a direct UI executor, snapshots fed by hand. */
class StepsViewModelTest {
  final AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(FakeSessionBrowser.checkout(),
      new KeywordRiskGate(), ApprovalPolicy.defaults(), null, Runnable::run, 5_000));
  final AtomicInteger uiTasks = new AtomicInteger();
  final Executor direct = task -> {
    uiTasks.incrementAndGet();
    task.run();
  };
  final List<String> problems = new CopyOnWriteArrayList<>();
  final StepsViewModel vm = new StepsViewModel(session, direct, problems::add, (page, label) -> { });

  @AfterEach
  void tearDown() {
    session.close();
  }

  @Test
  void aSnapshotWithAStepFillsTheReadOnlyListAndCountersOffTheFxThread() throws Exception {
    session.start("checkout", "Sign in", 5).get(10, TimeUnit.SECONDS);
    session.submit("{\"reasoning\": \"stay signed in\", \"step\": {\"type\": \"click\", \"ref\": \"e5\"}}", Provenance.PERSON)
        .get(10, TimeUnit.SECONDS);

    vm.accept(session.latest());

    assertThat(vm.steps()).extracting(Step::type).containsExactly("click");
    assertThat(vm.trail()).hasSize(1);
    assertThat(vm.budgetProperty().get()).isEqualTo("4 turns left");
    assertThat(vm.canUndoProperty().get()).isTrue();
    assertThat(vm.continueTextProperty().get()).isEqualTo("Can continue");
    assertThatThrownBy(() -> vm.steps().clear()).as("the view only reads the steps")
        .isInstanceOf(UnsupportedOperationException.class);

    vm.select(vm.steps().get(0));
    assertThat(vm.selectedProperty().get()).isSameAs(vm.steps().get(0));
    assertThat(vm.basedOnProperty().get()).startsWith("Made against ");
  }

  @Test
  void aFailedUndoIsReportedThroughTheUiExecutor() throws Exception {
    session.start("checkout", "Sign in", 5).get(10, TimeUnit.SECONDS);
    vm.accept(session.latest());

    vm.undo();

    await().atMost(java.time.Duration.ofSeconds(10)).until(() -> !problems.isEmpty());
    assertThat(problems).containsExactly("There is no step to undo");
    assertThat(uiTasks.get()).as("the problem came through the executor, not Platform.runLater").isEqualTo(1);
  }

  @Test
  void theSelectedStepSaysWhatReplayWaitsForAndThePersonCanDropIt() throws Exception {
    session.start("checkout", "Sign in", 5).get(10, TimeUnit.SECONDS);
    session.submit("{\"reasoning\": \"stay signed in\", \"step\": {\"type\": \"click\", \"ref\": \"e5\"}}", Provenance.PERSON)
        .get(10, TimeUnit.SECONDS);
    String id = session.latest().state().steps().get(0).id();
    session.setExpect(id, new dev.waymark.workflow.Expect(null, null, new dev.waymark.workflow.Expect.Element("link", "Sign out"),
        null, null, null)).get(10, TimeUnit.SECONDS);
    vm.accept(session.latest());
    vm.select(vm.steps().get(0));

    assertThat(vm.expectProperty().get()).isEqualTo("Replay waits for a link \"Sign out\" to appear");
    assertThat(vm.hasExpectProperty().get()).isTrue();

    vm.dropExpect();
    await().atMost(java.time.Duration.ofSeconds(10)).until(() -> session.latest().state().steps().get(0).expect() == null);
    vm.accept(session.latest());

    assertThat(vm.selectedProperty().get()).as("the same step stays selected").isNotNull();
    assertThat(vm.hasExpectProperty().get()).isFalse();
    assertThat(vm.expectProperty().get()).isEqualTo("Replay waits for no effect after this step");
    assertThat(problems).isEmpty();
  }
}

package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.replay.ReplayBrowser;
import dev.waymark.ui.replay.ReplayView;
import dev.waymark.ui.replay.ReplayViewModel;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The studio's Replay window: a workflow loaded, run in a browser, each step's status, the heals, the stored data. */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class ReplayViewTest {
  private static final String WORKFLOW = """
      id: orders
      name: Read the order
      steps:
        - id: s1
          type: click
          label: Open the orders
          selector: {css: "#orders"}
        - id: s2
          type: click
          label: Open the first order
          selector: {css: "li:nth-of-type(1) a"}
        - id: s3
          type: extract
          label: Read the order number
          selector: {css: "#number"}
          store: order_id
      """;

  final List<String> performed = new CopyOnWriteArrayList<>();
  final List<Map<String, String>> valuesSent = new CopyOnWriteArrayList<>();
  @org.junit.jupiter.api.io.TempDir
  java.nio.file.Path dir;
  volatile boolean holdS2;
  final java.util.concurrent.CountDownLatch inS2 = new java.util.concurrent.CountDownLatch(1);
  volatile boolean connected = true;
  ReplayViewModel vm;

  /** A browser that answers every step, healing the second and reading an order number on the third. */
  private final ReplayBrowser browser = new ReplayBrowser() {
    @Override
    public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
      performed.add(step.id());
      valuesSent.add(values);
      if (holdS2 && "s2".equals(step.id())) {
        // A slow step: it waits until the replay is stopped, as a browser step stuck on a slow page would.
        inS2.countDown();
        try {
          new java.util.concurrent.CountDownLatch(1).await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return StepResult.uncertain(step.id(), "the replay was stopped while the browser worked");
        }
      }
      if ("s2".equals(step.id())) {
        StepOutcome.Heal heal = new StepOutcome.Heal(step.selector(), Selector.css("a[data-order='A-1042']"), 0.91, 0.4,
            "the selector found another element", "link \"Order A-1042\"");
        return new StepResult(step.id(), true, null, null, null, null, false, false, false,
            new StepOutcome(null, null, null, null, false, null, null, false, null, heal), null);
      }
      return StepResult.success(step.id(), "s3".equals(step.id()) ? "A-1042" : null, null, null);
    }

    @Override
    public StepResult gate(Step step, long limitMs) {
      return StepResult.failure(step.id(), "no person here", null);
    }
  };

  @Start
  void start(Stage stage) {
    vm = new ReplayViewModel(Platform::runLater, () -> connected ? browser : null);
    stage.setScene(new Scene(new ReplayView(vm, () -> { }, () -> { }), 1000, 600));
    stage.show();
  }

  private String status(FxRobot robot) {
    return robot.lookup("#replay-status").queryAs(Label.class).getText();
  }

  @Test
  void aWorkflowReplaysStepByStepWithItsHealAndStoredData(FxRobot robot) {
    robot.interact(() -> vm.load("orders.yaml", WORKFLOW));
    assertThat(robot.lookup("#replay-workflow").queryAs(Label.class).getText()).isEqualTo("orders.yaml — 3 steps");
    assertThat(robot.lookup("#replay-run").query().isDisabled()).isFalse();

    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Replayed every step"));

    assertThat(performed).containsExactly("s1", "s2", "s3");
    assertThat(vm.rows()).extracting(ReplayViewModel.Row::status).containsExactly("ok", "healed", "ok");
    assertThat(vm.rows().get(1).detail()).contains("healed").contains("Order A-1042");
    assertThat(vm.heals()).singleElement().asString().startsWith("s2: ").contains("a[data-order='A-1042']");
    assertThat(vm.stored()).containsExactly("order_id = A-1042");
    assertThat(status(robot)).contains("1 healed");
  }

  @Test
  void aBreakpointStopsBeforeItsStepStepRunsOneAndResumeGoesOn(FxRobot robot) {
    robot.interact(() -> {
      vm.load("orders.yaml", WORKFLOW);
      vm.toggleBreakpoint("s2");
    });
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Paused before s2"));
    assertThat(performed).containsExactly("s1");
    assertThat(robot.lookup("#replay-resume").query().isDisabled()).isFalse();

    robot.clickOn("#replay-step");
    // Step runs s2 and stops before s3
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Paused before s3"));
    assertThat(performed).containsExactly("s1", "s2");

    robot.clickOn("#replay-resume");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Replayed every step"));
    assertThat(performed).containsExactly("s1", "s2", "s3");
  }

  @Test
  void stopWhilePausedEndsTheReplayWithoutSendingTheStep(FxRobot robot) {
    robot.interact(() -> {
      vm.load("orders.yaml", WORKFLOW);
      vm.toggleBreakpoint("s1");
    });
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Paused before s1"));

    robot.clickOn("#replay-stop");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("The replay stopped"));
    assertThat(status(robot)).contains("interrupted");
    assertThat(performed).isEmpty();
    assertThat(robot.lookup("#replay-run").query().isDisabled()).isFalse();
  }

  @Test
  void stopDuringARunningStepEndsTheReplayMarksThatStepUncertainAndRunsNothingAfter(FxRobot robot) throws Exception {
    holdS2 = true;
    robot.interact(() -> vm.load("orders.yaml", WORKFLOW));
    robot.clickOn("#replay-run");
    assertThat(inS2.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("the second step is running").isTrue();

    robot.clickOn("#replay-stop");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("The replay stopped")
        || status(robot).contains("uncertain"));
    assertThat(performed).containsExactly("s1", "s2");
    assertThat(vm.rows().get(0).status()).isEqualTo("ok");
    assertThat(vm.rows().get(1).status()).contains("uncertain");
    assertThat(vm.rows().get(2).status()).isEqualTo("waiting");
    assertThat(robot.lookup("#replay-run").query().isDisabled()).isFalse();
  }

  @Test
  void withoutABrowserRunSaysWhatToDoAndPerformsNothing(FxRobot robot) {
    connected = false;
    robot.interact(() -> vm.load("orders.yaml", WORKFLOW));
    robot.clickOn("#replay-run");
    assertThat(status(robot)).isEqualTo("No browser is connected: launch one in the Browser panel, then press Run again.");
    assertThat(performed).isEmpty();
  }

  @Test
  void aBrokenFileIsListedWithItsLinesAndNothingLoads(FxRobot robot) {
    robot.interact(() -> vm.load("broken.yaml", "id: w\nsteps:\n  - type: hover\n"));
    assertThat(status(robot)).startsWith("broken.yaml cannot be replayed: ").contains("line 3");
    assertThat(robot.lookup("#replay-run").query().isDisabled()).isTrue();
  }

  @Test
  void aWorkflowThatNeedsSecretsSaysHowToReplayIt(FxRobot robot) {
    robot.interact(() -> vm.load("login.yaml", """
        id: login
        variables:
          password: the account password
        steps:
          - id: s1
            type: fill
            selector: {css: "#pw"}
            value: "{{ password }}"
        """));
    assertThat(status(robot)).contains("{{ password }}").contains("waymark run --values-from keyring");
    robot.clickOn("#replay-run");
    assertThat(performed).isEmpty();
  }

  @Test
  void runAsksOnceWhetherTheWorkflowMayUseTheStoresValueThenTypesIt(FxRobot robot) {
    dev.waymark.secrets.SecretStore store = new dev.waymark.secrets.SecretStore() {
      @Override
      public String describe() {
        return "the test store";
      }

      @Override
      public java.util.Optional<String> lookup(String name) {
        return java.util.Optional.ofNullable(Map.of("password", "pw-from-store").get(name));
      }
    };
    vm.useVault(new dev.waymark.ui.replay.ReplayVault(store, new dev.waymark.secrets.VariableApprovals(dir.resolve("a.json"))));
    String yaml = "id: login\nvariables:\n  password: the account password\nsteps:\n"
        + "  - id: s1\n    type: fill\n    selector: {css: \"#pw\"}\n    value: \"{{ password }}\"\n";
    robot.interact(() -> vm.load("login.yaml", yaml));
    assertThat(status(robot)).contains("{{ password }}", "the test store");
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#replay-approval").tryQuery().isPresent());
    assertThat(performed).isEmpty();
    robot.clickOn("Allow");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Replayed every step"));
    assertThat(valuesSent).singleElement().isEqualTo(Map.of("password", "pw-from-store"));
    // Asked once: the second Run types it without a question.
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> performed.size() == 2 && status(robot).startsWith("Replayed every step"));
    assertThat(robot.lookup("#replay-approval").tryQuery()).isEmpty();
    // Revoked, it asks again, and Don't allow runs nothing.
    robot.clickOn("#replay-revoke");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Revoked"));
    robot.clickOn("#replay-run");
    await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#replay-approval").tryQuery().isPresent());
    robot.clickOn("Don't allow");
    await().atMost(Duration.ofSeconds(10)).until(() -> status(robot).startsWith("Not run"));
    assertThat(performed).hasSize(2);
  }
}

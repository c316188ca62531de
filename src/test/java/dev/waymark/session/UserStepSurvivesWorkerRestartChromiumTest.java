package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.bridge.UserStepGate;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A userStep waits while the person signs in; Chrome stops the extension's service worker meanwhile (as it does
 * with an idle worker, or on an update) and its socket closes. The wait is not lost: once the worker is back the
 * same step is shown again with the time it has left, and the person's sign-in ends it. The page's own state says
 * the person did it; the pointer the gate drew is gone afterwards.
 */
@RealBrowser
class UserStepSurvivesWorkerRestartChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @Test
  void aUserStepWaitSurvivesAWorkerRestartAndEndsWhenThePersonSignsIn() throws Exception {
    browser.open(browser.pageUrl("handover/signin.html"));
    Step signIn = Step.builder("userStep").id("sign-in").prompt("Sign in to the shop").method("passkey")
        .continueOn(new ContinueCondition(false, "#account", null, null, 0)).build();
    try (UserStepGate gate = new UserStepGate(browser.client())) {
      CompletableFuture<StepResult> waiting = CompletableFuture.supplyAsync(() -> {
        try {
          return gate.perform(signIn, 60_000);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      await().atMost(Duration.ofSeconds(10)).until(() -> pointerShown());
      long connection = browser.clientInfo().connection();

      browser.stopServiceWorker();
      await().atMost(Duration.ofSeconds(5)).until(() -> !browser.client().isConnected());
      browser.eval("location.hash = 'wake', true"); // any extension event brings the worker back
      browser.awaitReconnect(connection, Duration.ofSeconds(30));
      assertThat(waiting).as("the wait goes on across the restart").isNotDone();
      await().atMost(Duration.ofSeconds(10)).until(() -> pointerShown());

      browser.trustedClick("#use-key");

      StepResult result = waiting.get(20, TimeUnit.SECONDS);
      assertThat(result.ok()).as(String.valueOf(result.error())).isTrue();
      assertThat(result.data()).isEqualTo("continued: the page shows what continue_on waits for");
    }
    assertThat(browser.eval("document.body.dataset.signedIn").asText()).isEqualTo("yes");
    await().atMost(Duration.ofSeconds(5)).until(() -> !pointerShown());
  }

  private static boolean pointerShown() {
    try {
      return browser.eval("document.getElementById('waymark-gate-host') !== null").asBoolean();
    } catch (Exception e) {
      return false;
    }
  }
}

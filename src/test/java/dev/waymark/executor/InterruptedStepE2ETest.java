package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.step;
import static dev.waymark.executor.Steps.waitFor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.StepStatus;
import dev.waymark.workflow.Step;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A step whose service worker dies after the click landed is reported interrupted and never clicked again. */
@RealBrowser
class InterruptedStepE2ETest {
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  @Test
  void aStepCutOffByTheWorkerStoppingIsInterruptedAndARetryOfItsIdDoesNotClickAgain() throws Exception {
    browser.open("basic.html");
    String id = browser.nextStepId();
    // The click lands at once; the step then waits for text that never comes.
    Step step = step("click").selector(css("#plain")).waitFor(waitFor(null, "never shown", null, false, 0, 8000)).timeoutMs(9000).build();
    CompletableFuture<PerformResult> first = CompletableFuture.supplyAsync(() -> {
      try {
        return browser.performRaw(id, step, Map.of());
      } catch (AssertionError e) {
        return null; // the connection closes with the worker: no reply is expected
      }
    });
    long connection = browser.harness().clientInfo().connection();
    waitUntil(() -> "1".equals(clicks()), 3000);

    browser.harness().stopServiceWorker();
    // Any extension event brings the worker back; a same-document navigation is one.
    waitUntil(() -> !browser.harness().client().isConnected(), 5000);
    browser.harness().eval("location.hash = 'wake'");
    browser.harness().awaitReconnect(connection, Duration.ofSeconds(30));

    StepStatus status = browser.status(id);
    PerformResult retry = browser.performRaw(id, step, Map.of());

    assertThat(first.join()).isNull();
    assertThat(status.state()).isEqualTo(StepStatus.State.INTERRUPTED);
    assertThat(retry.ok()).isFalse();
    assertThat(retry.uncertain()).isTrue();
    assertThat(retry.error()).isEqualTo("step " + id + " was started before the extension restarted; whether it took effect is unknown, "
        + "so it was not performed again");
    assertThat(clicks()).as("clicks the page counted").isEqualTo("1");
  }

  private static String clicks() {
    try {
      return browser.harness().eval("String(window.log.filter((e) => e.startsWith('click:')).length)").asText();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static void waitUntil(java.util.function.BooleanSupplier condition, long ms) {
    await().atMost(java.time.Duration.ofMillis(ms)).pollInterval(java.time.Duration.ofMillis(20)).until(condition::getAsBoolean);
  }
}

package dev.waymark.replay;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.cli.RunCommand;
import dev.waymark.testing.BrowserHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A step whose browser stops answering while it runs stops the replay as uncertain, and is never performed twice. */
@RealBrowser
class RunCommandUncertainChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  @Test
  void aStepCutOffByTheWorkerStoppingStopsTheRunAsUncertainWithoutRepeatingIt() throws Exception {
    Path f = dir.resolve("send.yaml");
    Files.writeString(f, """
        id: send
        steps:
          - id: go
            type: navigate
            url: %s
          - id: send
            type: click
            label: Send the transfer
            selector: {css: "#send"}
            wait: {text: "never shown", timeout_ms: 8000}
            timeout_ms: 9000
          - id: after
            type: extract
            selector: {css: "#sent"}
        """.formatted(browser.pageUrl("replay/counter.html")));
    long connection = browser.clientInfo().connection();
    CompletableFuture<ReplayRun> running = CompletableFuture.supplyAsync(() -> ReplayRun.run(browser.client(), f.toString()));
    waitUntil(() -> "1".equals(sends()), 10_000);

    browser.stopServiceWorker();
    ReplayRun run = running.get(30, TimeUnit.SECONDS);

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_UNCERTAIN);
    assertThat(run.stepIds()).containsExactly("go", "send");
    JsonNode send = run.step("send");
    assertThat(send.path("uncertain").asBoolean()).isTrue();
    assertThat(send.path("ok").asBoolean()).isFalse();
    JsonNode result = run.result();
    assertThat(result.path("failed_step").asText()).isEqualTo("send");
    assertThat(result.path("error").asText()).contains("Check the page by hand").contains("not repeated");
    assertThat(run.err()).contains("UNCERTAIN");

    // Bring the worker back and count: the click happened once and was not sent again.
    browser.eval("location.hash = 'wake'");
    browser.awaitReconnect(connection, Duration.ofSeconds(30));
    assertThat(sends()).isEqualTo("1");
  }

  private static String sends() {
    try {
      return browser.eval("String(window.sends)").asText();
    } catch (Exception e) {
      return "";
    }
  }

  private static void waitUntil(java.util.function.BooleanSupplier condition, long ms) {
    await().atMost(java.time.Duration.ofMillis(ms)).until(condition::getAsBoolean);
  }
}

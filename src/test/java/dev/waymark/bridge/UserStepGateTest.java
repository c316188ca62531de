package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one userStep gate over the wire: what it asks the extension, and whose Continue ends it. */
class UserStepGateTest {
  @TempDir Path config;
  PairingSecret secret;
  BrowserClient client;
  FakeExtension ext;
  UserStepGate gate;

  @BeforeEach
  void start() throws Exception {
    secret = PairingSecret.loadOrCreate(config);
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0).withRequestTimeout(Duration.ofSeconds(2)), secret);
    ext = FakeExtension.withOrigin(client.port());
    ext.pair(secret, "browser-1");
    client.awaitConnected().get(5, TimeUnit.SECONDS);
    gate = new UserStepGate(client);
  }

  @AfterEach
  void stop() {
    gate.close();
    client.close();
  }

  private static Step step(String id, ContinueCondition on) {
    return Step.builder("userStep").id(id).prompt("Sign in to the shop").method("passkey").continueOn(on).build();
  }

  private CompletableFuture<StepResult> perform(Step s) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return gate.perform(s, 10_000);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private void reply(ObjectNode request, String body) {
    ext.send("{\"type\":\"" + body.split(":", 2)[0] + "\",\"id\":\"" + request.path("id").asText() + "\"," + body.split(":", 2)[1] + "}");
  }

  @Test
  void theGateCarriesTheMethodTheInstructionAndAnyOneCondition() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s1", new ContinueCondition(false, "#account", "Welcome", null, 0)));
    ObjectNode g = ext.next("gate");

    assertThat(g.path("method").asText()).isEqualTo("passkey");
    assertThat(g.path("instruction").asText()).isEqualTo("Sign in with your passkey in the browser, then press Continue: Sign in to the shop");
    assertThat(g.path("continues").asText()).contains("an element matching #account appears or the text \"Welcome\" shows");
    assertThat(g.path("continue_on").path("selector").asText()).isEqualTo("#account");
    assertThat(g.path("timeout_ms").asLong()).isEqualTo(10_000);
    reply(g, "gate_cleared:\"ok\":true,\"how\":\"condition\"");
    assertThat(r.get(5, TimeUnit.SECONDS).data()).isEqualTo("continued: the page shows what continue_on waits for");
  }

  @Test
  void aManualStepSendsNoConditions() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s1", new ContinueCondition(true, null, null, null, 0)));
    ObjectNode g = ext.next("gate");

    assertThat(g.path("continue_on").isNull()).isTrue();
    assertThat(g.has("continues")).isFalse();
    reply(g, "gate_cleared:\"ok\":false,\"how\":\"timeout\"");
    assertThat(r.get(5, TimeUnit.SECONDS).error()).isEqualTo("the person did not continue within 10 s");
  }

  @Test
  void aTimeoutSaysWhatThePageShowedOfContinueOnAtItsLastLook() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s1", new ContinueCondition(false, "#account", null, null, 0)));
    ObjectNode g = ext.next("gate");

    reply(g, "gate_cleared:\"ok\":false,\"how\":\"timeout\",\"error\":\"continue_on: selector does not hold (1 match, none shown)\"");
    assertThat(r.get(5, TimeUnit.SECONDS).error())
        .isEqualTo("the person did not continue within 10 s (continue_on: selector does not hold (1 match, none shown))");
  }

  @Test
  void aSidePanelContinueForAnotherGateIsRefusedAndItsOwnEndsTheGate() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s1", null));
    ObjectNode g = ext.next("gate");
    String gateId = g.path("step_id").asText();

    ext.send("{\"type\":\"event\",\"event\":\"answer\",\"item_id\":\"s1@stale\",\"answer\":\"continue\"}");
    ext.send("{\"type\":\"event\",\"event\":\"answer\",\"item_id\":\"" + gateId + "\",\"answer\":\"continue\"}");
    // The first waiting_ended the extension hears is for this gate: the stale answer sent none.
    ObjectNode ended = ext.next("waiting_ended");
    assertThat(ended.path("item_id").asText()).isEqualTo(gateId);
    assertThat(ended.path("answered_by").asText()).isEqualTo("chrome");
    reply(ended, "panel_updated:\"ok\":true");
    reply(g, "gate_cleared:\"ok\":true,\"how\":\"continue\",\"answered_by\":\"chrome\"");

    assertThat(r.get(5, TimeUnit.SECONDS).data()).isEqualTo("continued: the person pressed Continue in Chrome's side panel");
    assertThat(gate.answeredBy("s1")).isEqualTo("chrome");
  }

  @Test
  void theSessionsContinueJustBeforeTheGateBeginsIsKeptAndASecondIsRefused() throws Exception {
    assertThat(gate.continueSessionStep("s2", "studio")).isTrue();
    StepResult r = gate.perform(step("s2", null), 10_000);

    assertThat(r.ok()).isTrue();
    assertThat(r.data()).isEqualTo("continued: the person pressed Continue in the studio");
    assertThat(gate.continueSessionStep("s2", "chrome")).isFalse();
    // nothing was asked of the extension: the next request it sees is this one
    client.tabs();
    java.util.List<String> seen = new java.util.ArrayList<>();
    while (!seen.contains("tabs")) {
      ObjectNode m = ext.received.poll(5, TimeUnit.SECONDS);
      assertThat(m).as("the tabs request").isNotNull();
      seen.add(m.path("type").asText());
    }
    assertThat(seen).doesNotContain("gate");
  }

  @Test
  void aWaitCutByTheWorkerRestartingIsShownAgainWithTheTimeItHasLeftAndEndsThere() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s3", new ContinueCondition(false, "#account", null, null, 0)));
    ObjectNode first = ext.next("gate");
    Thread.sleep(300); // some of the person's time passes before the worker stops

    ext.closeBlocking(); // the worker's socket closes with it
    FakeExtension restarted = FakeExtension.withOrigin(client.port());
    restarted.pair(secret, "browser-1");
    ext = restarted;
    ObjectNode again = restarted.next("gate");

    assertThat(again.path("step_id").asText()).as("the same card, so a Continue pressed on it still counts").isEqualTo(first.path("step_id").asText());
    assertThat(again.path("timeout_ms").asLong()).isBetween(1L, 10_000L - 300);
    assertThat(again.path("continue_on").path("selector").asText()).isEqualTo("#account");
    reply(again, "gate_cleared:\"ok\":true,\"how\":\"condition\"");
    StepResult result = r.get(5, TimeUnit.SECONDS);
    assertThat(result.ok()).as(String.valueOf(result.error())).isTrue();
    assertThat(result.data()).isEqualTo("continued: the page shows what continue_on waits for");
  }

  @Test
  void aContinueFromTheStudioWhileTheBrowserIsAwayEndsTheWait() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s4", null));
    ext.next("gate");
    ext.closeBlocking();
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> !client.isConnected());

    assertThat(gate.continueSessionStep("s4", "studio")).isTrue();

    StepResult result = r.get(5, TimeUnit.SECONDS);
    assertThat(result.ok()).isTrue();
    assertThat(result.data()).isEqualTo("continued: the person pressed Continue in the studio");
    assertThat(gate.answeredBy("s4")).isEqualTo("studio");
  }

  @Test
  void anyOtherFailureToAskEndsTheStepSayingWhatToCheck() throws Exception {
    CompletableFuture<StepResult> r = perform(step("s5", null));
    ObjectNode g = ext.next("gate");
    reply(g, "error:\"error\":\"no tab to ask in\"");

    StepResult result = r.get(5, TimeUnit.SECONDS);
    assertThat(result.ok()).isFalse();
    assertThat(result.error()).startsWith("the browser could not ask the person: ").contains("check that the browser is connected");
  }
}

package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BridgeBrowserPortTest {
  @TempDir
  Path config;
  PairingSecret secret;
  BrowserClient client;
  FakeExtension ext;

  @BeforeEach
  void start() throws Exception {
    secret = PairingSecret.loadOrCreate(config);
    client = BrowserClient.start(BridgeConfig.defaults(config).withPort(0).withPerformGrace(Duration.ofMillis(200)), secret);
    ext = FakeExtension.withOrigin(client.port());
    ext.pair(secret, "b");
    client.awaitConnected().get(5, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() {
    client.close();
  }

  private static Step click() {
    return Step.builder("click").id("s1").selector(Selector.css("#go")).build();
  }

  @Test
  void performingTheSameWorkflowStepTwiceSendsTwoDistinctWireIds() throws Exception {
    BridgeBrowserPort port = new BridgeBrowserPort(client);
    for (int i = 0; i < 2; i++) {
      CompletableFuture<StepResult> r = CompletableFuture.supplyAsync(() -> port.perform(click(), Map.of("v", "x"), 1000));
      ObjectNode p = ext.next("perform");
      assertThat(p.path("step_id").asText()).startsWith("s1@");
      assertThat(p.path("step").path("selector").path("css").asText()).isEqualTo("#go");
      ext.send("{\"type\":\"performed\",\"id\":\"" + p.path("id").asText() + "\",\"step_id\":\"" + p.path("step_id").asText()
          + "\",\"ok\":true,\"title\":\"T\",\"dialogs\":[{\"kind\":\"confirm\",\"message\":\"Sure?\",\"handled\":\"dismissed\"}]}");
      StepResult result = r.get(5, TimeUnit.SECONDS);
      assertThat(result.stepId()).isEqualTo("s1");
      assertThat(result.ok()).isTrue();
      assertThat(result.dialogs()).containsExactly("confirm: Sure? (dismissed)");
    }
  }

  @Test
  void aDroppedSocketBecomesAnUncertainStepResult() throws Exception {
    BridgeBrowserPort port = new BridgeBrowserPort(client);
    CompletableFuture<StepResult> r = CompletableFuture.supplyAsync(() -> port.perform(click(), Map.of(), 1000));
    ext.next("perform");
    ext.closeConnection(1006, "gone");
    StepResult result = r.get(5, TimeUnit.SECONDS);
    assertThat(result.uncertain()).isTrue();
    assertThat(result.stepId()).isEqualTo("s1");
  }
}

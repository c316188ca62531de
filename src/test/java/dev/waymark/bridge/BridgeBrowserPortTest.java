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
      assertThat(result.outcome().dialogs()).containsExactly(
          new dev.waymark.workflow.StepOutcome.Dialog("confirm", "Sure?", "dismissed", "s1"));
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

  @Test
  void anUploadSendsTheFilesContentsUnderItsPlaceholderAndNeverThePath(@TempDir Path files) throws Exception {
    Path cv = files.resolve("cv.pdf");
    java.nio.file.Files.writeString(cv, "%PDF-1");
    BridgeBrowserPort port = new BridgeBrowserPort(client);
    Step upload = Step.builder("upload").id("u").selector(Selector.css("#cv")).value("{{ cv }}").build();

    CompletableFuture<StepResult> r = CompletableFuture.supplyAsync(() -> port.perform(upload, Map.of("cv", cv.toString()), 1000));
    ObjectNode p = ext.next("perform");
    ext.send("{\"type\":\"performed\",\"id\":\"" + p.path("id").asText() + "\",\"step_id\":\"" + p.path("step_id").asText()
        + "\",\"ok\":true}");

    assertThat(r.get(5, TimeUnit.SECONDS).ok()).isTrue();
    assertThat(p.path("values").size()).isZero();
    assertThat(p.path("files").path("cv").path("filename").asText()).isEqualTo("cv.pdf");
    assertThat(p.path("files").path("cv").path("mime").asText()).isEqualTo("application/pdf");
    assertThat(p.path("files").path("cv").path("base64").asText()).isEqualTo("JVBERi0x");
    assertThat(p.toString()).doesNotContain(files.toString());
  }

  @Test
  void anUploadWhoseFileCannotBeReadIsNotSentAndTheErrorHidesThePath(@TempDir Path files) throws Exception {
    BridgeBrowserPort port = new BridgeBrowserPort(client);
    Step upload = Step.builder("upload").id("u").selector(Selector.css("#cv")).value("{{ cv }}").build();

    StepResult r = port.perform(upload, Map.of("cv", files.resolve("nope.pdf").toString()), 1000);

    assertThat(r.ok()).isFalse();
    assertThat(r.uncertain()).isFalse();
    assertThat(r.error()).isEqualTo("the file for {{ cv }} cannot be uploaded: the file does not exist or cannot be read");
    ObjectNode sent = ext.received.poll(300, TimeUnit.MILLISECONDS);
    assertThat(sent == null ? "nothing" : sent.path("type").asText()).isNotEqualTo("perform");
  }
}

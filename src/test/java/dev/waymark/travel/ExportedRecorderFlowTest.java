package dev.waymark.travel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flow {@code waymark export --format recorder --values-file} writes replays with {@code @puppeteer/replay} and
 * puppeteer-core in the system Chromium, and the page saw each step the flow could carry.
 */
@RealBrowser
class ExportedRecorderFlowTest {
  @TempDir Path dir;

  @Test
  void theExportedFlowReplaysWithPuppeteerReplayAndThePageSawEveryStepItCarries() throws Exception {
    String secret = "pw-" + UUID.randomUUID();
    Path values = dir.resolve("values.txt");
    Files.writeString(values, "email=" + ExportedPlaywrightTest.EMAIL + "\nsecret_todo=" + secret + "\n");
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-------"));
    try (PageServer pages = new PageServer(); PageLog log = PageLog.start()) {
      Path wf = ExportedPlaywrightTest.todos(dir, pages, log.url("flow"));
      CommandRun export = CommandRun.of("export", wf.toString(), "--format", "recorder", "--values-file", values.toString());
      Path flow = dir.resolve("todos.json");
      assertThat(export.code()).as(export.toString()).isZero();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(flow))).isEqualTo("rw-------");
      assertThat(export.err()).contains("warning: 2 values are written into " + flow).doesNotContain(secret);
      assertThat(export.err()).contains("step 5 \"cookies\" (click): not translated: a flow has no conditional steps");

      NodeRun run = NodeRun.run(NodeRun.DIR, Map.of(), "node", "replay-flow.mjs", flow.toString(), Browsers.chromium().toString());

      assertThat(run.code()).as(run.toString()).isZero();
      JsonNode result = Json.read(run.out().strip().lines().reduce((a, b) -> b).orElse("{}"), JsonNode.class);
      assertThat(result.path("ok").asBoolean()).as(run.toString()).isTrue();
      assertThat(result.path("url").asText()).endsWith("/travel/todos.html?log=" + log.url("flow") + "#/todos");
      List<String> seen = new ArrayList<>();
      result.path("log").forEach(e -> seen.add(e.asText()));
      // The conditional cookie step is a marker the replay passes over: the banner stays.
      assertThat(seen).containsExactly("signed in " + ExportedPlaywrightTest.EMAIL, "password " + secret, "priority high",
          "added Buy milk (high)", "done Buy milk");
      assertThat(log.await("flow", l -> l.size() == seen.size())).isEqualTo(seen);
    }
  }
}

package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.replay.ReplayResult;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

@RealBrowser
class WebDriverSpikeChromiumTest {
  @Test
  void ledgerReplays() throws Exception {
    try (PageServer pages = new PageServer()) {
      String yaml;
      try (InputStream in = getClass().getClassLoader().getResourceAsStream("pages/replay/ledger.yaml")) {
        yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__BASE__", pages.url("replay/"));
      }
      Workflow wf = WorkflowYaml.read(yaml);
      dev.waymark.testing.GridHarness grid = dev.waymark.testing.GridHarness.create(2).start();
      WebDriverSessions sessions = WebDriverSessions.grid(java.net.URI.create(grid.url()), true);
      try (WebDriverReplayBrowser b = new WebDriverReplayBrowser(sessions.open(), true)) {
        ReplayResult r = new WorkflowRunner(b).run(wf, WorkflowRunner.Options.of(Map.of("email", "ada@example.com", "password", "pw-secret-1"))
            .withListeners(s -> System.out.println("STEP " + s), l -> System.out.println("LINE " + l)));
        System.out.println("RESULT " + r);
        assertThat(r.outcome()).isEqualTo(ReplayResult.Outcome.COMPLETED);
      }
    }
  }
}

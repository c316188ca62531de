package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The effect a step had, seen by the session between the page it was decided on and the page after it. */
class SessionExpectTest {
  static final PageObservation CLOSED = page(ObservedNode.of("e1", "button", "Open menu", "button", "#menu"));
  static final PageObservation OPEN = page(ObservedNode.of("e1", "button", "Open menu", "button", "#menu"),
      ObservedNode.of("e2", "link", "Sign out", "a", "#out"));

  @TempDir
  Path dir;
  FakeSessionBrowser browser;
  AuthoringSession session;

  static PageObservation page(ObservedNode... nodes) {
    return new PageObservation("http://127.0.0.1:8000/app", "App", List.of(nodes), List.of(), null, false, null, false, 0, 0,
        List.of());
  }

  @BeforeEach
  void start() throws Exception {
    browser = new FakeSessionBrowser(CLOSED);
    // The click opens the menu: the page read after it shows the new link.
    browser.answer = s -> {
      browser.page = OPEN;
      return StepResult.success(s.id(), null, OPEN.url(), OPEN.title());
    };
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(), ApprovalPolicy.defaults(),
        dir, Runnable::run, 5_000));
    session.start("menu", "Open the menu", 5).get(10, TimeUnit.SECONDS);
    session.observe().get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void close() {
    session.close();
  }

  @Test
  void aPerformedStepRecordsWhatAppearedAndTheExportAndTheJournalKeepIt() throws Exception {
    session.submit("{\"reasoning\": \"open it\", \"step\": {\"type\": \"click\", \"ref\": \"e1\"}}", Provenance.MODEL)
        .get(10, TimeUnit.SECONDS);

    Expect seen = session.latest().state().steps().get(0).expect();
    assertThat(seen).isEqualTo(new Expect(null, null, new Expect.Element("link", "Sign out"), null, null, null));
    assertThat(session.exportYaml().get(10, TimeUnit.SECONDS)).contains("expect:", "name: Sign out");
    SessionJournal.Replay replay = SessionJournal.replay(Path.of(session.latest().journalFile()));
    assertThat(replay.state().steps().get(0).expect()).isEqualTo(seen);
  }

  @Test
  void aModelMayNotWriteAnExpectButThePersonMayDropOne() throws Exception {
    var refused = session.submit("{\"reasoning\": \"x\", \"step\": {\"type\": \"click\", \"ref\": \"e1\", "
        + "\"expect\": {\"url\": \"/done\"}}}", Provenance.MODEL).get(10, TimeUnit.SECONDS);
    assertThat(session.latest().state().steps()).isEmpty();
    assertThat(session.latest().state().trail().get(0).error()).contains("step field \"expect\" is not known");
    assertThat(refused).isNotNull();

    session.submit("{\"reasoning\": \"open it\", \"step\": {\"type\": \"click\", \"ref\": \"e1\"}}", Provenance.MODEL)
        .get(10, TimeUnit.SECONDS);
    String id = session.latest().state().steps().get(0).id();
    session.setExpect(id, null).get(10, TimeUnit.SECONDS);

    assertThat(session.latest().state().steps().get(0).expect()).isNull();
    assertThat(WorkflowYaml.read(session.exportYaml().get(10, TimeUnit.SECONDS)).steps().get(0).expect()).isNull();
    SessionJournal.Replay replay = SessionJournal.replay(Path.of(session.latest().journalFile()));
    assertThat(replay.state().steps().get(0).expect()).as("the drop is journaled").isNull();
  }
}

package dev.waymark.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.apply.Capabilities;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session's capabilities: refused steps, the journal's record of them, and a recovered session keeping them. */
class SessionCapabilitiesTest {
  private static final String SET_VIEWPORT = "{\"reasoning\": \"phone size\", \"step\": {\"type\": \"setViewport\", \"value\": \"390x844\"}}";

  @TempDir Path dir;

  private AuthoringSession session(FakeSessionBrowser browser, String journals) {
    return new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(), ApprovalPolicy.defaults(),
        dir.resolve(journals), Runnable::run, 5_000));
  }

  private static <T> T get(CompletableFuture<T> f) throws Exception {
    return f.get(10, TimeUnit.SECONDS);
  }

  @Test
  void capabilitiesGivenAtTheStartAreInTheJournalsFirstLineAndARecoveredSessionKeepsThem() throws Exception {
    FakeSessionBrowser browser = FakeSessionBrowser.checkout();
    Path journal;
    try (AuthoringSession s = session(browser, "sessions")) {
      get(s.start("checkout", "Check the phone layout", 10, Capabilities.NONE));
      TurnOutcome refused = get(s.submit(SET_VIEWPORT, Provenance.MODEL));
      assertThat(refused.ok()).isFalse();
      assertThat(refused.error()).isEqualTo("this session does not allow viewport_control; work with the viewport as it "
          + "is, or report blocked");
      assertThat(browser.performed).isEmpty();
      journal = Path.of(s.latest().journalFile());
      s.closeForRecovery();
    }
    assertThat(Files.readAllLines(journal).get(0)).startsWith("{\"kind\":\"state\"")
        .contains("\"capabilities\":{\"download\":false,\"file_upload\":false,\"viewport_control\":false}");

    SessionJournal.Replay replay = SessionJournal.replay(journal);
    assertThat(replay.state().capabilities()).isEqualTo(Capabilities.NONE);
    FakeSessionBrowser fresh = FakeSessionBrowser.checkout();
    try (AuthoringSession recovered = session(fresh, "sessions2")) {
      get(recovered.load(replay.state()));
      get(recovered.observe());
      assertThat(get(recovered.submit(SET_VIEWPORT, Provenance.MODEL)).error()).startsWith("this session does not allow viewport_control");
      assertThat(fresh.performed).isEmpty();
    }
  }

  @Test
  void changedCapabilitiesAreJournaledAndCarriedIntoTheNextSession() throws Exception {
    try (AuthoringSession s = session(FakeSessionBrowser.checkout(), "sessions")) {
      get(s.start("checkout", "g", 10));
      assertThat(s.latest().state().capabilities()).isEqualTo(Capabilities.ALL);
      Capabilities noUpload = new Capabilities(true, false, true);

      get(s.setCapabilities(noUpload));
      Path journal = Path.of(s.latest().journalFile());

      assertThat(Files.readString(journal)).contains("{\"kind\":\"capabilities\"");
      assertThat(SessionJournal.replay(journal).state().capabilities()).isEqualTo(noUpload);
      assertThat(get(s.submit("{\"reasoning\": \"r\", \"step\": {\"type\": \"upload\", \"ref\": \"e4\", \"value\": \"{{ cv }}\"}}",
          Provenance.PERSON)).error()).startsWith("this session does not allow file_upload");
      get(s.start("next", "another goal", 10));
      assertThat(s.latest().state().capabilities()).isEqualTo(noUpload);
    }
  }

  @Test
  void startingAnotherSessionReleasesThePreviousOnesControlOfTheBrowser() throws Exception {
    FakeSessionBrowser browser = FakeSessionBrowser.checkout();
    try (AuthoringSession s = session(browser, "sessions")) {
      get(s.start("one", "g", 10));
      get(s.start("two", "g", 10));
      assertThat(browser.released).as("nothing was done yet: nothing to release").hasValue(0);

      get(s.submit(SET_VIEWPORT, Provenance.MODEL));
      get(s.start("three", "g", 10));

      assertThat(browser.released).hasValue(1);
    }
  }

  @Test
  void aJournalWrittenBeforeCapabilitiesReadsAsAllowingAll() throws Exception {
    Path journal = dir.resolve("old.jsonl");
    Files.writeString(journal, "{\"kind\":\"state\",\"at\":\"2026-11-30T10:00:00Z\",\"state\":{\"format\":1,"
        + "\"session_id\":\"old1\",\"workflow_id\":\"w\",\"goal\":\"g\",\"budget\":5,\"continue\":true}}\n");

    assertThat(SessionJournal.replay(journal).state().capabilities()).isEqualTo(Capabilities.ALL);
  }
}

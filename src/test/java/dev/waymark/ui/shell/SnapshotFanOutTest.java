package dev.waymark.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.session.KeywordRiskGate;
import dev.waymark.session.SessionSnapshot;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SnapshotFanOutTest {
  final AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(FakeSessionBrowser.checkout(),
      new KeywordRiskGate(), ApprovalPolicy.defaults(), null, Runnable::run, 1000));

  @AfterEach
  void tearDown() {
    session.close();
  }

  @Test
  void aViewModelThatThrowsDoesNotKeepTheSnapshotFromTheOthers() {
    List<String> received = new ArrayList<>();
    SnapshotFanOut fanOut = new SnapshotFanOut()
        .add("first", s -> received.add("first"))
        .add("broken", s -> {
          throw new IllegalStateException("a view model bug");
        })
        .add("last", s -> received.add("last"));
    SessionSnapshot s = session.latest();

    fanOut.accept(s);
    fanOut.accept(s);

    assertThat(received).containsExactly("first", "last", "first", "last");
  }
}

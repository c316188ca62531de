package dev.waymark.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.waymark.testing.Fuzzing;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the decision parser and the first half of an apply turn with any reply a model could send: the reply is
 * a {@link Decision} or a {@link DecisionException} for the next prompt, and the turn built on it never throws
 * (decision 0001: refusals are ordinary outcomes), within the budget of one input.
 */
class DecisionFuzzTest {
  private static final Fuzzing.Target TARGET = Fuzzing.target(DecisionFuzzTest.class, "aReplyIsADecisionOrAnErrorForTheNextPrompt");

  @FuzzTest(maxDuration = "60s")
  void aReplyIsADecisionOrAnErrorForTheNextPrompt(byte[] data) throws Exception {
    String reply = Fuzzing.text(data);
    TARGET.run(() -> {
      try {
        Decision d = DecisionParser.parse(reply);
        assertThat(d.reasoning()).isNotNull();
        if (d.resolve() != null) {
          assertThat(DecisionParser.RESOLUTIONS).contains(d.resolve());
          assertThat(d.done() || d.step() != null || d.blocked() != null || d.handoff() != null)
              .as("a resolving decision does nothing else").isFalse();
        } else {
          assertThat(d.done() || d.step() != null || d.blocked() != null || d.handoff() != null)
              .as("a decision without resolve has something to do").isTrue();
        }
      } catch (DecisionException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
      ApplyTurn.Prepared turn = ApplyTurn.prepare(Fixtures.input(reply).build());
      assertThat(turn).isNotNull();
      if (turn instanceof ApplyTurn.Finished f && !f.output().ok() && f.output().error() != null) {
        // the refusal goes into the next prompt, so it never carries the session's value
        if (!reply.contains(Fixtures.SECRET)) assertThat(f.output().error()).doesNotContain(Fixtures.SECRET);
      }
    });
  }

  @AfterAll
  static void figures() {
    TARGET.report();
  }
}

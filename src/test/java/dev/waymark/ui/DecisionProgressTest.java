package dev.waymark.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.SessionState;
import dev.waymark.session.TurnUsage;
import dev.waymark.ui.decision.DecisionEditorViewModel;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** While a model writes its decision, the decision view says who, for how long, and about how many tokens so far. */
class DecisionProgressTest {
  private static SessionSnapshot snapshot(String activity, String streaming, TurnUsage usage) {
    return new SessionSnapshot(SessionState.fresh("s1", "workflow", "goal", 10), Set.of(), null, 0, null, activity, null,
        null, null, 0, null, null, streaming, usage, null, 0);
  }

  @Test
  void elapsedTimeAndTokensGrowWhileTheModelWritesThenTheCostIsShown() {
    AtomicLong now = new AtomicLong(1_000_000_000L);
    DecisionEditorViewModel vm = new DecisionEditorViewModel(null, Runnable::run, m -> { }, () -> null);
    vm.setClock(now::get);

    vm.accept(snapshot("Waiting for openai:gpt-4o-mini", null, null));
    assertThat(vm.progressProperty().get()).isEqualTo("Waiting for openai:gpt-4o-mini · 0.0 s · ~0 tokens so far");
    now.addAndGet(1_500_000_000L);
    vm.tick();
    assertThat(vm.progressProperty().get()).contains("1.5 s");
    vm.accept(snapshot("Waiting for openai:gpt-4o-mini", "{\"reasoning\": \"open the cart\", \"step\": {", null));
    assertThat(vm.progressProperty().get()).contains("~10 tokens so far");
    now.addAndGet(2_000_000_000L);
    TurnUsage usage = new TurnUsage("openai:gpt-4o-mini", 4000, 1000, 980, 42, 3500, 0, 0);
    vm.accept(snapshot(null, null, usage));
    assertThat(vm.progressProperty().get()).startsWith("Decided in 3.5 s").contains("980 in", "42 out tokens");
    // The person's own turn in the browser is not a decision source writing.
    vm.accept(snapshot("Waiting for you: sign in", null, usage));
    assertThat(vm.progressProperty().get()).startsWith("Decided in 3.5 s");
  }
}

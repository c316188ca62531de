package dev.waymark.apply;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A fake browser port that records what it was asked and answers as told. */
final class RecordingPort implements BrowserPort {
  record Call(Step step, Map<String, String> values, int timeoutMs) {}

  final List<Call> calls = new ArrayList<>();
  private final Function<Step, StepResult> answer;

  RecordingPort(Function<Step, StepResult> answer) {
    this.answer = answer;
  }

  static RecordingPort succeeding(String url) {
    return new RecordingPort(s -> StepResult.success(s.id(), null, url, "Title"));
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
    calls.add(new Call(step, Map.copyOf(values), timeoutMs));
    return answer.apply(step);
  }
}

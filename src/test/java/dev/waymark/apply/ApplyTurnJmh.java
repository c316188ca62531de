package dev.waymark.apply;

import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.StepResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One whole apply turn: parse the decision, check it, resolve the ref (the last node, the worst case for a
 * lookup), build every output. The port answers at once so only the engine is measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ApplyTurnJmh {
  @Param({"100", "2000", "10000"})
  public int nodes;

  private ApplyInput input;
  private final BrowserPort port = (step, values, timeout) -> StepResult.success(step.id(), null, "https://bench.example.com/next", "t");

  @Setup
  public void setUp() {
    PageObservation obs = Fixtures.generated(nodes);
    String decision = "```json\n{\"reasoning\":\"fill the last field with the token\",\"done\":false,"
        + "\"step\":{\"type\":\"fill\",\"ref\":\"e" + (nodes - nodes % 3) + "\",\"value\":\"{{ email }}\"}}\n```";
    input = Fixtures.input(decision).observation(obs).lastObservation("v1:0:0").lastUrl(obs.url()).build();
  }

  @Benchmark
  public ApplyOutput applyTurn() {
    return ApplyTurn.apply(input, port);
  }
}

package dev.waymark.apply;

import dev.waymark.testing.BenchmarkTarget;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** Runs the JMH apply-turn benchmark with the test suite and prints its figures (target: under 1 ms at 2,000 nodes). */
class ApplyTurnBenchmark {

  @Test
  void printsTheTimeOfOneApplyTurn() throws Exception {
    Options opts = new OptionsBuilder()
        .include(ApplyTurnJmh.class.getName())
        // In-process: the suite must stay short, and a fork would need the surefire classpath re-created.
        .forks(0)
        .warmupIterations(3).warmupTime(TimeValue.seconds(1))
        .measurementIterations(5).measurementTime(TimeValue.milliseconds(500))
        .verbosity(VerboseMode.SILENT)
        .build();
    Collection<RunResult> results = new Runner(opts).run();
    List<String> lines = new ArrayList<>();
    lines.add(String.format("%-28s %8s %14s %12s", "benchmark", "nodes", "µs per turn", "± error"));
    for (RunResult r : results) {
      var s = r.getPrimaryResult();
      lines.add(String.format("%-28s %8s %14.1f %12.1f", "apply turn", r.getParams().getParam("nodes"),
          s.getScore(), s.getScoreError()));
    }
    System.out.println(String.join(System.lineSeparator(), lines));
    assertThat(results).hasSize(3);
    for (RunResult r : results) {
      if ("2000".equals(r.getParams().getParam("nodes"))) {
        BenchmarkTarget.atMost("apply turn at 2,000 nodes", r.getPrimaryResult().getScore(), "µs", 1_000).print();
      }
    }
  }
}

package dev.waymark.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.apply.DecisionParser;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ProcessSourceTest {
  private static List<String> fake(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(FakeDecider.class.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }

  @Test
  void eachTurnSendsOnePromptLineAndReadsOneDecisionWhileStderrIsDrained() throws Exception {
    List<String> partials = new CopyOnWriteArrayList<>();
    try (var src = new ProcessSource(fake("echo"), Duration.ofSeconds(30), null)) {
      Reply one = src.decide(new Prompt("sys", "hello", 1, "buy a mug"), partials::add);
      long pid = src.pid();
      Reply two = src.decide(new Prompt("sys", "hello again", 2, "buy a mug"), partials::add);

      assertThat(DecisionParser.parse(one.content()).reasoning()).isEqualTo("turn 1 goal buy a mug seen 1 type prompt user 5");
      assertThat(DecisionParser.parse(two.content()).reasoning()).isEqualTo("turn 2 goal buy a mug seen 2 type prompt user 11");
      assertThat(DecisionParser.parse(two.content()).step().path("ref").asText()).isEqualTo("e2");
      assertThat(src.pid()).isEqualTo(pid);
      assertThat(partials).contains("{\"reasoning\":");
      assertThat(src.name()).isEqualTo("program:java");
    }
  }

  @Test
  void closeEndsTheProgram() throws Exception {
    var src = new ProcessSource(fake("echo"), Duration.ofSeconds(30), null);
    src.decide(new Prompt("s", "u", 1, "g"), null);
    ProcessHandle h = ProcessHandle.of(src.pid()).orElseThrow();
    src.close();
    assertThat(h.isAlive()).isFalse();
    assertThat(src.running()).isFalse();
  }

  @Test
  void aProgramThatPrintsProseIsAClearErrorAndIsStopped() throws Exception {
    try (var src = new ProcessSource(fake("garbage"), Duration.ofSeconds(30), null)) {
      assertThatThrownBy(() -> src.decide(new Prompt("s", "u", 1, "g"), null))
          .isInstanceOf(DecisionSourceException.class)
          .hasMessageContaining("printed a line that is not a JSON object: \"Sure! I think you should click the blue button.\"")
          .hasMessageContaining("docs/decision-program.md");
      assertThat(src.running()).isFalse();
    }
  }

  @Test
  void aProgramThatExitsSaysSoWithItsCodeAndLastStderrAndIsStartedAgainNextTurn() throws Exception {
    try (var src = new ProcessSource(fake("exit"), Duration.ofSeconds(30), null)) {
      assertThatThrownBy(() -> src.decide(new Prompt("s", "u", 4, "g"), null))
          .hasMessageContaining("exited with code 3 before answering turn 4")
          .hasMessageContaining("fatal: no model configured");
      assertThatThrownBy(() -> src.decide(new Prompt("s", "u", 5, "g"), null))
          .hasMessageContaining("before answering turn 5");
    }
    try (var src = new ProcessSource(fake("once"), Duration.ofSeconds(30), null)) {
      assertThat(src.decide(new Prompt("s", "u", 1, "g"), null).content()).contains("only once");
      // Once it has exited after its one answer, the next turn starts a fresh program instead of failing.
      ProcessHandle.of(src.pid()).ifPresent(h -> h.onExit().join());
      assertThat(src.decide(new Prompt("s", "u", 2, "g"), null).content()).contains("only once");
    }
  }

  @Test
  void aProgramThatDoesNotAnswerInTimeIsStopped() throws Exception {
    try (var src = new ProcessSource(fake("slow"), Duration.ofMillis(1500), null)) {
      src.decide(new Prompt("s", "u", 1, "g"), null);
    } catch (DecisionSourceException e) {
      assertThat(e).hasMessageContaining("did not answer within 1 s").hasMessageContaining("started again on the next turn");
      return;
    }
    throw new AssertionError("a silent program must time out");
  }

  @Test
  void aMissingProgramSaysItCannotStart() {
    try (var src = new ProcessSource(List.of("/nonexistent/decider-xyz"), Duration.ofSeconds(5), null)) {
      assertThatThrownBy(() -> src.decide(new Prompt("s", "u", 1, "g"), null))
          .hasMessageContaining("cannot start the decision program /nonexistent/decider-xyz");
    }
  }

  @Test
  void commandLinesSplitLikeAShellWithoutRunningOne() {
    assertThat(ProcessSource.split("python3 my\\ agent.py --model 'llama 3' \"say \\\"hi\\\"\" $HOME;rm"))
        .containsExactly("python3", "my agent.py", "--model", "llama 3", "say \"hi\"", "$HOME;rm");
    assertThat(ProcessSource.split("C:\\tools\\agent.exe --x ''")).containsExactly("C:\\tools\\agent.exe", "--x", "");
    assertThatThrownBy(() -> ProcessSource.split("agent 'open")).hasMessageContaining("unclosed");
    assertThatThrownBy(() -> ProcessSource.split("   ")).hasMessageContaining("empty");
  }

  @Test
  void argumentsReachTheProgramExactlyAsSplit() throws Exception {
    List<String> cmd = fake("args");
    String line = String.join(" ", cmd.stream().map(a -> "'" + a + "'").toList()) + " 'two words' \"semi;colon\"";
    try (var src = new ProcessSource(line, Duration.ofSeconds(30))) {
      assertThat(DecisionParser.parse(src.decide(new Prompt("s", "u", 1, "g"), null).content()).reasoning())
          .isEqualTo("args|two words|semi;colon");
    }
  }
}

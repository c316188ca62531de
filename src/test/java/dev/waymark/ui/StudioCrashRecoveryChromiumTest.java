package dev.waymark.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.session.SessionJournal;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash recovery of the studio window (issue #18 part 4): the real studio in a child JVM under Xvfb
 * ({@link StudioInAChild}), connected to the Chromium its own Launch browser started, a scripted model deciding turn
 * after turn, is killed with SIGKILL — with its browser and its X server — after some steps the window showed plus
 * up to 40 ms into the next turn, or while a step waits for the person's approval. A second studio started on the same
 * config offers to recover the session; Recover brings back every step the window had shown, and a step that waited
 * is back in the editor, not performed. Prints kills and losses. {@code -Dcrash.studio.runs=N} (default 2).
 */
@RealBrowser
class StudioCrashRecoveryChromiumTest {
  @TempDir
  Path dir;

  @Test
  void aStudioKilledWithSigkillComesBackWithEveryStepItShowedAndTheWaitingStepStillWaiting() throws Exception {
    int runs = Math.max(2, Integer.getInteger("crash.studio.runs", 2));
    long seed = Long.getLong("crash.seed", System.nanoTime());
    Random random = new Random(seed);
    int losses = 0;
    int atApproval = 0;
    try (PageServer pages = new PageServer()) {
      for (int i = 0; i < runs; i++) {
        boolean approval = i % 2 == 1;
        int afterSteps = 1 + random.nextInt(3);
        int jitterMs = random.nextInt(40);
        Path run = dir.resolve("run-" + i);
        Files.createDirectories(run);
        String what = "run " + i + " (seed " + seed + "): " + (approval ? "at the approval" : "after " + afterSteps + " steps + " + jitterMs + " ms");
        List<Map<String, Object>> plan = List.of(
            Map.of("type", "navigate", "url", pages.url("author/signin.html")),
            Map.of("type", "fill", "name", "Email", "value", "ada@example.com"),
            // The heading is a section title in the observation, not a ref: the third step reads the field back.
            Map.of("type", "extract", "name", "Email"),
            Map.of("type", "click", "name", "Sign in"),
            Map.of("done", true));
        Files.writeString(run.resolve("plan.json"), Json.write(plan));

        List<JsonNode> shown = driveAndKill(run, approval ? l -> isWaiting(l) : l -> l.path("steps").asInt() >= afterSteps,
            approval ? 0 : jitterMs, what);
        int showedSteps = shown.stream().mapToInt(l -> l.path("steps").asInt()).max().orElse(0);
        JsonNode last = shown.isEmpty() ? null : shown.get(shown.size() - 1);

        // The journal on disk: never read as valid when damaged (replay throws), here it must read.
        Path sessions = run.resolve("config").resolve("sessions");
        List<SessionJournal.Replay> unfinished = SessionJournal.unfinished(sessions);
        assertThat(unfinished).as(what + ": one unfinished session\n" + StudioInAChild.tail(run.resolve("stderr.txt"))).isNotEmpty();

        JsonNode back = recover(run, what);
        assertThat(back.path("banner").asBoolean()).as(what + ": the recovery offer\n" + back + "\n" + StudioInAChild.tail(run.resolve("stderr.txt"))).isTrue();
        int kept = back.path("steps").asInt();
        if (kept < showedSteps) losses++;
        assertThat(kept).as(what + ": steps recovered against steps the window showed\n" + back).isGreaterThanOrEqualTo(showedSteps);
        if (approval) {
          atApproval++;
          assertThat(last).as(what).isNotNull();
          assertThat(back.path("text").asText()).as(what + "\n" + back).contains("waited for your approval (not performed)");
          // The card's action starts with the step's type ("fill: …"); that step is back in the editor.
          String waiting = last.path("approval").asText().split(":")[0].strip();
          assertThat(back.path("editor").asText()).as(what + ": the waiting step is in the editor\n" + back)
              .contains("\"type\" : \"" + waiting + "\"");
        }
        System.out.println("Studio crash " + what + ": the window showed " + showedSteps + " steps, recovered " + kept
            + (approval ? ", the waiting step back in the editor" : ""));
      }
    }
    System.out.printf("Studio crash recovery (seed %d): %d studios killed with SIGKILL, %d at an approval, %d steps lost%n",
        seed, runs, atApproval, losses);
    assertThat(losses).isZero();
  }

  private static boolean isWaiting(JsonNode line) {
    return line.path("approval").asText("").startsWith("click");
  }

  /** Runs the studio until {@code point} holds for a line it printed (plus {@code jitterMs}), then kills it all. */
  private List<JsonNode> driveAndKill(Path run, Predicate<JsonNode> point, int jitterMs, String what) throws Exception {
    Process p = new ProcessBuilder(StudioInAChild.command(run, "drive", "Read the sign-in page's heading, then sign in"))
        .directory(run.toFile()).redirectError(run.resolve("stderr.txt").toFile()).start();
    List<JsonNode> lines = new CopyOnWriteArrayList<>();
    java.util.concurrent.CountDownLatch reached = new java.util.concurrent.CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String l; (l = r.readLine()) != null; ) {
          if (!l.startsWith("{")) continue;
          JsonNode n = Json.mapper().readTree(l);
          lines.add(n);
          if (point.test(n)) reached.countDown();
        }
      } catch (Exception e) {
        // killed
      }
      reached.countDown();
    }, "studio-child-stdout");
    reader.start();
    boolean in = reached.await(120, TimeUnit.SECONDS);
    Thread.sleep(jitterMs);
    StudioInAChild.killAll(p);
    reader.join(5_000);
    assertThat(in && !lines.isEmpty() && point.test(lines.get(lines.size() - 1)) || lines.stream().anyMatch(point))
        .as(what + ": the kill point was reached\n" + lines + "\n" + StudioInAChild.tail(run.resolve("stderr.txt"))).isTrue();
    return lines;
  }

  private JsonNode recover(Path run, String what) throws Exception {
    Process p = new ProcessBuilder(StudioInAChild.command(run, "recover")).directory(run.toFile())
        .redirectError(run.resolve("stderr-recover.txt").toFile()).start();
    String out;
    try {
      if (!p.waitFor(90, TimeUnit.SECONDS)) throw new AssertionError(what + ": the recovering studio did not answer");
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      StudioInAChild.killAll(p);
    }
    for (String l : out.split("\n")) {
      if (l.startsWith("{")) return Json.mapper().readTree(l);
    }
    throw new AssertionError(what + ": no answer from the recovering studio\n" + out + "\n"
        + Files.readString(run.resolve("stderr-recover.txt")));
  }
}

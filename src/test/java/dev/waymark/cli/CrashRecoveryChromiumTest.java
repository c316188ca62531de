package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.session.SessionJournal;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash recovery: {@code waymark author} as a person runs it (a child JVM with its own Chromium) killed with SIGKILL at
 * a random turn — after a turn's line, a few milliseconds into the next turn (while its journal line may be being
 * written), and while a risky step waits for the person's approval. On restart the journal is read back: it is never
 * read as valid when damaged (a torn last line is reported as such), it holds every step whose turn the command had
 * reported (the journal is written before the turn is shown), and a step that waited for approval is still waiting.
 * {@code -Dcrash.runs=N} runs N kills (the default suite runs 4). Prints runs, losses and torn tails.
 */
@RealBrowser
class CrashRecoveryChromiumTest {
  @TempDir
  Path dir;

  private static final List<Map<String, Object>> PLAN = List.of(
      Map.of("type", "fill", "name", "Email", "value", "{{ email }}"),
      Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
      Map.of("type", "click", "name", "Sign in"),
      Map.of("type", "extract", "name", "Order A-", "when", "Order A-4711"),
      Map.of("done", true));

  private record Killed(int reportedSteps, boolean waitedForApproval, SessionJournal.Replay recovered, String err) {}

  @Test
  void aKilledAuthorLosesNoReportedStepAndItsJournalIsNeverReadAsValidWhenTorn() throws Exception {
    int runs = Math.max(4, Integer.getInteger("crash.runs", 4));
    long seed = Long.getLong("crash.seed", System.nanoTime());
    Random random = new Random(seed);
    int losses = 0;
    int torn = 0;
    int awaiting = 0;
    try (PageServer pages = new PageServer()) {
      for (int i = 0; i < runs; i++) {
        // Kill points cycle: after 1, 2 or 3 reported turns (plus up to 40 ms into the next), and at the approval.
        boolean atApproval = i % 4 == 3;
        int afterLines = 1 + random.nextInt(3);
        int jitterMs = random.nextInt(40);
        Killed k = killAuthor(pages, dir.resolve("run-" + i), atApproval, afterLines, jitterMs);
        if (k.recovered == null) {
          assertThat(k.reportedSteps).as("a run killed before its journal existed had reported nothing").isZero();
          continue;
        }
        if (k.recovered.tornTail()) torn++;
        if (i == 0) damagedCopiesAreNeverReadAsValid(k.recovered.file());
        int kept = k.recovered.state().steps().size();
        if (kept < k.reportedSteps) losses++;
        assertThat(kept).as("run %d (seed %d): steps kept against steps reported%n%s", i, seed, k.err).isGreaterThanOrEqualTo(k.reportedSteps);
        assertThat(k.recovered.closed()).as("a killed session did not end cleanly").isFalse();
        if (atApproval) {
          awaiting++;
          assertThat(k.recovered.awaiting()).as("run %d: the step that waited for approval still waits%n%s", i, k.err).isNotNull();
          // The first step the sign-in asks about: the account's email typed into a sign-in form.
          assertThat(k.recovered.awaiting().step().type()).isEqualTo("fill");
          assertThat(k.recovered.awaiting().step().value()).isEqualTo("{{ email }}");
        }
      }
    }
    System.out.printf("Crash recovery (seed %d): %d authors killed with SIGKILL, %d at an approval, %d torn last lines read as torn, "
        + "%d steps lost%n", seed, runs, awaiting, torn, losses);
    assertThat(losses).isZero();
  }

  /** A line damaged in the middle is an error; a last line cut short is read as torn, the rest kept. */
  private void damagedCopiesAreNeverReadAsValid(Path journal) throws Exception {
    List<String> lines = Files.readAllLines(journal);
    assertThat(lines.size()).as("a journal with a state and a turn").isGreaterThanOrEqualTo(2);
    Path damaged = dir.resolve("damaged" + SessionJournal.SUFFIX);
    List<String> broken = new ArrayList<>(lines);
    broken.set(1, broken.get(1).substring(0, broken.get(1).length() / 2));
    Files.write(damaged, broken);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SessionJournal.replay(damaged))
        .isInstanceOf(java.io.IOException.class).hasMessageContaining("damaged at line 2");
    Path cut = dir.resolve("cut" + SessionJournal.SUFFIX);
    String whole = String.join("\n", lines) + "\n";
    Files.writeString(cut, whole.substring(0, whole.length() - Math.max(2, lines.get(lines.size() - 1).length() / 2)));
    SessionJournal.Replay r = SessionJournal.replay(cut);
    assertThat(r.tornTail()).isTrue();
    assertThat(r.entries()).isEqualTo(lines.size() - 1);
  }

  /** Runs author until the kill point, kills it and its browser with SIGKILL, and reads its journal back. */
  private Killed killAuthor(PageServer pages, Path run, boolean atApproval, int afterLines, int jitterMs) throws Exception {
    Files.createDirectories(run);
    Map<String, String> values = new LinkedHashMap<>();
    values.put("email", "ada@example.com");
    values.put("password", "pw-crash-" + System.nanoTime());
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dwaymark.config.dir=" + run.resolve("config"),
        "dev.waymark.Main", "author"));
    cmd.addAll(AuthorRun.args(run, pages.url("author/signin.html"), "Sign in and read the order number", PLAN, values,
        run.resolve("out.yaml"), "--approve", atApproval ? "ask" : "auto", "--chromium", Browsers.chromium().toString(),
        "--var", "email=the account's email", "--var", "password=the account's password"));
    Process p = new ProcessBuilder(cmd).directory(run.toFile()).redirectError(run.resolve("stderr.txt").toFile()).start();
    // The terminal stays open and silent: an approval question waits for the person.
    OutputStream terminal = p.getOutputStream();
    List<JsonNode> lines = new CopyOnWriteArrayList<>();
    CountDownLatch point = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String l; (l = r.readLine()) != null; ) {
          if (l.isBlank()) continue;
          lines.add(Json.mapper().readTree(l));
          if (!atApproval && lines.size() >= afterLines) point.countDown();
        }
      } catch (Exception e) {
        // the process was killed
      }
      point.countDown();
    }, "crash-test-stdout");
    reader.start();
    if (atApproval) {
      // The question is on stderr; wait for it there.
      long until = System.currentTimeMillis() + 90_000;
      while (System.currentTimeMillis() < until && p.isAlive()
          && !Files.readString(run.resolve("stderr.txt")).contains("Approval needed")) {
        Thread.sleep(50);
      }
    } else {
      point.await(90, TimeUnit.SECONDS);
      Thread.sleep(jitterMs);
    }
    // Every process of the run at once: the JVM and the Chromium it launched.
    List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
    all.add(p.toHandle());
    all.forEach(ProcessHandle::destroyForcibly);
    p.waitFor(30, TimeUnit.SECONDS);
    reader.join(5_000);
    terminal.close();
    String err = Files.readString(run.resolve("stderr.txt"));
    // Steps the command reported as kept: the last turn line's count (the journal is written before the line).
    int reported = 0;
    for (JsonNode l : lines) reported = Math.max(reported, l.path("count").asInt());
    Path sessions = run.resolve("config").resolve("sessions");
    if (!Files.isDirectory(sessions)) return new Killed(reported, atApproval, null, err);
    List<Path> journals;
    try (var files = Files.list(sessions)) {
      journals = files.filter(f -> f.toString().endsWith(SessionJournal.SUFFIX)).toList();
    }
    if (journals.isEmpty()) return new Killed(reported, atApproval, null, err);
    assertThat(journals).hasSize(1);
    // Never read as valid when damaged: replay either reads it (a torn tail flagged) or throws, and here it must read.
    SessionJournal.Replay replay = SessionJournal.replay(journals.get(0));
    return new Killed(reported, atApproval, replay, err);
  }
}

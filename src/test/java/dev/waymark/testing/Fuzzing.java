package dev.waymark.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * What every fuzz target shares: turning the fuzzer's bytes into text, the time budget one input may take, and
 * the figures a {@code -Pfuzz} run prints per target. One JVM runs one target (Jazzer fuzzes one test per run),
 * so the counters are per JVM.
 *
 * <p>In the default suite the targets run in Jazzer's regression mode over their checked-in inputs
 * ({@code src/test/resources/<package>/<Class>Inputs/<method>/}); {@code -Pfuzz} sets {@code JAZZER_FUZZ=1}.
 */
public final class Fuzzing {
  /**
   * The budget of one input. The contract is 1 s, and {@code -Pfuzz} sets exactly that; the default suite allows
   * 5 s, because there the first input also pays for class loading on a shared, loaded machine (decision 0015).
   */
  public static final Duration BUDGET = Duration.ofMillis(Long.getLong("waymark.fuzz.budget.ms", 5_000));

  /** Input bytes that start with these two are read as raw UTF-16 chars, so lone surrogates reach the target. */
  private static final int RAW_UTF16_MARK_0 = 0xFE;
  private static final int RAW_UTF16_MARK_1 = 0xFF;

  private static final ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();

  private Fuzzing() {}

  /** Fuzzing mode (as Jazzer decides it), rather than regression over the checked-in inputs. */
  public static boolean fuzzing() {
    String env = System.getenv("JAZZER_FUZZ");
    return env != null && !env.isEmpty();
  }

  /**
   * The input as text: UTF-8 with malformed bytes replaced (what a lenient reader hands on), or, after the mark
   * {@code FE FF}, each byte pair as one UTF-16 char, unpaired surrogates included (what a Java string can hold).
   */
  public static String text(byte[] data) {
    if (data.length >= 2 && (data[0] & 0xFF) == RAW_UTF16_MARK_0 && (data[1] & 0xFF) == RAW_UTF16_MARK_1) {
      char[] chars = new char[(data.length - 2) / 2];
      for (int i = 0; i < chars.length; i++) {
        chars[i] = (char) (((data[2 + 2 * i] & 0xFF) << 8) | (data[3 + 2 * i] & 0xFF));
      }
      return new String(chars);
    }
    return new String(data, StandardCharsets.UTF_8);
  }

  /** A call that may throw only what its contract documents. */
  @FunctionalInterface
  public interface Call {
    void call() throws Exception;
  }

  /** The fuzz test {@code method} of {@code testClass}, with the counters for its figures. */
  public static Target target(Class<?> testClass, String method) {
    return new Target(testClass, method);
  }

  /** One fuzz target: runs its inputs within the budget and counts them (the default suite runs all in one JVM). */
  public static final class Target {
    private final Class<?> testClass;
    private final String method;
    private final long startedMillis = System.currentTimeMillis();
    private final AtomicLong executions = new AtomicLong();
    private final AtomicLong firstNanos = new AtomicLong();
    private final AtomicLong lastNanos = new AtomicLong();
    private final AtomicLong slowestNanos = new AtomicLong();

    private Target(Class<?> testClass, String method) {
      this.testClass = testClass;
      this.method = method;
    }

    /**
     * Runs one input through the target, counting it, and fails when it took longer than {@link #BUDGET}. What
     * the call throws goes on to the fuzzer: a target catches exactly its documented exceptions and nothing else.
     * The call must be repeatable: an input that loaded classes is run twice.
     */
    public void run(Call call) throws Exception {
      long start = System.nanoTime();
      firstNanos.compareAndSet(0, start);
      long loaded = CLASSES.getTotalLoadedClassCount();
      call.call();
      long took = System.nanoTime() - start;
      if (CLASSES.getTotalLoadedClassCount() != loaded) {
        // The first input down a new path also paid for loading (and, fuzzing, instrumenting) its classes, which
        // took up to 16 s on a loaded machine: the warm second run is the one held to the budget.
        long again = System.nanoTime();
        call.call();
        took = System.nanoTime() - again;
      }
      lastNanos.set(System.nanoTime());
      executions.incrementAndGet();
      slowestNanos.accumulateAndGet(took, Math::max);
      assertThat(Duration.ofNanos(took)).as("%s.%s took %d ms, over the budget of %d ms", testClass.getSimpleName(),
          method, took / 1_000_000, BUDGET.toMillis()).isLessThanOrEqualTo(BUDGET);
    }

    /**
     * Prints the target's figures once after its run: executions, executions/s, corpus size (the checked-in
     * inputs and what the fuzzer kept under {@code .cifuzz-corpus}), crashes found (files Jazzer wrote into the
     * inputs folder during the run) and the slowest input (its warm run).
     */
    public void report() {
      long runs = executions.get();
      double seconds = Math.max(1e-9, (lastNanos.get() - firstNanos.get()) / 1e9);
      Path inputs = Path.of("src/test/resources", testClass.getPackageName().replace('.', '/'),
          testClass.getSimpleName() + "Inputs", method);
      Path generated = Path.of(".cifuzz-corpus", testClass.getName(), method);
      long seeds = count(inputs, p -> !isFinding(p) || !modifiedSince(p, startedMillis));
      long kept = count(generated, p -> true);
      long crashes = count(inputs, p -> isFinding(p) && modifiedSince(p, startedMillis));
      // The run's own report, read in the build log: not a log line.
      System.out.println(String.format(Locale.ROOT,
          "FUZZ %s.%s (%s): %d executions in %.1f s, %.0f executions/s, corpus %d (%d checked in + %d kept), "
              + "%d crashes, slowest input %.1f ms", testClass.getSimpleName(), method,
          fuzzing() ? "fuzzing" : "regression", runs, seconds, runs / seconds, seeds + kept, seeds, kept, crashes,
          slowestNanos.get() / 1e6));
    }
  }

  private static boolean isFinding(Path p) {
    String name = p.getFileName().toString();
    return name.startsWith("crash-") || name.startsWith("timeout-") || name.startsWith("oom-")
        || name.startsWith("leak-") || name.startsWith("slow-unit-");
  }

  private static boolean modifiedSince(Path p, long millis) {
    try {
      return Files.getLastModifiedTime(p).toMillis() >= millis;
    } catch (IOException e) {
      return false;
    }
  }

  private static long count(Path dir, java.util.function.Predicate<Path> which) {
    if (!Files.isDirectory(dir)) return 0;
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).filter(which).count();
    } catch (IOException e) {
      return 0;
    }
  }
}

package dev.waymark.testing;

import java.util.Locale;

/**
 * One benchmark figure next to its target, with a verdict. Benchmarks run only with {@code -Pbench}; they print,
 * they do not fail on a slow machine, so a reader compares the figure with the target on the same line.
 */
public record BenchmarkTarget(String what, double measured, String unit, double target, boolean atMost) {

  /** A figure that should stay at or under its target (a time, a size). */
  public static BenchmarkTarget atMost(String what, double measured, String unit, double target) {
    return new BenchmarkTarget(what, measured, unit, target, true);
  }

  /** A figure that should reach at least its target (a rate). */
  public static BenchmarkTarget atLeast(String what, double measured, String unit, double target) {
    return new BenchmarkTarget(what, measured, unit, target, false);
  }

  public boolean met() {
    return atMost ? measured <= target : measured >= target;
  }

  /** {@code TARGET apply turn at 2,000 nodes: 312.4 µs (target ≤ 1000 µs) MET}. */
  public String line() {
    return String.format(Locale.ROOT, "TARGET %s: %s %s (target %s %s %s) %s", what, number(measured), unit,
        atMost ? "≤" : "≥", number(target), unit, met() ? "MET" : "MISSED");
  }

  /** Prints the line on the build's output and returns whether the target was met. */
  public boolean print() {
    // The benchmark's own report, read in the build log: not a log line.
    System.out.println(line());
    return met();
  }

  private static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%.0f", v)
        : String.format(Locale.ROOT, "%.2f", v);
  }
}

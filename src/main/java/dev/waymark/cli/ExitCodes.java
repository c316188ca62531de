package dev.waymark.cli;

/** Exit codes every command that drives a browser shares, so scripts can tell the same failure apart the same way. */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int USAGE = 2;
  public static final int NO_BROWSER = 3;
  public static final int NOT_CONNECTED = 4;
  /** A step failed (for {@code run} over several runs: at least one run did not pass). */
  public static final int STEP_FAILED = 5;
  /** A step's effect is unknown: check it by hand; it is never repeated. */
  public static final int UNCERTAIN = 6;
  /** A variable the steps use has no value. */
  public static final int MISSING_VALUE = 8;
  /** Stopped (interrupted). */
  public static final int STOPPED = 11;

  private ExitCodes() {}
}

package dev.waymark.cli;

/** Exit codes every command that drives a browser shares, so scripts can tell the same failure apart the same way. */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int USAGE = 2;
  public static final int NO_BROWSER = 3;
  public static final int NOT_CONNECTED = 4;

  private ExitCodes() {}
}

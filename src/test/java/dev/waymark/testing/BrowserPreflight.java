package dev.waymark.testing;

/**
 * Run by Maven before the tests (phase process-test-classes): stops the build in its first seconds with one
 * message when no browser is found, instead of letting a third of the suite error out one by one.
 */
public final class BrowserPreflight {
  private BrowserPreflight() {}

  public static void main(String[] args) {
    if (Browsers.skipped()) {
      System.out.println("[waymark] -D" + Browsers.MODE_PROPERTY + "=none: the real-browser tests will be skipped");
      return;
    }
    if (Browsers.find().isEmpty()) {
      System.err.println("[waymark] " + Browsers.missingMessage());
      System.exit(1);
    }
    System.out.println("[waymark] real-browser tests use " + Browsers.chromium());
  }
}

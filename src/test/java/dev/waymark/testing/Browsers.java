package dev.waymark.testing;

import dev.waymark.bridge.BrowserLocator;
import dev.waymark.firefox.FirefoxLocator;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The one browser every real-browser test uses, found like a user's ({@link BrowserLocator}). With
 * {@code -Dwaymark.browser=none} the real-browser tests are skipped on purpose; otherwise a missing browser
 * is an error, never a quiet skip.
 */
public final class Browsers {
  /** {@code -Dwaymark.browser=none}: skip every real-browser test (the build says how many). */
  public static final String MODE_PROPERTY = "waymark.browser";
  /** The reason a skipped real-browser test carries; the skip report counts tests by it. */
  static final String SKIP_REASON = "real-browser test skipped (-Dwaymark.browser=none)";

  private static volatile Optional<Path> found;
  private static volatile Optional<Path> foundFirefox;

  private Browsers() {}

  /** True when the person asked to run without a browser. */
  public static boolean skipped() {
    return "none".equalsIgnoreCase(System.getProperty(MODE_PROPERTY, "").trim());
  }

  /** The browser found on this machine, if any. */
  public static Optional<Path> find() {
    Optional<Path> f = found;
    if (f == null) {
      f = BrowserLocator.system().find(null);
      found = f;
    }
    return f;
  }

  /** The browser for a real-browser test; fails with the install message when there is none. */
  public static Path chromium() {
    return find().orElseThrow(() -> new IllegalStateException(missingMessage()));
  }

  /**
   * The Firefox for the cross-engine tests; fails with the install message when there is none (the same rule as a
   * missing Chromium: {@code -Dwaymark.browser=none} is the only way to leave them out).
   */
  public static Path firefox() {
    Optional<Path> f = foundFirefox;
    if (f == null) {
      f = FirefoxLocator.system().find(null);
      foundFirefox = f;
    }
    return f.orElseThrow(() -> new IllegalStateException(FirefoxLocator.notFoundMessage(null)
        + ". To run only the tests that need no browser: mvn -B verify -D" + MODE_PROPERTY + "=none"));
  }

  /** The one message a build without a browser stops with. */
  public static String missingMessage() {
    return BrowserLocator.notFoundMessage(null)
        + " To run only the tests that need no browser: mvn -B verify -D" + MODE_PROPERTY + "=none";
  }
}

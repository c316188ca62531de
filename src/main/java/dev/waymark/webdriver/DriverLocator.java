package dev.waymark.webdriver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds chromedriver the way {@code bridge.BrowserLocator} finds the browser: an explicit path, then
 * {@code -Dwaymark.chromedriver}, {@code $WAYMARK_CHROMEDRIVER}, {@code chromedriver} on PATH, then Debian's and
 * the usual install folders. Never downloads one (Selenium Manager stays off: the path is always given).
 */
public final class DriverLocator {
  public static final String PROPERTY = "waymark.chromedriver";
  public static final String ENVIRONMENT = "WAYMARK_CHROMEDRIVER";
  private static final List<String> FOLDERS = List.of("/usr/bin", "/usr/lib/chromium", "/usr/local/bin", "/opt/homebrew/bin");

  private DriverLocator() {}

  /** The chromedriver to use, if one is found. */
  public static Optional<Path> find(Path explicit) {
    List<Path> candidates = new ArrayList<>();
    if (explicit != null) return Files.isExecutable(explicit) ? Optional.of(explicit) : Optional.empty();
    String prop = System.getProperty(PROPERTY);
    if (prop != null && !prop.isBlank()) candidates.add(Path.of(prop));
    String env = System.getenv(ENVIRONMENT);
    if (env != null && !env.isBlank()) candidates.add(Path.of(env));
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        if (!dir.isBlank()) candidates.add(Path.of(dir, "chromedriver"));
      }
    }
    for (String dir : FOLDERS) candidates.add(Path.of(dir, "chromedriver"));
    return candidates.stream().filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst();
  }

  /** What to say when none is found. */
  public static String notFoundMessage(Path explicit) {
    if (explicit != null) return "chromedriver " + explicit + " does not exist or is not executable";
    return "no chromedriver found: install one that matches the browser (Debian/Ubuntu: sudo apt-get install "
        + "chromium-driver), or name it with -D" + PROPERTY + "=PATH or $" + ENVIRONMENT;
  }
}

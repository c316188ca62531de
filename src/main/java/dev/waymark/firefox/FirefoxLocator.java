package dev.waymark.firefox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Finds Firefox the way {@code bridge.BrowserLocator} finds Chromium: an explicit path (and only it), then
 * {@code -Dwaymark.firefox}, {@code $WAYMARK_FIREFOX}, {@code firefox-esr}/{@code firefox} on PATH, then the usual
 * install folders of Linux, macOS and Windows. Never downloads one.
 */
public final class FirefoxLocator {
  public static final String PROPERTY = "waymark.firefox";
  public static final String ENVIRONMENT = "WAYMARK_FIREFOX";
  /** Executable names on PATH: Debian's ESR package first, then the release, developer and nightly builds. */
  public static final List<String> NAMES = List.of("firefox-esr", "firefox", "firefox-developer-edition", "firefox-nightly");

  private final Function<String, String> properties;
  private final Function<String, String> environment;
  private final String osName;
  private final Predicate<Path> executable;

  FirefoxLocator(Function<String, String> properties, Function<String, String> environment, String osName,
      Predicate<Path> executable) {
    this.properties = properties;
    this.environment = environment;
    this.osName = osName.toLowerCase(Locale.ROOT);
    this.executable = executable;
  }

  /** The locator of this process: its system properties, environment and file system. */
  public static FirefoxLocator system() {
    return new FirefoxLocator(System::getProperty, System::getenv, System.getProperty("os.name", ""),
        p -> Files.isExecutable(p) && !Files.isDirectory(p));
  }

  /** For tests of the search order: the given properties, environment and OS, files as they are. */
  static FirefoxLocator of(Map<String, String> properties, Map<String, String> environment, String osName) {
    return new FirefoxLocator(properties::get, environment::get, osName, p -> Files.isExecutable(p) && !Files.isDirectory(p));
  }

  /** The Firefox to use: {@code explicit} when given (and only it), else the first found in the search order. */
  public Optional<Path> find(Path explicit) {
    if (explicit != null) return executable.test(explicit) ? Optional.of(explicit) : Optional.empty();
    for (Path candidate : candidates()) {
      if (executable.test(candidate)) return Optional.of(candidate);
    }
    return Optional.empty();
  }

  /** Every place looked at, in order. */
  List<Path> candidates() {
    List<Path> out = new ArrayList<>();
    addConfigured(out, properties.apply(PROPERTY));
    addConfigured(out, environment.apply(ENVIRONMENT));
    String path = environment.apply("PATH");
    if (path != null) {
      for (String name : NAMES) {
        for (String dir : path.split(windows() ? ";" : ":")) {
          if (!dir.isEmpty()) out.add(Path.of(dir, windows() ? name + ".exe" : name));
        }
      }
    }
    out.addAll(installFolders());
    return out;
  }

  private List<Path> installFolders() {
    if (windows()) {
      List<Path> out = new ArrayList<>();
      for (String root : new String[] {environment.apply("ProgramFiles"), environment.apply("ProgramFiles(x86)")}) {
        if (root == null || root.isBlank()) continue;
        out.add(Path.of(root, "Mozilla Firefox", "firefox.exe"));
        out.add(Path.of(root, "Firefox Developer Edition", "firefox.exe"));
      }
      return out;
    }
    if (osName.contains("mac")) {
      return List.of(Path.of("/Applications/Firefox.app/Contents/MacOS/firefox"),
          Path.of("/Applications/Firefox ESR.app/Contents/MacOS/firefox"),
          Path.of("/Applications/Firefox Developer Edition.app/Contents/MacOS/firefox"));
    }
    return List.of(Path.of("/usr/bin/firefox-esr"), Path.of("/usr/bin/firefox"), Path.of("/usr/lib/firefox-esr/firefox-esr"),
        Path.of("/usr/lib/firefox/firefox"), Path.of("/opt/firefox/firefox"), Path.of("/snap/bin/firefox"));
  }

  private static void addConfigured(List<Path> out, String value) {
    if (value != null && !value.isBlank()) out.add(Path.of(value.trim()));
  }

  private boolean windows() {
    return osName.contains("win");
  }

  /**
   * The build's preflight for the cross-engine tests, run by Maven as a single source file (this class needs only the
   * JDK): {@code java FirefoxLocator.java MODE}. MODE {@code none} skips the real-browser tests; otherwise a missing
   * Firefox stops the build with one message in its first seconds, as a missing Chromium does.
   */
  public static void main(String[] args) {
    String mode = args.length > 0 ? args[0].trim() : "";
    // The build's own output, read by the person running it: not a log line.
    if ("none".equalsIgnoreCase(mode)) return;
    Optional<Path> found = system().find(null);
    if (found.isEmpty()) {
      System.err.println("[waymark] " + notFoundMessage(null) + ". The cross-engine tests need it. To run only the tests "
          + "that need no browser: mvn -B verify -Dwaymark.browser=none");
      System.exit(1);
    }
    System.out.println("[waymark] cross-engine tests use " + found.get());
  }

  /** What to say when none is found: where it looked and how to install one, in one line. */
  public static String notFoundMessage(Path explicit) {
    if (explicit != null) return "Firefox " + explicit + " does not exist or is not executable";
    return "no Firefox found: install it (Debian: sudo apt-get install firefox-esr; Ubuntu: sudo snap install firefox; "
        + "Fedora: sudo dnf install firefox; macOS: brew install --cask firefox; Windows: winget install Mozilla.Firefox), "
        + "or name it with --firefox PATH, -D" + PROPERTY + "=PATH or $" + ENVIRONMENT;
  }
}

package dev.waymark.bridge;

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
 * Finds a Chromium-family browser the way a person would look for one: an explicit path, then
 * {@code -Dwaymark.chromium}, then {@code WAYMARK_CHROMIUM}, then the usual executable names on PATH, then the
 * usual install folders of Linux, macOS and Windows. The studio, every command and the tests share it.
 */
public final class BrowserLocator {
  public static final String PROPERTY = "waymark.chromium";
  public static final String ENVIRONMENT = "WAYMARK_CHROMIUM";
  /** Executable names on PATH, most specific first (Debian's package, Ubuntu's, Chrome, Edge, Brave). */
  public static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome",
      "google-chrome-stable", "chrome", "microsoft-edge", "microsoft-edge-stable", "brave-browser");

  private final Function<String, String> properties;
  private final Function<String, String> environment;
  private final String osName;
  private final Predicate<Path> executable;

  BrowserLocator(Function<String, String> properties, Function<String, String> environment, String osName,
      Predicate<Path> executable) {
    this.properties = properties;
    this.environment = environment;
    this.osName = osName.toLowerCase(Locale.ROOT);
    this.executable = executable;
  }

  /** The locator of this process: its system properties, environment and file system. */
  public static BrowserLocator system() {
    return new BrowserLocator(System::getProperty, System::getenv, System.getProperty("os.name", ""),
        p -> Files.isExecutable(p) && !Files.isDirectory(p));
  }

  /** For tests of the search order: the given properties, environment and OS, files as they are. */
  static BrowserLocator of(Map<String, String> properties, Map<String, String> environment, String osName) {
    return new BrowserLocator(properties::get, environment::get, osName, p -> Files.isExecutable(p) && !Files.isDirectory(p));
  }

  /** The browser to use: {@code explicit} when given (and only it), else the first found in the search order. */
  public Optional<Path> find(Path explicit) {
    if (explicit != null) return executable.test(explicit) ? Optional.of(explicit) : Optional.empty();
    for (Path candidate : candidates()) {
      if (executable.test(candidate)) return Optional.of(candidate);
    }
    return Optional.empty();
  }

  /** Every place looked at, in order, for an error message or a test. */
  List<Path> candidates() {
    List<Path> out = new ArrayList<>();
    addConfigured(out, properties.apply(PROPERTY));
    addConfigured(out, environment.apply(ENVIRONMENT));
    String path = environment.apply("PATH");
    if (path != null) {
      for (String name : NAMES) {
        for (String dir : path.split(windows() ? ";" : ":")) {
          if (dir.isEmpty()) continue;
          out.add(Path.of(dir, windows() ? name + ".exe" : name));
          if (windows() && name.equals("chrome")) out.add(Path.of(dir, "msedge.exe"));
        }
      }
    }
    out.addAll(installFolders());
    return out;
  }

  private static void addConfigured(List<Path> out, String value) {
    if (value != null && !value.isBlank()) out.add(Path.of(value.trim()));
  }

  private boolean windows() {
    return osName.startsWith("windows");
  }

  private List<Path> installFolders() {
    List<Path> out = new ArrayList<>();
    if (windows()) {
      for (String base : new String[] {environment.apply("ProgramFiles"), environment.apply("ProgramFiles(x86)"),
          environment.apply("LOCALAPPDATA")}) {
        if (base == null) continue;
        out.add(Path.of(base, "Chromium", "Application", "chrome.exe"));
        out.add(Path.of(base, "Google", "Chrome", "Application", "chrome.exe"));
        out.add(Path.of(base, "Microsoft", "Edge", "Application", "msedge.exe"));
        out.add(Path.of(base, "BraveSoftware", "Brave-Browser", "Application", "brave.exe"));
      }
    } else if (osName.startsWith("mac")) {
      String home = properties.apply("user.home");
      for (String app : new String[] {"Chromium.app/Contents/MacOS/Chromium",
          "Google Chrome.app/Contents/MacOS/Google Chrome", "Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
          "Brave Browser.app/Contents/MacOS/Brave Browser"}) {
        out.add(Path.of("/Applications", app));
        if (home != null) out.add(Path.of(home, "Applications", app));
      }
    } else {
      for (String p : new String[] {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium",
          "/usr/lib/chromium/chromium", "/opt/google/chrome/chrome", "/opt/microsoft/msedge/msedge",
          "/opt/brave.com/brave/brave"}) {
        out.add(Path.of(p));
      }
    }
    return out;
  }

  /**
   * The build's preflight, run by Maven before anything else as a single source file (this class needs only
   * the JDK): {@code java BrowserLocator.java MODE}. MODE {@code none} skips the real-browser tests; otherwise
   * a missing browser stops the build with one message, in its first seconds.
   */
  public static void main(String[] args) {
    String mode = args.length > 0 ? args[0].trim() : "";
    // The build's own output, read by the person running it: not a log line.
    if ("none".equalsIgnoreCase(mode)) {
      System.out.println("[waymark] -Dwaymark.browser=none: the real-browser tests will be skipped");
      return;
    }
    Optional<Path> found = system().find(null);
    if (found.isEmpty()) {
      System.err.println("[waymark] " + notFoundMessage(null)
          + " To run only the tests that need no browser: mvn -B verify -Dwaymark.browser=none");
      System.exit(1);
    }
    System.out.println("[waymark] real-browser tests use " + found.get());
  }

  /** What a person reads when no browser was found: where it looked and how to install one on each system. */
  public static String notFoundMessage(Path explicit) {
    if (explicit != null) {
      return "No browser executable at " + explicit + ". Pass the path of Chromium, Chrome, Edge or Brave.";
    }
    return "No Chromium-family browser found (looked at -D" + PROPERTY + ", $" + ENVIRONMENT + ", "
        + String.join(", ", NAMES) + " on PATH, and the usual install folders). Install one — "
        + "Debian/Ubuntu: sudo apt-get install chromium (Ubuntu: sudo snap install chromium); "
        + "Fedora: sudo dnf install chromium; macOS: brew install --cask chromium; "
        + "Windows: winget install Google.Chrome — or point " + ENVIRONMENT + " (or --chromium) at one.";
  }
}

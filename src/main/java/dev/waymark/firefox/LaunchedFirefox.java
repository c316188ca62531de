package dev.waymark.firefox;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Firefox that Waymark started with its WebDriver BiDi endpoint open ({@code --remote-debugging-port=0}: a free
 * port, which Firefox names on its output) in a fresh profile of its own. No driver binary stands between: Waymark
 * speaks BiDi to Firefox directly (decision 0058). Closing it ends the process and deletes the profile.
 */
public final class LaunchedFirefox implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LaunchedFirefox.class);
  private static final Pattern LISTENING = Pattern.compile("WebDriver BiDi listening on (ws://\\S+)");
  private static final int TAIL_LINES = 40;

  /**
   * Preferences of the fresh profile. Firefox's remote agent applies its own recommended automation preferences on
   * top; these keep a first start quiet on a closed network (no welcome page, no update or telemetry traffic).
   */
  private static final List<String> PREFERENCES = List.of(
      "user_pref(\"browser.shell.checkDefaultBrowser\", false);",
      "user_pref(\"browser.startup.homepage_override.mstone\", \"ignore\");",
      "user_pref(\"browser.startup.page\", 0);",
      "user_pref(\"browser.aboutwelcome.enabled\", false);",
      "user_pref(\"startup.homepage_welcome_url\", \"about:blank\");",
      "user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);",
      "user_pref(\"toolkit.telemetry.reportingpolicy.firstRun\", false);",
      "user_pref(\"app.update.disabledForTesting\", true);",
      "user_pref(\"app.normandy.enabled\", false);",
      "user_pref(\"messaging-system.rsexperimentloader.enabled\", false);",
      "user_pref(\"network.captive-portal-service.enabled\", false);",
      "user_pref(\"network.connectivity-service.enabled\", false);",
      "user_pref(\"browser.newtabpage.enabled\", false);",
      "user_pref(\"browser.download.panel.shown\", true);",
      "user_pref(\"extensions.update.enabled\", false);",
      "user_pref(\"browser.translations.automaticallyPopup\", false);");

  private final Process process;
  private final Path profile;
  private final boolean ownProfile;
  private final URI bidi;
  private final Deque<String> tail;

  private LaunchedFirefox(Process process, Path profile, boolean ownProfile, URI bidi, Deque<String> tail) {
    this.process = process;
    this.profile = profile;
    this.ownProfile = ownProfile;
    this.bidi = bidi;
    this.tail = tail;
  }

  /**
   * Starts {@code firefox} headless or with a window in a new temporary profile (deleted at close) and waits up to
   * {@code timeout} for its BiDi endpoint; throws with Firefox's last lines when it exits or stays silent.
   */
  public static LaunchedFirefox launch(Path firefox, boolean headless, Duration timeout) throws IOException, InterruptedException {
    return launch(firefox, headless, timeout, null, List.of(), null);
  }

  /**
   * The same in {@code profileDir} (null: a temporary one this object deletes; else the caller's, left in place),
   * with {@code morePreferences} ({@code user_pref(…);} lines) and Firefox's output also written to {@code log}.
   */
  public static LaunchedFirefox launch(Path firefox, boolean headless, Duration timeout, Path profileDir,
      List<String> morePreferences, Path log) throws IOException, InterruptedException {
    return launch(firefox, headless, timeout, profileDir, morePreferences, log, List.of());
  }

  /** The same with {@code moreArguments} on Firefox's command line, before the first page's URL. */
  public static LaunchedFirefox launch(Path firefox, boolean headless, Duration timeout, Path profileDir,
      List<String> morePreferences, Path log, List<String> moreArguments) throws IOException, InterruptedException {
    boolean own = profileDir == null;
    Path profile = own ? Files.createTempDirectory("waymark-firefox-") : Files.createDirectories(profileDir);
    List<String> prefs = new ArrayList<>(PREFERENCES);
    prefs.addAll(morePreferences);
    Files.write(profile.resolve("user.js"), prefs, StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>(List.of(firefox.toString(), "--remote-debugging-port=0", "--no-remote",
        "--new-instance", "--profile", profile.toString()));
    if (headless) command.add("--headless");
    command.addAll(moreArguments);
    command.add("about:blank");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    // No crash-reporter dialog, and no second Firefox taking over this one's profile lock.
    pb.environment().put("MOZ_CRASHREPORTER_DISABLE", "1");
    pb.environment().put("MOZ_NO_REMOTE", "1");
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      if (own) deleteTree(profile);
      throw new IOException("cannot start Firefox " + firefox + ": " + e.getMessage(), e);
    }
    Deque<String> tail = new ArrayDeque<>();
    CompletableFuture<URI> endpoint = new CompletableFuture<>();
    Thread reader = new Thread(() -> drain(process, tail, endpoint, log), "waymark-firefox-output-" + process.pid());
    reader.setDaemon(true);
    reader.start();
    try {
      URI url = endpoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      LOG.info("Firefox {} (pid {}) speaks BiDi at {}", firefox, process.pid(), url);
      return new LaunchedFirefox(process, profile, own, url, tail);
    } catch (TimeoutException | ExecutionException e) {
      String why = process.isAlive() ? "did not open its BiDi endpoint within " + timeout.toSeconds() + " s"
          : "exited with code " + exitCode(process) + " before it opened its BiDi endpoint";
      String lines = lastLines(tail, 8);
      stop(process);
      if (own) deleteTree(profile);
      throw new IOException("Firefox " + firefox + " " + why + (lines.isEmpty() ? "" : "; it said: " + lines));
    } catch (InterruptedException e) {
      stop(process);
      if (own) deleteTree(profile);
      throw e;
    }
  }

  private static void drain(Process process, Deque<String> tail, CompletableFuture<URI> endpoint, Path log) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
         java.io.Writer file = log == null ? java.io.Writer.nullWriter() : Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
      for (String line; (line = in.readLine()) != null; ) {
        file.write(line);
        file.write('\n');
        file.flush();
        synchronized (tail) {
          tail.addLast(line);
          while (tail.size() > TAIL_LINES) tail.removeFirst();
        }
        if (!endpoint.isDone()) {
          Matcher m = LISTENING.matcher(line);
          if (m.find()) endpoint.complete(URI.create(m.group(1)));
        }
      }
    } catch (IOException e) {
      LOG.debug("Firefox's output ended: {}", e.getMessage());
    }
    endpoint.completeExceptionally(new IOException("Firefox's output ended"));
  }

  /** The BiDi endpoint's base address ({@code ws://127.0.0.1:PORT}); a session is opened at {@code /session}. */
  public URI bidiEndpoint() {
    return bidi;
  }

  /** Whether the process still runs. */
  public boolean isRunning() {
    return process.isAlive();
  }

  /** Why the browser is gone (its process exited), or null while it runs. */
  public String whyGone() {
    return process.isAlive() ? null : "the Firefox process exited with code " + exitCode(process);
  }

  /** The process id, for the log and for tests that kill a browser. */
  public long pid() {
    return process.pid();
  }

  /** The process, for a caller that manages the browser's life itself. */
  public Process process() {
    return process;
  }

  /** The profile folder of this browser. */
  public Path profile() {
    return profile;
  }

  /** Firefox's last output lines, for a message when something went wrong. */
  public String logTail(int lines) {
    return lastLines(tail, lines);
  }

  /** Waits up to {@code grace} for the process to end by itself (after BiDi's browser.close), then ends it. */
  public void close(Duration grace) {
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) stop(process);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop(process);
    }
    if (ownProfile) deleteTree(profile);
  }

  @Override
  public void close() {
    close(Duration.ZERO);
  }

  private static void stop(Process process) {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static String exitCode(Process process) {
    try {
      return String.valueOf(process.exitValue());
    } catch (IllegalThreadStateException e) {
      return "?";
    }
  }

  private static String lastLines(Deque<String> tail, int n) {
    synchronized (tail) {
      List<String> all = new ArrayList<>(tail);
      return String.join(" | ", all.subList(Math.max(0, all.size() - n), all.size())).strip();
    }
  }

  private static void deleteTree(Path root) {
    if (root == null || !Files.exists(root)) return;
    // Firefox may still be writing its last files for a moment after it exits: a second pass takes what the first left.
    for (int pass = 0; pass < 3 && Files.exists(root); pass++) {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.sorted(Comparator.reverseOrder()).forEach(p -> {
          try {
            Files.deleteIfExists(p);
          } catch (IOException ignored) {
            // the next pass retries
          }
        });
      } catch (IOException | java.io.UncheckedIOException e) {
        LOG.debug("Deleting {}: {}", root, e.getMessage());
      }
      if (Files.exists(root)) {
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
    if (Files.exists(root)) LOG.warn("The Firefox profile {} could not be deleted", root);
  }
}

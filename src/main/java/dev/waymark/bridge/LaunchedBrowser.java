package dev.waymark.bridge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A Chromium process started by {@link ChromiumLauncher}; closing it stops the browser and removes a temporary profile. */
public final class LaunchedBrowser implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LaunchedBrowser.class);

  private final Process process;
  private final Path root;
  private final Path extensionDir;
  private final Path userDataDir;
  private final Path log;
  private final boolean temporary;
  private final AutoCloseable beforeStop;
  private final String engine;

  LaunchedBrowser(Process process, Path root, Path extensionDir, Path userDataDir, Path log, boolean temporary) {
    this(process, root, extensionDir, userDataDir, log, temporary, null, "Chromium");
  }

  private LaunchedBrowser(Process process, Path root, Path extensionDir, Path userDataDir, Path log, boolean temporary,
      AutoCloseable beforeStop, String engine) {
    this.process = process;
    this.root = root;
    this.extensionDir = extensionDir;
    this.userDataDir = userDataDir;
    this.log = log;
    this.temporary = temporary;
    this.beforeStop = beforeStop;
    this.engine = engine;
  }

  /**
   * A browser another launcher started (Firefox) with the paired extension copy in {@code extensionDir}:
   * {@code beforeStop} (its control connection) is closed before the process is asked to quit; a {@code temporary}
   * {@code root} is deleted after it.
   */
  public static LaunchedBrowser of(String engine, Process process, Path root, Path extensionDir, Path profileDir, Path log,
      boolean temporary, AutoCloseable beforeStop) {
    return new LaunchedBrowser(process, root, extensionDir, profileDir, log, temporary, beforeStop, engine);
  }

  /** The engine's name for messages: "Chromium" or "Firefox". */
  public String engine() {
    return engine;
  }

  /** The browser process. */
  public Process process() {
    return process;
  }

  /** The private copy of the extension the browser loaded. */
  public Path extensionDir() {
    return extensionDir;
  }

  /** The browser's profile folder. */
  public Path userDataDir() {
    return userDataDir;
  }

  /** Whether the browser is still running. */
  public boolean isRunning() {
    return process.isAlive();
  }

  /** The last lines the browser wrote, for error messages. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "";
    }
  }

  /** The DevTools port, when launched with remote debugging (waits for Chromium to write it). */
  public Optional<Integer> devToolsPort(Duration wait) throws InterruptedException {
    Path file = userDataDir.resolve("DevToolsActivePort");
    long deadline = System.nanoTime() + wait.toNanos();
    while (System.nanoTime() < deadline && process.isAlive()) {
      try {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (!lines.isEmpty() && !lines.get(0).isBlank()) {
          return Optional.of(Integer.parseInt(lines.get(0).trim()));
        }
      } catch (IOException | NumberFormatException notYet) {
        // Chromium writes the file a moment after start
      }
      Thread.sleep(50);
    }
    return Optional.empty();
  }

  /** Asks the browser to quit, forces it after 5 s, and deletes a temporary profile. */
  @Override
  public synchronized void close() {
    if (beforeStop != null) {
      try {
        beforeStop.close();
      } catch (Exception e) {
        LOG.debug("Closing the browser's control connection: {}", e.getMessage());
      }
    }
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        LOG.warn("{} did not quit within 5 s; killing it", engine);
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    for (ProcessHandle child : children) {
      if (child.isAlive()) {
        child.destroyForcibly();
      }
    }
    if (temporary) {
      for (int attempt = 0; attempt < 5; attempt++) {
        try {
          ChromiumLauncher.deleteTree(root);
          break;
        } catch (IOException e) {
          // a helper process may still be writing into the profile
          try {
            Thread.sleep(200);
          } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            break;
          }
        }
      }
    }
  }
}

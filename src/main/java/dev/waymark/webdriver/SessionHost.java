package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What stands behind a session's BiDi connection: a classic WebDriver session (chromedriver here, or a Grid node) or
 * a browser that Waymark launched and speaks BiDi to directly (Firefox). The session's step code is the same for
 * both; only how the session is known, watched, fed downloads and ended differs.
 */
public interface SessionHost {
  /** The session's id (on a Grid, the Grid's). */
  String id();

  /** A capability the session was created with ({@code browserName}, {@code browserVersion}, …), or null. */
  Object capability(String name);

  /**
   * Why the browser is gone (an ended session, an exited process), or null when nothing definite says so. Returns at
   * once: asked while a BiDi command waits.
   */
  String whyGone();

  /** Whether allowed downloads land on a Grid node and are fetched from there afterwards (managed downloads). */
  boolean managedDownloads();

  /** Fetches the managed download {@code name} into {@code folder} on this computer. */
  void fetchDownload(String name, Path folder) throws IOException;

  /** Ends the session and the browser behind it; never throws. {@code bidi} is still open when this is called (null: none was opened). */
  void quit(BidiConnection bidi);
}

package dev.waymark.session;

import dev.waymark.bridge.ConfigDir;
import java.io.IOException;
import java.nio.file.Path;

/** Where the session keeps its files, inside the one per-user config folder that {@link ConfigDir} locates. */
public final class ConfigDirs {
  public static final String PROPERTY = ConfigDir.PROPERTY;

  private ConfigDirs() {}

  /** The per-user config folder: the system property, else $XDG_CONFIG_HOME/waymark, else ~/.config/waymark. */
  public static Path config() {
    return ConfigDir.resolve();
  }

  /** The journal folder, created owner-only on first use. */
  public static Path sessions() throws IOException {
    return ownerOnly(config().resolve("sessions"));
  }

  /** The records of runs that did not complete, created owner-only on first use (decision 0054). */
  public static Path runs() throws IOException {
    return ownerOnly(config().resolve("runs"));
  }

  /** Where captured files are kept (created on the first capture). */
  public static Path captures() {
    return config().resolve("captures");
  }

  /** Journals hold page text and reasoning: other local users have no business reading them. */
  static Path ownerOnly(Path dir) throws IOException {
    return ConfigDir.ensureOwnerOnlyDir(dir);
  }
}

package dev.waymark.session;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Where the session keeps its files: {@code <config>/sessions/}, the config folder honouring {@code waymark.config.dir}. */
public final class ConfigDirs {
  public static final String PROPERTY = "waymark.config.dir";

  private ConfigDirs() {}

  /** The per-user config folder: the system property, else $XDG_CONFIG_HOME/waymark, else ~/.config/waymark. */
  public static Path config() {
    String override = System.getProperty(PROPERTY);
    if (override != null && !override.isBlank()) return Path.of(override).toAbsolutePath();
    String xdg = System.getenv("XDG_CONFIG_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) return Path.of(xdg, "waymark");
    return Path.of(System.getProperty("user.home"), ".config", "waymark");
  }

  /** The journal folder, created owner-only on first use. */
  public static Path sessions() throws IOException {
    return ownerOnly(config().resolve("sessions"));
  }

  /** Where captured files are kept (created on the first capture). */
  public static Path captures() {
    return config().resolve("captures");
  }

  static Path ownerOnly(Path dir) throws IOException {
    Files.createDirectories(dir);
    // Journals hold page text and reasoning: other local users have no business reading them.
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }
    return dir;
  }
}

package dev.waymark.bridge;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Locates Waymark's per-user configuration folder and creates owner-only files and folders in it. */
public final class ConfigDir {
  /** System property that overrides the folder (tests point it at a temp dir). */
  public static final String PROPERTY = "waymark.config.dir";

  static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
  public static final Set<PosixFilePermission> OWNER_FILE = dev.waymark.workflow.PrivateFiles.OWNER_FILE;

  private ConfigDir() {
  }

  /** The folder: {@code -Dwaymark.config.dir}, else {@code $XDG_CONFIG_HOME/waymark}, else {@code ~/.config/waymark}. */
  public static Path resolve() {
    String override = System.getProperty(PROPERTY);
    if (override != null && !override.isBlank()) {
      return Path.of(override).toAbsolutePath();
    }
    String xdg = System.getenv("XDG_CONFIG_HOME");
    // the XDG spec says a relative value is invalid and must be ignored
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "waymark");
    }
    return Path.of(System.getProperty("user.home"), ".config", "waymark");
  }

  /** Creates {@code dir} (and parents) and makes the folder itself owner-only. */
  public static Path ensureOwnerOnlyDir(Path dir) throws IOException {
    Files.createDirectories(dir);
    restrict(dir, OWNER_DIR);
    return dir;
  }

  /** Narrows a file or folder to the owner where the file system supports it. */
  public static void restrict(Path path, Set<PosixFilePermission> perms) throws IOException {
    if (isPosix()) {
      Files.setPosixFilePermissions(path, perms);
    } else {
      var file = path.toFile();
      file.setReadable(false, false);
      file.setWritable(false, false);
      file.setReadable(true, true);
      file.setWritable(true, true);
      if (Files.isDirectory(path)) {
        file.setExecutable(false, false);
        file.setExecutable(true, true);
      }
    }
  }

  public static boolean isPosix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }
}

package dev.waymark.ui.theme;

import java.nio.file.Path;

/**
 * What the theme is made of: where the person's choice is kept (null: not kept), how the desktop's preference is
 * read, and how a theme is put on the windows. The app passes the config folder, the desktop and AtlantaFX; a
 * test passes its own folder, a fixed preference and, if it likes, a recorder.
 */
public record Appearance(Path file, SystemAppearance system, Applier applier) {

  /** Puts the light ({@code false}) or dark ({@code true}) theme on the windows; called on the FX thread. */
  @FunctionalInterface
  public interface Applier {
    void apply(boolean dark);
  }

  public Appearance {
    if (system == null) system = SystemAppearance.fixed(false);
    if (applier == null) applier = Themes::apply;
  }

  /** The app's: {@code appearance.json} in the config folder, this desktop's preference, AtlantaFX's themes. */
  public static Appearance of(Path configDir) {
    return new Appearance(configDir.resolve(AppearanceFile.FILE_NAME), DesktopAppearance.current(), Themes::apply);
  }

  /** A studio that keeps its choice beside the approval policy and takes the system to be light (no desktop asked). */
  public static Appearance besidePolicy(Path policyFile) {
    return new Appearance(policyFile == null ? null : AppearanceFile.besidePolicy(policyFile),
        SystemAppearance.fixed(false), Themes::apply);
  }
}

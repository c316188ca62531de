package dev.waymark.ui.common;

import java.util.Locale;

/** The person's theme setting: follow the desktop's light or dark preference, or always one of the two. */
public enum ThemeChoice {
  SYSTEM("Same as the system"),
  LIGHT("Light"),
  DARK("Dark");

  private final String label;

  ThemeChoice(String label) {
    this.label = label;
  }

  /** What Settings shows for it. */
  public String label() {
    return label;
  }

  /** The word saved in {@code appearance.json}. */
  public String settingName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The choice a saved word names; an unknown word is an error whose message lists the known ones. */
  public static ThemeChoice fromSetting(String word) {
    for (ThemeChoice c : values()) {
      if (c.settingName().equalsIgnoreCase(word == null ? "" : word.strip())) return c;
    }
    throw new IllegalArgumentException("unknown theme \"" + word + "\" (system, light or dark)");
  }
}

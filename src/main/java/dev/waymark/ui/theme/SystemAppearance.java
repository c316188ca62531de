package dev.waymark.ui.theme;

/** Whether the desktop prefers a dark theme; asked when the person's choice is "same as the system". */
@FunctionalInterface
public interface SystemAppearance {
  /** True when the desktop prefers dark; false when it prefers light or cannot tell. May take up to about a second. */
  boolean prefersDark();

  /** A desktop that always answers the same (tests, and studios built without a desktop to ask). */
  static SystemAppearance fixed(boolean dark) {
    return () -> dark;
  }
}

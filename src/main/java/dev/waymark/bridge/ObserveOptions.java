package dev.waymark.bridge;

/**
 * What to observe.
 *
 * @param tab         a tab id, or null for the task tab
 * @param maxNodes    node cap (0: the extension's default)
 * @param maxText     text cap in characters (0: the extension's default)
 * @param includeText include the readable page text
 */
public record ObserveOptions(Integer tab, int maxNodes, int maxText, boolean includeText) {
  /** The task tab with the extension's default caps and no page text. */
  public static ObserveOptions defaults() {
    return new ObserveOptions(null, 0, 0, false);
  }
}

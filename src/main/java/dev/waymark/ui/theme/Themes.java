package dev.waymark.ui.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/**
 * The two themes: AtlantaFX's Primer Light and Primer Dark as the user-agent stylesheet of every window of the
 * application. The studio's own stylesheet sits on top and takes its colours from the theme's looked-up colours
 * ({@code -color-fg-default}, {@code -color-bg-subtle}, {@code -color-danger-fg}…), so it follows a switch live.
 */
public final class Themes {
  public static final String LIGHT = new PrimerLight().getUserAgentStylesheet();
  public static final String DARK = new PrimerDark().getUserAgentStylesheet();

  private Themes() {}

  /** Puts the light or dark theme on every open and future window (call on the FX thread). */
  public static void apply(boolean dark) {
    Application.setUserAgentStylesheet(dark ? DARK : LIGHT);
  }
}

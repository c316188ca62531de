package dev.waymark.ui.theme;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The desktop's light or dark preference, read where it can be read without a library: on Linux {@code GTK_THEME}
 * (an explicit override such as {@code Adwaita:dark}), then GNOME's {@code color-scheme}, then a GTK theme whose
 * name ends in {@code -dark}; on macOS {@code AppleInterfaceStyle}; on Windows {@code AppsUseLightTheme}. Each
 * command gets one second. Anything that cannot be read means light. (JavaFX 21 has no platform preference API;
 * it arrived in 22.)
 */
public final class DesktopAppearance implements SystemAppearance {
  private static final Logger LOG = LoggerFactory.getLogger(DesktopAppearance.class);
  private static final long TIMEOUT_MS = 1_000;
  private static final String WINDOWS_KEY = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize";
  private static final Pattern WINDOWS_DARK = Pattern.compile("AppsUseLightTheme\\s+REG_DWORD\\s+0x0+\\b");

  /** Runs a command; answers its standard output, or null when it is missing, fails or takes too long. */
  @FunctionalInterface
  public interface Commands {
    String run(List<String> command);
  }

  private final String os;
  private final UnaryOperator<String> env;
  private final Commands commands;

  public DesktopAppearance(String os, UnaryOperator<String> env, Commands commands) {
    this.os = os == null ? "" : os.toLowerCase(Locale.ROOT);
    this.env = env;
    this.commands = commands;
  }

  /** This machine's desktop, asked through its own commands. */
  public static DesktopAppearance current() {
    return new DesktopAppearance(System.getProperty("os.name", ""), System::getenv, DesktopAppearance::runBounded);
  }

  @Override
  public boolean prefersDark() {
    if (os.contains("mac")) {
      return "dark".equalsIgnoreCase(unquote(commands.run(List.of("defaults", "read", "-g", "AppleInterfaceStyle"))));
    }
    if (os.contains("win")) {
      String out = commands.run(List.of("reg", "query", WINDOWS_KEY, "/v", "AppsUseLightTheme"));
      return out != null && WINDOWS_DARK.matcher(out).find();
    }
    return linuxPrefersDark();
  }

  private boolean linuxPrefersDark() {
    String gtk = env.apply("GTK_THEME");
    if (gtk != null && !gtk.isBlank()) return isDarkThemeName(gtk);
    String scheme = unquote(commands.run(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme")));
    if ("prefer-dark".equals(scheme)) return true;
    if ("prefer-light".equals(scheme)) return false;
    String theme = unquote(commands.run(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme")));
    return theme != null && isDarkThemeName(theme);
  }

  /** {@code Adwaita:dark} (GTK's variant syntax) or a theme named like {@code Adwaita-dark}, {@code Yaru-dark}. */
  private static boolean isDarkThemeName(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT);
    return n.endsWith(":dark") || n.endsWith("-dark") || n.endsWith("_dark");
  }

  /** gsettings prints strings quoted: {@code 'prefer-dark'}. */
  private static String unquote(String out) {
    if (out == null) return null;
    String s = out.strip();
    if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
      s = s.substring(1, s.length() - 1);
    }
    return s;
  }

  static String runBounded(List<String> command) {
    Process p;
    try {
      p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      return null; // not installed here: nothing to read
    }
    try {
      if (!p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        LOG.info("{} did not answer within {} ms; the studio assumes a light desktop", command.get(0), TIMEOUT_MS);
        return null;
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      return null;
    }
  }
}

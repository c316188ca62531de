package dev.waymark.cli;

import java.nio.file.Path;
import java.util.Locale;

/** The browser engines a command can drive: Chromium through the extension, Firefox over its own BiDi endpoint. */
enum Engine {
  CHROMIUM,
  FIREFOX;

  /** The engine {@code --browser} names; {@link #problem} first says whether the name is one. */
  static Engine parse(String name) {
    return FIREFOX.name().equalsIgnoreCase(name == null ? "" : name.strip()) ? FIREFOX : CHROMIUM;
  }

  /** What is wrong with {@code --browser NAME} and the path options beside it, or null. */
  static String problem(String name, Path chromium, Path firefox) {
    String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    if (!n.equals("chromium") && !n.equals("firefox")) {
      return "--browser " + name + ": the engines are chromium and firefox";
    }
    if (n.equals("firefox") && chromium != null) {
      return "--chromium names a Chromium; with --browser firefox name the browser with --firefox PATH";
    }
    if (n.equals("chromium") && firefox != null) return "--firefox names the browser of --browser firefox; add --browser firefox";
    return null;
  }
}

package dev.waymark.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --browser chromium|firefox} and {@code --firefox PATH}, shared by every command that starts a browser. */
final class EngineOptions {
  @Option(names = "--browser", paramLabel = "chromium|firefox", defaultValue = "chromium",
      description = "the engine: chromium (with the Waymark extension), or firefox (with the Waymark add-on, installed "
          + "over Firefox's own WebDriver BiDi endpoint, no driver binary; default: ${DEFAULT-VALUE})")
  String browserName = "chromium";

  @Option(names = "--firefox", paramLabel = "PATH", description = "the Firefox to use with --browser firefox (default: "
      + "-Dwaymark.firefox, $WAYMARK_FIREFOX, then firefox-esr, firefox on PATH or in their install folders)")
  Path firefox;

  /** The engine named (check {@link #problem} first). */
  Engine engine() {
    return Engine.parse(browserName);
  }

  /** What is wrong with the engine options beside {@code --chromium PATH}, or null. */
  String problem(Path chromium) {
    return Engine.problem(browserName, chromium, firefox);
  }
}

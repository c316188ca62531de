package dev.waymark;

import dev.waymark.cli.ApprovalsCommand;
import dev.waymark.cli.AuthorCommand;
import dev.waymark.cli.BrowserCommand;
import dev.waymark.cli.DemoCommand;
import dev.waymark.cli.ExportCommand;
import dev.waymark.cli.ImportCommand;
import dev.waymark.cli.McpCommand;
import dev.waymark.cli.ObserveCommand;
import dev.waymark.cli.RunCommand;
import dev.waymark.cli.ValidateCommand;
import dev.waymark.ui.shell.StudioApp;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The entry point of {@code waymark.jar}. With no command it opens the studio; with one it runs that
 * command. It does not extend Application, so the studio also starts from a plain classpath or a fat jar.
 */
@Command(name = "waymark", mixinStandardHelpOptions = true, version = "Waymark 0.1.0",
    description = "Author browser workflows with a model and a person together.",
    subcommands = {ValidateCommand.class, DemoCommand.class, BrowserCommand.class, ObserveCommand.class,
        AuthorCommand.class, RunCommand.class, McpCommand.class, ExportCommand.class, ImportCommand.class, ApprovalsCommand.class})
public final class Main implements Callable<Integer> {
  @picocli.CommandLine.Parameters(arity = "0..1", paramLabel = "FILE",
      description = "a workflow (.yaml) to open in the Replay window, or a saved session (.waymark.json) to continue")
  java.nio.file.Path file;

  public static void main(String[] args) {
    int code = commandLine().execute(args);
    // The studio returns only when its window closed; commands return their own code.
    System.exit(code);
  }

  public static CommandLine commandLine() {
    return new CommandLine(new Main());
  }

  // Held here: java.util.logging keeps loggers weakly, and a collected one forgets the level set on it.
  private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

  /** The studio's exit code when there is no display to open its window on. */
  public static final int EXIT_NO_DISPLAY = 5;

  @Override
  public Integer call() {
    if (file != null && !java.nio.file.Files.isReadable(file)) {
      System.err.println("waymark: cannot open " + file + ": no readable file there");
      return 2;
    }
    String missing = noDisplay(System.getenv(), System.getProperty("os.name", ""));
    if (missing != null) {
      System.err.println(missing);
      return EXIT_NO_DISPLAY;
    }
    // JavaFX warns when it is loaded from the class path (a fat jar); it runs the same there, and the installed app
    // puts it on the module path, so the warning would only alarm the person.
    JAVAFX_LOG.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
    try {
      StudioApp.launchStudio(file == null ? null : file.toAbsolutePath());
    } catch (RuntimeException e) {
      if (String.valueOf(e.getMessage()).contains("DISPLAY")) {
        System.err.println(noDisplayMessage("the display " + System.getenv("DISPLAY") + " cannot be opened"));
        return EXIT_NO_DISPLAY;
      }
      throw e;
    }
    return 0;
  }

  /**
   * The one line to print when the studio has no display to show its window on, or null when it has one: on Linux and
   * the BSDs an X11 or Wayland display must be named; macOS and Windows always have one.
   */
  static String noDisplay(java.util.Map<String, String> env, String osName) {
    String os = osName.toLowerCase(java.util.Locale.ROOT);
    if (os.contains("mac") || os.contains("win")) return null;
    if (!blank(env.get("DISPLAY")) || !blank(env.get("WAYLAND_DISPLAY"))) return null;
    return noDisplayMessage("DISPLAY and WAYLAND_DISPLAY are not set");
  }

  static String noDisplayMessage(String why) {
    return "waymark: no display to open the studio window on (" + why + "). Run it in a desktop session, or under a "
        + "virtual one: xvfb-run -a java -jar waymark.jar. Without a display these commands work: observe, author, run, "
        + "mcp, validate (java -jar waymark.jar --help).";
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}

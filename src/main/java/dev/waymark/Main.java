package dev.waymark;

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
        AuthorCommand.class, RunCommand.class, McpCommand.class, ExportCommand.class, ImportCommand.class})
public final class Main implements Callable<Integer> {

  public static void main(String[] args) {
    int code = commandLine().execute(args);
    // The studio returns only when its window closed; commands return their own code.
    System.exit(code);
  }

  public static CommandLine commandLine() {
    return new CommandLine(new Main());
  }

  @Override
  public Integer call() {
    StudioApp.launchStudio();
    return 0;
  }
}

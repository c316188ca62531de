package dev.waymark.cli;

import dev.waymark.secrets.ValuesFile;
import dev.waymark.travel.PlaywrightExport;
import dev.waymark.travel.RecorderExport;
import dev.waymark.travel.TravelNote;
import dev.waymark.workflow.Workflow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code waymark export WORKFLOW.yaml --format playwright|recorder}: the workflow as a Playwright test or a Chrome
 * DevTools Recorder flow, for people who already run those. What cannot be carried over is listed on stderr.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Write a workflow as a Playwright test (TypeScript) or a Chrome DevTools Recorder flow (JSON).",
        "Each step that cannot be carried over is marked in the output and listed on stderr; none is left out."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:written", "1:an unexpected error (see the log)",
        "2:the command line, the workflow file or the output cannot be used (each problem is listed with its line)"})
public final class ExportCommand implements Callable<Integer> {
  public static final int EXIT_OK = ExitCodes.OK;
  public static final int EXIT_USAGE = ExitCodes.USAGE;

  @Parameters(index = "0", paramLabel = "WORKFLOW.yaml", description = "the workflow to export")
  Path file;

  @Option(names = "--format", required = true, paramLabel = "playwright|recorder",
      description = "playwright: a Playwright Test file (NAME.spec.ts; each {{ token }} is read from the environment "
          + "variable of its name in capitals, and a playwright.config.ts that uses an installed Chromium is written "
          + "beside it when the folder has none); recorder: a Recorder user flow (NAME.json)")
  String format;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "the file to write (default: beside the workflow)")
  Path output;

  @Option(names = "--values-file", paramLabel = "FILE",
      description = "recorder only: name=value lines (owner-only file) written into the flow in place of their tokens, "
          + "since a flow reads no variables; the flow is then created owner-only (rw-------)")
  Path valuesFile;

  @Option(names = "--force", description = "replace OUT when it exists (never done otherwise)")
  boolean force;

  @Spec
  CommandSpec spec;

  private PrintWriter err;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    err = spec.commandLine().getErr();
    boolean playwright = "playwright".equalsIgnoreCase(format);
    if (!playwright && !"recorder".equalsIgnoreCase(format)) {
      return usage("--format is playwright or recorder, not \"" + format + "\"");
    }
    if (playwright && valuesFile != null) {
      return usage("--values-file is for --format recorder: the Playwright test reads each value from its environment "
          + "variable when it runs, so no value is written into it");
    }
    Workflow wf = TravelFiles.readWorkflow(file, err, "export");
    if (wf == null) return flushed(EXIT_USAGE);
    Map<String, String> values = null;
    if (valuesFile != null) {
      try {
        values = ValuesFile.read(valuesFile);
      } catch (IOException e) {
        return usage(e.getMessage());
      }
    }
    Path target = output != null ? output : TravelFiles.beside(file, playwright ? ".spec.ts" : ".json");
    if (Files.exists(target) && !force) return usage(TravelFiles.exists(target));
    String text;
    List<TravelNote> notes;
    if (playwright) {
      PlaywrightExport.Result r = PlaywrightExport.export(wf, file.getFileName().toString());
      text = r.text();
      notes = r.notes();
      if (!r.environment().isEmpty()) {
        progress("the test reads " + String.join(", ", r.environment().keySet()) + " from the environment");
      }
    } else {
      RecorderExport.Result r = RecorderExport.export(wf, values);
      text = r.json();
      notes = r.notes();
      if (values != null) {
        progress("warning: " + r.valuesWritten() + (r.valuesWritten() == 1 ? " value is" : " values are")
            + " written into " + target + " as plain text (a flow reads no variables); it is created owner-only "
            + "(rw-------): keep it that way, and do not commit or share it");
      }
    }
    try {
      TravelFiles.write(target, text, force, valuesFile != null);
    } catch (IOException e) {
      return usage(TravelFiles.isExists(e) ? TravelFiles.exists(target) : "cannot write " + target + ": " + e.getMessage());
    }
    out.println(target);
    if (playwright) config(target, out);
    for (TravelNote n : notes) progress(n.toString());
    if (!playwright && notes.stream().anyMatch(n -> n.kind() == TravelNote.Kind.NEEDS_VALUE)) {
      progress("the steps above that need a value replay with their {{ tokens }} as text: export again with "
          + "--values-file to write the values in");
    }
    progress("wrote " + target + " (" + wf.steps().size() + (wf.steps().size() == 1 ? " step" : " steps")
        + (notes.isEmpty() ? ", all carried over)" : "; " + notes.size() + " noted above)"));
    out.flush();
    return flushed(EXIT_OK);
  }

  /** Beside a new test, a config that runs it in an installed Chromium, unless the folder has its own. */
  private void config(Path test, PrintWriter out) {
    Path dir = test.toAbsolutePath().getParent();
    for (String name : PlaywrightExport.CONFIG_NAMES) {
      if (Files.exists(dir.resolve(name))) {
        progress("kept " + dir.resolve(name) + "; for an installed Chromium, set use.launchOptions.executablePath there");
        return;
      }
    }
    Path config = dir.resolve(PlaywrightExport.CONFIG_FILE);
    try {
      TravelFiles.write(config, PlaywrightExport.CONFIG, false, false);
      out.println(config);
      progress("wrote " + config + ": it runs the tests there in $WAYMARK_CHROMIUM or /usr/bin/chromium");
    } catch (IOException e) {
      progress("could not write " + config + " (" + e.getMessage() + "); give Playwright an installed Chromium with "
          + "use.launchOptions.executablePath");
    }
  }

  private int usage(String message) {
    err.println("waymark export: " + message);
    return flushed(EXIT_USAGE);
  }

  private int flushed(int code) {
    err.flush();
    return code;
  }

  private void progress(String line) {
    err.println("[waymark] " + line);
  }
}

package dev.waymark.cli;

import dev.waymark.travel.RecorderImport;
import dev.waymark.travel.TravelNote;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code waymark import FLOW.json}: a Chrome DevTools Recorder flow as a workflow that validates and replays with run. */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Read a Chrome DevTools Recorder flow (JSON) into a workflow YAML that replays with run.",
        "Each flow step that cannot be mapped is listed on stderr with its index and type."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:written", "1:an unexpected error (see the log)",
        "2:the command line, the flow or the output cannot be used (each problem is listed with its line)"})
public final class ImportCommand implements Callable<Integer> {
  public static final int EXIT_OK = ExitCodes.OK;
  public static final int EXIT_USAGE = ExitCodes.USAGE;

  @Parameters(index = "0", paramLabel = "FLOW.json", description = "the Recorder flow")
  Path file;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.yaml", description = "the workflow to write (default: beside the flow, NAME.yaml)")
  Path output;

  @Option(names = "--force", description = "replace OUT.yaml when it exists (never done otherwise)")
  boolean force;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String text = TravelFiles.readText(file, err, "import");
    if (text == null) return done(err, EXIT_USAGE);
    Path target = output != null ? output : TravelFiles.beside(file, ".yaml");
    if (Files.exists(target) && !force) {
      err.println("waymark import: " + TravelFiles.exists(target));
      return done(err, EXIT_USAGE);
    }
    String fallbackId = file.getFileName().toString().replaceFirst("(?i)\\.json$", "").replaceAll("[^A-Za-z0-9_.-]", "-");
    RecorderImport.Result r;
    try {
      r = RecorderImport.read(text, fallbackId.isEmpty() || !Character.isLetterOrDigit(fallbackId.charAt(0)) ? "imported" : fallbackId);
    } catch (WorkflowLoadException e) {
      TravelFiles.problems(file, e.problems(), "is not a Recorder flow Waymark can read", err, "import");
      return done(err, EXIT_USAGE);
    }
    for (TravelNote n : r.notes()) err.println("[waymark] " + n);
    Workflow wf = r.workflow();
    if (wf.steps().isEmpty()) {
      err.println("waymark import: no step of " + file + " maps to a workflow step; nothing is written");
      return done(err, EXIT_USAGE);
    }
    String yaml = WorkflowYaml.write(wf);
    try {
      // What is written must read back as a workflow, as validate and run read it.
      WorkflowYaml.read(yaml);
    } catch (WorkflowLoadException e) {
      // The lines are the workflow's: a flow that reads gives a valid workflow unless import itself is wrong.
      err.println("waymark import: the workflow made from " + file + " does not validate (please report it): " + e.getMessage());
      return done(err, EXIT_USAGE);
    }
    try {
      TravelFiles.write(target, yaml, force, false);
    } catch (IOException e) {
      err.println("waymark import: " + (TravelFiles.isExists(e) ? TravelFiles.exists(target) : "cannot write " + target + ": " + e.getMessage()));
      return done(err, EXIT_USAGE);
    }
    out.println(target);
    out.flush();
    long mapped = r.notes().stream().filter(n -> n.kind() == TravelNote.Kind.NOT_MAPPED).count();
    err.println("[waymark] wrote " + target + " (" + wf.steps().size() + (wf.steps().size() == 1 ? " step" : " steps")
        + (mapped == 0 ? ")" : "; " + mapped + " flow " + (mapped == 1 ? "step" : "steps") + " not mapped, listed above)"));
    return done(err, EXIT_OK);
  }

  private static int done(PrintWriter err, int code) {
    err.flush();
    return code;
  }
}

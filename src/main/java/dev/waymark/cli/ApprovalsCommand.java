package dev.waymark.cli;

import dev.waymark.secrets.VariableApprovals;
import dev.waymark.session.PolicyFile;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code waymark approvals list|add FILE.yaml NAME...|revoke FILE.yaml}: which variables a workflow may take from the
 * person's keyring or KeePass file when an agent runs it ({@code workflow_run}). Names only, never values.
 */
@Command(name = "approvals", mixinStandardHelpOptions = true,
    description = "List, add or revoke which variables a workflow may take from your keyring or KeePass file when an "
        + "agent runs it (workflow_run). An edited workflow needs a new approval.")
public final class ApprovalsCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "list|add|revoke", description = "what to do")
  String action;

  @Parameters(index = "1", arity = "0..1", paramLabel = "FILE.yaml", description = "the workflow (add, revoke)")
  Path file;

  @Parameters(index = "2..*", arity = "0..*", paramLabel = "NAME", description = "variables to approve (add; default: every "
      + "variable the workflow declares)")
  List<String> names = new ArrayList<>();

  @Spec
  CommandSpec spec;

  /** Null: the file beside the person's approval policy. */
  private final Path approvalsFile;

  public ApprovalsCommand() {
    this(null);
  }

  /** Works on this approvals file (for embedding and tests). */
  ApprovalsCommand(Path approvalsFile) {
    this.approvalsFile = approvalsFile;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    VariableApprovals approvals = approvalsFile != null ? new VariableApprovals(approvalsFile)
        : VariableApprovals.besidePolicy(PolicyFile.defaultFile());
    try {
      switch (action) {
        case "list" -> {
          var entries = approvals.list();
          if (entries.isEmpty()) out.println("No workflow may take values from your store yet.");
          for (var e : entries) {
            out.println(e.workflow() + " (" + e.key().substring(0, 12) + ", approved " + e.approvedAt() + "): "
                + String.join(", ", e.variables()));
          }
          return 0;
        }
        case "add", "revoke" -> {
          if (file == null) {
            err.println("waymark approvals " + action + ": name the workflow file");
            return ExitCodes.USAGE;
          }
          String text = Files.readString(file, StandardCharsets.UTF_8);
          Workflow wf = WorkflowYaml.read(text);
          String key = VariableApprovals.key(text);
          if (action.equals("revoke")) {
            out.println(approvals.revoke(key) ? "Revoked: " + file + " may take no value from your store."
                : file + " had no approval.");
            return 0;
          }
          Set<String> chosen = new TreeSet<>(names.isEmpty() ? wf.variables().keySet() : names);
          List<String> undeclared = chosen.stream().filter(n -> !wf.variables().containsKey(n)).toList();
          if (chosen.isEmpty() || !undeclared.isEmpty()) {
            err.println("waymark approvals add: " + (chosen.isEmpty() ? file + " declares no variable"
                : file + " declares no variable " + String.join(", ", undeclared) + "; it declares "
                    + String.join(", ", wf.variables().keySet())));
            return ExitCodes.USAGE;
          }
          approvals.approve(key, wf.name() == null ? file.getFileName().toString() : wf.name(), chosen);
          out.println("Approved: " + file + " may take " + String.join(", ", chosen) + " from your store when an agent runs it.");
          return 0;
        }
        default -> {
          err.println("waymark approvals: \"" + action + "\" is not list, add or revoke");
          return ExitCodes.USAGE;
        }
      }
    } catch (WorkflowLoadException e) {
      err.println("waymark approvals: " + file + " is not a workflow: " + e.getMessage());
      return ExitCodes.USAGE;
    } catch (IOException | IllegalArgumentException e) {
      err.println("waymark approvals: " + e.getMessage());
      return ExitCodes.USAGE;
    }
  }
}

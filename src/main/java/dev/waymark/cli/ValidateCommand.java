package dev.waymark.cli;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code waymark validate FILE.yaml [--print]}: checks a workflow file and lists each problem with its line. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Check a workflow YAML file; print a summary, or each problem with its line.")
public final class ValidateCommand implements Callable<Integer> {
  public static final int EXIT_PROBLEMS = 1;
  public static final int EXIT_UNREADABLE = 2;

  @Parameters(index = "0", paramLabel = "FILE.yaml", description = "the workflow file")
  Path file;

  @Option(names = "--print", description = "write the normalized YAML to stdout")
  boolean print;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String text;
    try {
      if (Files.size(file) > WorkflowYaml.MAX_DOCUMENT_CHARS * 4L) {
        err.println(file + ": the file is too large to be a workflow");
        return EXIT_PROBLEMS;
      }
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      err.println(file + ": no such file");
      return EXIT_UNREADABLE;
    } catch (MalformedInputException e) {
      err.println(file + ": not UTF-8 text; save the workflow as UTF-8 and try again");
      return EXIT_UNREADABLE;
    } catch (IOException e) {
      err.println(file + ": cannot read it (" + e.getMessage() + ")");
      return EXIT_UNREADABLE;
    }
    try {
      Workflow wf = WorkflowYaml.read(text);
      if (print) {
        out.print(WorkflowYaml.write(wf));
      } else {
        out.println(summary(file, wf));
      }
      out.flush();
      return 0;
    } catch (WorkflowLoadException e) {
      err.println(file + ": " + (e.problems().size() == 1 ? "1 problem" : e.problems().size() + " problems"));
      for (WorkflowProblem p : e.problems()) err.println("  " + file.getFileName() + ":" + p);
      err.flush();
      return EXIT_PROBLEMS;
    }
  }

  static String summary(Path file, Workflow wf) {
    Map<String, Integer> byType = new LinkedHashMap<>();
    long byPerson = 0;
    for (Step s : wf.steps()) {
      byType.merge(s.type(), 1, Integer::sum);
      if (s.provenance() != null && "person".equals(s.provenance().by())) byPerson++;
    }
    StringBuilder sb = new StringBuilder();
    sb.append(file.getFileName()).append(": valid workflow");
    if (wf.id() != null) sb.append(" \"").append(wf.id()).append('"');
    sb.append(System.lineSeparator()).append("  ").append(wf.steps().size()).append(wf.steps().size() == 1 ? " step" : " steps");
    if (!byType.isEmpty()) sb.append(" (").append(byType.toString().replaceAll("[{}]", "")).append(')');
    if (byPerson > 0) sb.append(", ").append(byPerson).append(" decided by a person");
    sb.append(System.lineSeparator()).append("  ").append(wf.variables().size()).append(wf.variables().size() == 1 ? " variable" : " variables");
    if (!wf.variables().isEmpty()) sb.append(": ").append(String.join(", ", wf.variables().keySet()));
    return sb.toString();
  }
}

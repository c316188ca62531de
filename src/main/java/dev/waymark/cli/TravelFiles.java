package dev.waymark.cli;

import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.List;

/** The files {@code export} and {@code import} read and write: never over a file unless asked, secrets owner-only. */
final class TravelFiles {
  /** Largest input read: a workflow or a flow is never near this. */
  static final long MAX_INPUT_BYTES = WorkflowYaml.MAX_DOCUMENT_CHARS * 4L;

  private TravelFiles() {}

  /** {@code input}'s name with its extension (.yaml, .yml, .json) replaced by {@code extension}, in its folder. */
  static Path beside(Path input, String extension) {
    String name = input.getFileName().toString().replaceFirst("(?i)\\.(ya?ml|json)$", "");
    Path dir = input.toAbsolutePath().getParent();
    return dir.resolve(name + extension);
  }

  /** The text of a file a person named, or null after saying on {@code err} why it cannot be read. */
  static String readText(Path file, PrintWriter err, String command) {
    try {
      if (Files.size(file) > MAX_INPUT_BYTES) {
        err.println("waymark " + command + ": " + file + " is too large to be read");
        return null;
      }
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      err.println("waymark " + command + ": " + file + ": no such file");
    } catch (MalformedInputException e) {
      err.println("waymark " + command + ": " + file + " is not UTF-8 text");
    } catch (IOException e) {
      err.println("waymark " + command + ": cannot read " + file + ": " + e.getMessage());
    }
    return null;
  }

  /** Each problem of a file that cannot be used, with its line, as run and validate list them. */
  static void problems(Path file, List<WorkflowProblem> problems, String what, PrintWriter err, String command) {
    err.println("waymark " + command + ": " + file + " " + what + ": "
        + (problems.size() == 1 ? "1 problem" : problems.size() + " problems"));
    for (WorkflowProblem p : problems) {
      err.println("  " + file + (p.line() > 0 ? ":" + p.line() : "") + ": "
          + (p.field() == null || p.field().isEmpty() ? "" : p.field() + ": ") + p.message());
    }
  }

  /** The workflow in {@code file}, or null after listing its problems (each with its line). */
  static Workflow readWorkflow(Path file, PrintWriter err, String command) {
    String text = readText(file, err, command);
    if (text == null) return null;
    try {
      return WorkflowYaml.read(text);
    } catch (WorkflowLoadException e) {
      problems(file, e.problems(), "cannot be used", err, command);
      return null;
    }
  }

  /**
   * Writes {@code text} to {@code out}: a new file, or with {@code replace} a whole new file in its place (written
   * beside it, then moved over it, so a reader never sees half). {@code ownerOnly}: created rw------- from the first
   * byte, since it holds values.
   */
  static void write(Path out, String text, boolean replace, boolean ownerOnly) throws IOException {
    FileAttribute<?>[] attrs = ownerOnly ? dev.waymark.workflow.PrivateFiles.ownerOnly() : new FileAttribute<?>[0];
    if (!replace) {
      // createFile fails when the file exists: no check-then-write race with another writer.
      Files.createFile(out, attrs);
      try {
        Files.writeString(out, text, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
      } catch (IOException e) {
        Files.deleteIfExists(out);
        throw e;
      }
      return;
    }
    Path dir = out.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, "." + out.getFileName() + "-", ".tmp", attrs);
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** The sentence for an output that exists. */
  static String exists(Path out) {
    return out + " exists; it is not overwritten. Name another file with -o, or pass --force to replace it";
  }

  static boolean isExists(IOException e) {
    return e instanceof FileAlreadyExistsException;
  }
}

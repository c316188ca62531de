package dev.waymark.cli;

import dev.waymark.apply.SecretMask;
import dev.waymark.replay.Heals;
import dev.waymark.replay.ReportFiles;
import dev.waymark.replay.RunReport;
import dev.waymark.replay.ReplayResult;
import dev.waymark.workflow.SelectorEdits;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code run} writes besides its JSON lines: the heals as a diff of the workflow file ({@code --heals}) and the
 * healed workflow beside the original ({@code --accept-heals}, never over an existing file). The file as read is
 * the base of both, so a retargeted run ({@code --base-url}) still proposes only selector changes.
 */
final class RunOutputs {
  /** How many numbered names {@code --accept-heals} tries before it gives up. */
  static final int MAX_HEALED_NAMES = 99;
  private static final Logger LOG = LoggerFactory.getLogger(RunOutputs.class);

  private final Path file;
  private final String text;
  private final Workflow authored;
  private final Consumer<String> progress;
  private final PrintWriter err;

  RunOutputs(Path file, String text, Workflow authored, Consumer<String> progress, PrintWriter err) {
    this.file = file;
    this.text = text;
    this.authored = authored;
    this.progress = progress;
    this.err = err;
  }

  /** Why the output options cannot be used, before anything runs; null when they can. */
  static String problem(Path healsFile, Path reportDir) {
    if (healsFile != null) {
      if (Files.isDirectory(healsFile)) return "--heals " + healsFile + " is a folder; give the file to write the diff to";
      Path parent = healsFile.toAbsolutePath().getParent();
      if (parent != null && !Files.isDirectory(parent)) return "--heals " + healsFile + ": the folder " + parent + " does not exist";
    }
    if (reportDir != null && Files.exists(reportDir) && !Files.isDirectory(reportDir)) {
      return "--report " + reportDir + " is a file; give a folder (it is created when missing)";
    }
    return null;
  }

  /** Writes what was asked; false (after saying why on stderr) when something asked for could not be written. */
  boolean write(ReplayResult result, Path healsFile, boolean accept) {
    if (healsFile == null && !accept) return true;
    List<Heals.Found> heals = Heals.of(authored, result);
    String healed;
    try {
      healed = Heals.healedYaml(text, heals);
    } catch (WorkflowLoadException | SelectorEdits.EditException e) {
      fail("the heals cannot be written into " + file + ": " + e.getMessage() + ". The step lines on stdout carry each "
          + "heal (outcome.healed); change those selectors by hand.");
      return false;
    }
    for (Heals.Found f : heals) progress.accept("heal: " + f.evidence() + (f.writable() ? "" : " (a rewind: not written into the file)"));
    if (result.outcome() != ReplayResult.Outcome.COMPLETED && !heals.isEmpty()) {
      progress.accept("the run stopped before its end: the steps after " + result.failedStep() + " were not checked");
    }
    boolean ok = true;
    if (healsFile != null) {
      String diff = Heals.unifiedDiff(file.getFileName().toString(), text, healed, heals);
      try {
        Files.writeString(healsFile, diff, StandardCharsets.UTF_8);
        progress.accept(diff.isEmpty() ? "no heals: " + healsFile + " is empty (every selector led to its element)"
            : "heals written to " + healsFile + " as a diff of " + file.getFileName() + " (review it, then git apply "
                + "or patch -p1 it)");
      } catch (IOException e) {
        fail("cannot write " + healsFile + ": " + e.getMessage() + ". Check that the folder is writable.");
        ok = false;
      }
    }
    if (accept) {
      if (healed.equals(text)) {
        progress.accept("no heals to accept: " + file.getFileName() + " replayed as written, so no healed copy was written");
      } else {
        ok &= writeHealed(healed);
      }
    }
    return ok;
  }

  /** Writes report.json, report.html and the screenshots into {@code dir}; false (after saying why) when it cannot. */
  boolean writeReport(RunReport report, ReplayResult result, Path dir, SecretMask mask) {
    try {
      int images = ReportFiles.write(dir, report, result, file.getFileName().toString(), text, mask);
      progress.accept("report written to " + dir.resolve("report.html") + " (and report.json, " + images
          + (images == 1 ? " screenshot)" : " screenshots)"));
      return true;
    } catch (IOException e) {
      fail("cannot write the report into " + dir + ": " + e.getMessage() + ". Check that the folder is writable.");
      return false;
    }
  }

  private boolean writeHealed(String healed) {
    String name = file.getFileName().toString();
    String stem = name.replaceFirst("(?i)\\.ya?ml$", "");
    Path dir = file.toAbsolutePath().getParent();
    for (int n = 1; n <= MAX_HEALED_NAMES; n++) {
      Path target = dir.resolve(stem + (n == 1 ? ".healed.yaml" : ".healed-" + n + ".yaml"));
      try {
        // CREATE_NEW: an existing file (another run's, or one written a moment ago) is never replaced.
        Files.writeString(target, healed, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        progress.accept("healed workflow written to " + target + " (" + name + " is unchanged)");
        return true;
      } catch (FileAlreadyExistsException e) {
        // try the next name
      } catch (IOException e) {
        fail("cannot write the healed workflow to " + target + ": " + e.getMessage() + ". Check that the folder is writable.");
        return false;
      }
    }
    fail("the healed workflow was not written: " + stem + ".healed.yaml to " + stem + ".healed-" + MAX_HEALED_NAMES
        + ".yaml all exist in " + dir + ". Remove the old ones and run again.");
    return false;
  }

  private void fail(String message) {
    LOG.warn("run outputs: {}", message);
    synchronized (err) {
      err.println("waymark run: " + message);
      err.flush();
    }
  }
}

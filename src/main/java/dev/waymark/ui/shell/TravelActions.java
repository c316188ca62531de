package dev.waymark.ui.shell;

import dev.waymark.session.SessionException;
import dev.waymark.travel.PlaywrightExport;
import dev.waymark.travel.RecorderExport;
import dev.waymark.travel.RecorderImport;
import dev.waymark.travel.TravelNote;
import dev.waymark.ui.common.UiThreads;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The File menu's ways out and in for automation engineers: the session's workflow as a Playwright test or a Recorder
 * flow, and a Recorder flow as a workflow file. Files are read and written off the FX thread; what a conversion could
 * not carry over is told in the notification bar. The studio never writes values into a flow (the command line does,
 * with --values-file, into an owner-only file).
 */
final class TravelActions {
  /** What the person reads: {@code info} in the status bar, {@code notice} in the notification bar. */
  record Report(String info, String notice) {}

  private final StudioContext ctx;

  TravelActions(StudioContext ctx) {
    this.ctx = ctx;
  }

  CompletableFuture<Report> exportPlaywright(String name) {
    Optional<Path> f = ctx.files().save("Export as Playwright test", name + ".spec.ts", "Playwright tests", "*.spec.ts");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    Path out = f.get();
    return ctx.session().exportYaml().thenApplyAsync(yaml -> {
      PlaywrightExport.Result r = PlaywrightExport.export(read(yaml), "a Waymark studio session");
      write(out, r.text());
      Path dir = out.toAbsolutePath().getParent();
      boolean hasConfig = PlaywrightExport.CONFIG_NAMES.stream().anyMatch(n -> Files.exists(dir.resolve(n)));
      String config = "";
      if (!hasConfig) {
        writeNew(dir.resolve(PlaywrightExport.CONFIG_FILE), PlaywrightExport.CONFIG);
        config = " and " + PlaywrightExport.CONFIG_FILE + " (an installed Chromium)";
      }
      String env = r.environment().isEmpty() ? "" : "; it reads " + String.join(", ", r.environment().keySet()) + " from the environment";
      return report("Exported " + out.getFileName() + config + env, out.getFileName() + " holds every step but", r.notes());
    }, UiThreads.worker());
  }

  CompletableFuture<Report> exportRecorder(String name) {
    Optional<Path> f = ctx.files().save("Export as Recorder flow", name + ".json", "Recorder flows", "*.json");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    Path out = f.get();
    return ctx.session().exportYaml().thenApplyAsync(yaml -> {
      RecorderExport.Result r = RecorderExport.export(read(yaml), null);
      write(out, r.json());
      boolean values = r.notes().stream().anyMatch(n -> n.kind() == TravelNote.Kind.NEEDS_VALUE);
      return report("Exported " + out.getFileName() + (values ? "; its {{ tokens }} stay as written (waymark export "
          + "--values-file writes values into an owner-only copy)" : ""), out.getFileName() + " holds every step but", r.notes(),
          false);
    }, UiThreads.worker());
  }

  CompletableFuture<Report> importRecorder() {
    Optional<Path> f = ctx.files().open("Import Recorder flow", "Recorder flows", "*.json");
    if (f.isEmpty()) return CompletableFuture.completedFuture(null);
    Path in = f.get();
    return CompletableFuture.supplyAsync(() -> {
      String json;
      try {
        json = Files.readString(in, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new CompletionException(new SessionException("The flow could not be read: " + e.getMessage(), e));
      }
      RecorderImport.Result r;
      try {
        r = RecorderImport.read(json, "imported");
      } catch (WorkflowLoadException e) {
        throw new CompletionException(new SessionException(in.getFileName() + " is not a Recorder flow Waymark can read: "
            + e.problems().get(0), e));
      }
      if (r.workflow().steps().isEmpty()) {
        throw new CompletionException(new SessionException("No step of " + in.getFileName() + " maps to a workflow step"));
      }
      String yaml = WorkflowYaml.write(r.workflow());
      read(yaml);
      Path out = besideFree(in, yaml);
      return report("Imported " + in.getFileName() + " as " + out.getFileName() + " (" + r.workflow().steps().size()
          + " steps); File > Replay a workflow… runs it", out.getFileName() + " has every flow step but", r.notes());
    }, UiThreads.worker());
  }

  private static Report report(String info, String lead, List<TravelNote> notes) {
    return report(info, lead, notes, true);
  }

  /** {@code listValues} false: the info already says the tokens stay, so the steps that need a value are not listed again. */
  private static Report report(String info, String lead, List<TravelNote> notes, boolean listValues) {
    List<TravelNote> shown = notes.stream().filter(n -> listValues || n.kind() != TravelNote.Kind.NEEDS_VALUE).toList();
    if (shown.isEmpty()) return new Report(info, null);
    StringBuilder b = new StringBuilder(lead).append(':');
    for (TravelNote n : shown) b.append("\n• ").append(n);
    return new Report(info, b.toString());
  }

  private static Workflow read(String yaml) {
    try {
      return WorkflowYaml.read(yaml);
    } catch (WorkflowLoadException e) {
      throw new CompletionException(new SessionException("The workflow cannot be converted: " + e.getMessage(), e));
    }
  }

  /** The person chose the file in a save dialog, which asked before replacing one. */
  private static void write(Path out, String text) {
    try {
      Files.writeString(out, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CompletionException(new SessionException("Could not write " + out + ": " + e.getMessage(), e));
    }
  }

  private static void writeNew(Path out, String text) {
    try {
      Files.createFile(out);
      Files.writeString(out, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CompletionException(new SessionException("Could not write " + out + ": " + e.getMessage(), e));
    }
  }

  /** NAME.yaml beside the flow, or NAME-2.yaml… when that exists: an import never replaces a file. */
  private static Path besideFree(Path flow, String yaml) {
    String base = flow.getFileName().toString().replaceFirst("(?i)\\.json$", "");
    Path dir = flow.toAbsolutePath().getParent();
    for (int n = 1; n < 1000; n++) {
      Path out = dir.resolve(base + (n == 1 ? "" : "-" + n) + ".yaml");
      try {
        Files.createFile(out);
        Files.writeString(out, yaml, StandardCharsets.UTF_8);
        return out;
      } catch (FileAlreadyExistsException e) {
        // the next name
      } catch (IOException e) {
        throw new CompletionException(new SessionException("Could not write " + out + ": " + e.getMessage(), e));
      }
    }
    throw new CompletionException(new SessionException("Could not find a free name for the workflow beside " + flow));
  }
}

package dev.waymark.replay;

import dev.waymark.apply.SecretMask;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes one run's report into a folder: report.json, the self-contained report.html and the screenshots. */
public final class ReportFiles {
  private ReportFiles() {}

  /**
   * Writes the finished run's report into {@code dir} (created when missing) and returns how many screenshots it
   * holds. Every text of the model is masked already; the written text is masked again as a guard.
   *
   * @param fileText the workflow file as read, the base of each heal's diff (null: no diffs)
   */
  public static int write(Path dir, RunReport report, ReplayResult result, String fileName, String fileText,
      SecretMask mask) throws IOException {
    Files.createDirectories(dir);
    RunReport.Model model = report.finish(result, fileName, fileText);
    Map<String, byte[]> images = new LinkedHashMap<>();
    for (RunReport.Shot s : report.shots()) {
      Files.write(dir.resolve(s.file()), s.jpeg());
      images.put(s.file(), s.jpeg());
    }
    String json = mask.mask(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(model));
    Files.writeString(dir.resolve("report.json"), json + "\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("report.html"), mask.mask(ReportHtml.render(model, images)), StandardCharsets.UTF_8);
    return images.size();
  }
}

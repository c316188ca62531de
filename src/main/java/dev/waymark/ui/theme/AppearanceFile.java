package dev.waymark.ui.theme;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.session.AtomicFiles;
import dev.waymark.ui.common.ThemeChoice;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The studio's look on disk: {@code appearance.json} in the config folder, beside the approval policy, as
 * {@code {"theme": "dark"}}. A missing file, or a missing key, follows the system.
 */
public final class AppearanceFile {
  public static final String FILE_NAME = "appearance.json";

  private AppearanceFile() {}

  /** The appearance file that sits beside the approval policy file. */
  public static Path besidePolicy(Path policyFile) {
    return policyFile.resolveSibling(FILE_NAME);
  }

  /** Reads the theme choice; a file that cannot be used is an error whose message says how to fix it. */
  public static ThemeChoice load(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return ThemeChoice.SYSTEM;
    }
    try {
      JsonNode node = Json.mapper().readTree(text);
      if (node == null || !node.isObject()) throw new IOException("it is not a JSON object");
      JsonNode theme = node.get("theme");
      return theme == null || theme.isNull() ? ThemeChoice.SYSTEM : ThemeChoice.fromSetting(theme.asText());
    } catch (IOException | IllegalArgumentException e) {
      throw new IOException(file + " is not a valid appearance file (" + e.getMessage()
          + "); fix or delete it, then choose the theme again in Settings", e);
    }
  }

  public static void save(Path file, ThemeChoice choice) throws IOException {
    AtomicFiles.write(file, Json.mapper().writerWithDefaultPrettyPrinter()
        .writeValueAsString(Map.of("theme", choice.settingName())) + "\n");
  }
}

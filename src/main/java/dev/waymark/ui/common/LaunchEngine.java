package dev.waymark.ui.common;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.session.AtomicFiles;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Which browser the studio's Launch browser starts: Chromium with the extension, or Firefox with the add-on. Kept
 * in {@code browser.json} in the config folder, beside the approval policy, as {@code {"engine": "firefox"}}; a
 * missing file or key is Chromium.
 */
public enum LaunchEngine {
  CHROMIUM("Chromium"),
  FIREFOX("Firefox");

  public static final String FILE_NAME = "browser.json";
  private final String label;

  LaunchEngine(String label) {
    this.label = label;
  }

  /** The name a person reads. */
  public String label() {
    return label;
  }

  /** The file that sits beside the approval policy file. */
  public static Path besidePolicy(Path policyFile) {
    return policyFile.resolveSibling(FILE_NAME);
  }

  /** Reads the choice; a file that cannot be used is an error whose message says how to fix it. */
  public static LaunchEngine load(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return CHROMIUM;
    }
    try {
      JsonNode node = Json.mapper().readTree(text);
      if (node == null || !node.isObject()) throw new IOException("it is not a JSON object");
      JsonNode engine = node.get("engine");
      if (engine == null || engine.isNull()) return CHROMIUM;
      for (LaunchEngine e : values()) {
        if (e.name().equalsIgnoreCase(engine.asText().strip())) return e;
      }
      throw new IOException("\"" + engine.asText() + "\" is not a browser Waymark launches: chromium or firefox");
    } catch (IOException e) {
      throw new IOException(file + " is not a valid browser choice (" + e.getMessage()
          + "); fix or delete it, then choose the browser again in Settings", e);
    }
  }

  /** Writes the choice (atomically: a crash leaves the old file or the new one, never half of one). */
  public static void save(Path file, LaunchEngine engine) throws IOException {
    AtomicFiles.write(file, Json.mapper().writerWithDefaultPrettyPrinter()
        .writeValueAsString(Map.of("engine", engine.name().toLowerCase(Locale.ROOT))) + "\n");
  }
}

package dev.waymark.session;

import dev.waymark.apply.Capabilities;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The studio's capability settings on disk: {@code capabilities.json} beside the approval policy in the config
 * folder, as {@code {"download": true, "file_upload": false, "viewport_control": true}}. A missing file, or a
 * missing flag, allows (decision 0028).
 */
public final class CapabilitiesFile {
  public static final String FILE_NAME = "capabilities.json";

  private CapabilitiesFile() {}

  /** The capabilities file that sits beside the approval policy file. */
  public static Path besidePolicy(Path policyFile) {
    return policyFile.resolveSibling(FILE_NAME);
  }

  public static Capabilities load(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Capabilities.ALL;
    }
    try {
      var node = Json.mapper().readTree(text);
      if (node == null || !node.isObject()) throw new IOException("it is not a JSON object");
      return new Capabilities(node.path(Capabilities.DOWNLOAD).asBoolean(true),
          node.path(Capabilities.FILE_UPLOAD).asBoolean(true), node.path(Capabilities.VIEWPORT_CONTROL).asBoolean(true));
    } catch (IOException e) {
      throw new IOException(file + " is not a valid capabilities file (" + e.getMessage()
          + "); fix or delete it, then choose the capabilities again in Settings", e);
    }
  }

  public static void save(Path file, Capabilities caps) throws IOException {
    AtomicFiles.write(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(caps) + "\n");
  }
}

package dev.waymark.session;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The person's approval policy on disk: {@code approval-policy.json} in the config folder, as
 * {@code {"submit": "ask", ...}}. A missing file is the defaults (every category asks).
 */
public final class PolicyFile {
  public static final String FILE_NAME = "approval-policy.json";

  private PolicyFile() {}

  public static Path defaultFile() {
    return ConfigDirs.config().resolve(FILE_NAME);
  }

  /** Reads the policy; a file that cannot be used is an error whose message says how to fix it. */
  public static ApprovalPolicy load(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return ApprovalPolicy.defaults();
    }
    try {
      Map<String, String> raw = Json.mapper().readValue(text, new TypeReference<LinkedHashMap<String, String>>() {});
      return ApprovalPolicy.fromSettings(raw);
    } catch (IllegalArgumentException | IOException e) {
      throw new IOException(file + " is not a valid approval policy (" + e.getMessage()
          + "); fix or delete it, then choose the policy again in Settings", e);
    }
  }

  public static void save(Path file, ApprovalPolicy policy) throws IOException {
    AtomicFiles.write(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(policy.toSettings()) + "\n");
  }
}

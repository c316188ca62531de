package dev.waymark.ui;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One studio session for the canary sweep ({@code CanarySweepChromiumTest}): the real studio window in a child JVM
 * under Xvfb at debug level ({@link StudioInAChild} {@code canary}), its own launched Chromium, the canary typed into
 * the Variables panel as the password, a scripted model that signs in with {@code {{ password }}}, every step
 * approved, then File > Copy workflow YAML. Hands back the clipboard, stdout and stderr; files are under {@code dir}.
 */
public final class StudioCanarySession {
  /** What it left: the workflow the clipboard held, the steps the window showed, stdout and stderr. */
  public record Outputs(String clipboard, int steps, String stdout, String stderr) {}

  private StudioCanarySession() {}

  public static Outputs run(Path dir, String signInUrl, String canary) throws Exception {
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "navigate", "url", signInUrl),
        Map.of("type", "fill", "name", "Email", "value", "ada@example.com"),
        Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
        Map.of("type", "click", "name", "Sign in"),
        Map.of("done", true));
    Files.writeString(dir.resolve("plan.json"), Json.write(plan));
    ProcessBuilder pb = new ProcessBuilder(StudioInAChild.command(dir, "canary", "Sign in"))
        .directory(dir.toFile()).redirectOutput(dir.resolve("studio-out.txt").toFile())
        .redirectError(dir.resolve("studio-err.txt").toFile());
    pb.environment().put("WAYMARK_TEST_CANARY", canary);
    Process p = pb.start();
    try {
      if (!p.waitFor(150, TimeUnit.SECONDS)) throw new AssertionError("the studio did not finish its session\n" + StudioInAChild.tail(dir.resolve("studio-err.txt")));
    } finally {
      StudioInAChild.killAll(p);
    }
    String out = Files.readString(dir.resolve("studio-out.txt"), StandardCharsets.UTF_8);
    JsonNode last = null;
    for (String l : out.split("\n")) if (l.startsWith("{")) last = Json.mapper().readTree(l);
    if (last == null || !last.has("clipboard")) throw new AssertionError("no workflow copied\n" + out + "\n" + StudioInAChild.tail(dir.resolve("studio-err.txt")));
    return new Outputs(last.path("clipboard").asText(), last.path("steps").asInt(), out,
        Files.readString(dir.resolve("studio-err.txt"), StandardCharsets.UTF_8));
  }
}

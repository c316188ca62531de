package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The TypeScript MCP SDK's own client ({@code src/test/node/mcp-client/check.mjs}, installed by Maven's npm ci): an
 * agent written by someone else, talking to our server. Its steps come back as JSON lines, by name.
 */
final class TypeScriptSdkClient {
  static final Path DIR = Path.of("src/test/node/mcp-client");

  private TypeScriptSdkClient() {}

  /** Runs the check with {@code args}; every step it printed, by its "what". */
  static Map<String, JsonNode> run(String... args) throws IOException, InterruptedException {
    return script("check.mjs", args);
  }

  /** Runs {@code script} (a file in {@link #DIR}) with {@code args}; every step it printed, by its "what". */
  static Map<String, JsonNode> script(String script, String... args) throws IOException, InterruptedException {
    if (!Files.isDirectory(DIR.resolve("node_modules/@modelcontextprotocol/sdk"))) {
      throw new IllegalStateException("The TypeScript MCP SDK is not installed: run mvn generate-test-resources (it runs "
          + "npm ci in " + DIR + ")");
    }
    List<String> cmd = new ArrayList<>(List.of("node", script));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(DIR.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    String out = read(p.getInputStream());
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the TypeScript client did not finish in 180 s:\n" + out);
    }
    if (p.exitValue() != 0) throw new AssertionError("the TypeScript client failed (" + p.exitValue() + "):\n" + out + "\n" + err.join());
    Map<String, JsonNode> steps = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      if (!line.startsWith("{")) continue;
      JsonNode n = Json.read(line, JsonNode.class);
      steps.put(n.path("what").asText(), n);
    }
    return steps;
  }

  /** {@link #script} on a thread of its own, for a test that answers the client's questions meanwhile. */
  static CompletableFuture<Map<String, JsonNode>> scriptAsync(String script, String... args) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return script(script, args);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    });
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}

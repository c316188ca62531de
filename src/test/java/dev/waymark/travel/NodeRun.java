package dev.waymark.travel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A Node program of src/test/node/travel (installed by Maven's travel-npm-ci), run to its end: exit code and output. */
record NodeRun(int code, String out, String err) {
  static final Path DIR = Path.of("src/test/node/travel");

  /** node_modules of the travel package, checked: its absence says how to get it. */
  static Path modules() {
    Path m = DIR.resolve("node_modules").toAbsolutePath();
    if (!Files.isDirectory(m.resolve("@playwright/test")) || !Files.isDirectory(m.resolve("@puppeteer/replay"))) {
      throw new IllegalStateException("The travel test tools are not installed: run mvn generate-test-resources (it runs "
          + "npm ci in " + DIR + ")");
    }
    return m;
  }

  static NodeRun run(Path dir, Map<String, String> env, String... command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(List.of(command)).directory(dir.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    pb.environment().putAll(env);
    Process p = pb.start();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " did not finish in 120 s:\n" + out.getNow(""));
    }
    return new NodeRun(p.exitValue(), out.join(), err.join());
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}

package dev.waymark.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.cli.RunCommand;
import dev.waymark.workflow.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * One {@code waymark run} for tests, in this JVM: exit code, stdout, stderr, and the log (System.err while it ran,
 * where SLF4J simple writes). With a client the command uses that paired browser instead of launching one.
 */
public record ReplayRun(int code, String out, String err, String log) {

  public static ReplayRun run(BrowserClient client, String... args) {
    synchronized (dev.waymark.testing.TeeOutputStream.SYSTEM_ERR) {
      return runWithErrTeed(client, args);
    }
  }

  private static ReplayRun runWithErrTeed(BrowserClient client, String... args) {
    PrintStream realErr = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    // Set before the CommandLine exists: picocli swaps a writer set earlier for its own when System.err changes.
    System.setErr(new PrintStream(new dev.waymark.testing.TeeOutputStream(log, realErr), true, StandardCharsets.UTF_8));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code;
    try {
      CommandLine cl = new CommandLine(new RunCommand(client));
      cl.setOut(new PrintWriter(out, true));
      cl.setErr(new PrintWriter(err, true));
      code = cl.execute(args);
    } finally {
      System.setErr(realErr);
    }
    return new ReplayRun(code, out.toString(), err.toString(), log.toString(StandardCharsets.UTF_8));
  }

  /** An owner-only values file. */
  public static Path valuesFile(Path dir, Map<String, String> values) throws IOException {
    Path f = dir.resolve("values.txt");
    StringBuilder b = new StringBuilder("# test values\n");
    values.forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
    Files.writeString(f, b.toString());
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    return f;
  }

  /** Every stdout line as JSON. */
  List<JsonNode> lines() throws IOException {
    List<JsonNode> out1 = new ArrayList<>();
    for (String line : out.split("\n")) if (!line.isBlank()) out1.add(Json.mapper().readTree(line));
    return out1;
  }

  /** The step lines (all but the final result). */
  List<JsonNode> steps() throws IOException {
    List<JsonNode> l = lines();
    return l.isEmpty() ? l : l.subList(0, l.size() - 1);
  }

  /** The final result line. */
  JsonNode result() throws IOException {
    List<JsonNode> l = lines();
    return l.get(l.size() - 1);
  }

  List<String> stepIds() throws IOException {
    return steps().stream().map(s -> s.path("step_id").asText()).toList();
  }

  JsonNode step(String id) throws IOException {
    return steps().stream().filter(s -> id.equals(s.path("step_id").asText())).findFirst()
        .orElseThrow(() -> new AssertionError("no line for step " + id + " in\n" + out));
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}

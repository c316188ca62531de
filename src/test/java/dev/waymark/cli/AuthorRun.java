package dev.waymark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.workflow.Json;
import java.io.ByteArrayInputStream;
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
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * One {@code waymark author} run for tests: the plan agent (src/test/resources/agents/plan-agent.mjs) as the
 * decision program, a values file, and everything the run leaves behind: exit code, stdout, stderr, the log
 * (System.err while it ran, where SLF4J simple writes), the prompts the program received, journals, export. Public for
 * the tests of other packages that author first (travel's TodoMVC exports).
 */
public record AuthorRun(int code, String out, String err, String log, List<String> prompts, Path dir, Path export) {
  static final Path AGENT = Path.of("src/test/resources/agents/plan-agent.mjs").toAbsolutePath();

  /** Runs the command in this JVM against an already connected browser. */
  public static AuthorRun inProcess(BrowserClient client, Path dir, String url, String goal, List<Map<String, Object>> plan,
      Map<String, String> values, String terminal, String... extra) throws IOException {
    return inProcess(client, dir, url, goal, plan, values, new ByteArrayInputStream(terminal.getBytes(StandardCharsets.UTF_8)), extra);
  }

  /** Same, with the terminal's input as a stream (one that never ends: the person never types). */
  static AuthorRun inProcess(BrowserClient client, Path dir, String url, String goal, List<Map<String, Object>> plan,
      Map<String, String> values, java.io.InputStream terminal, String... extra) throws IOException {
    Path export = dir.resolve("out.yaml");
    List<String> args = args(dir, url, goal, plan, values, export, extra);
    return withArgs(client, dir, export, terminal, args);
  }

  /** Runs the command in this JVM with exactly {@code args} (a test that brings its own decision program). */
  static AuthorRun withArgs(BrowserClient client, Path dir, Path export, java.io.InputStream terminal, List<String> args) throws IOException {
    synchronized (dev.waymark.testing.TeeOutputStream.SYSTEM_ERR) {
      return withErrTeed(client, dir, export, terminal, args);
    }
  }

  private static AuthorRun withErrTeed(BrowserClient client, Path dir, Path export, java.io.InputStream terminal, List<String> args) throws IOException {
    PrintStream realErr = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    // SLF4J simple looks System.err up on every line, so this catches the whole log of the run. It is set before
    // the CommandLine exists: picocli swaps a writer set earlier for its own when System.err changes under it.
    System.setErr(new PrintStream(new dev.waymark.testing.TeeOutputStream(log, realErr), true, StandardCharsets.UTF_8));
    AuthorCommand cmd = new AuthorCommand();
    cmd.connectedClient = client;
    cmd.terminalIn = terminal;
    cmd.journalDir = dir.resolve("journals");
    CommandLine cl = new CommandLine(cmd);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code;
    try {
      code = cl.execute(args.toArray(String[]::new));
    } finally {
      System.setErr(realErr);
    }
    return new AuthorRun(code, out.toString(), err.toString(), log.toString(StandardCharsets.UTF_8),
        prompts(dir), dir, export);
  }

  static List<String> args(Path dir, String url, String goal, List<Map<String, Object>> plan, Map<String, String> values,
      Path export, String... extra) throws IOException {
    Path planFile = dir.resolve("plan.json");
    Files.writeString(planFile, Json.write(plan));
    Path values1 = dir.resolve("values.txt");
    StringBuilder v = new StringBuilder("# test values\n");
    values.forEach((k, val) -> v.append(k).append('=').append(val).append('\n'));
    Files.writeString(values1, v.toString());
    Files.setPosixFilePermissions(values1, PosixFilePermissions.fromString("rw-------"));
    List<String> args = new ArrayList<>(List.of("--url", url, "--goal", goal,
        "--model", "program:node " + AGENT + " " + planFile + " " + dir.resolve("prompts.jsonl"),
        "--export", export.toString(), "--values-file", values1.toString(), "--policy", dir.resolve("no-policy.json").toString(),
        "--headless"));
    if (!List.of(extra).contains("--budget")) args.addAll(List.of("--budget", "12"));
    args.addAll(List.of(extra));
    return args;
  }

  static List<String> prompts(Path dir) throws IOException {
    Path p = dir.resolve("prompts.jsonl");
    return Files.exists(p) ? Files.readAllLines(p) : List.of();
  }

  /** stdout as parsed JSON lines. */
  List<JsonNode> turns() throws IOException {
    List<JsonNode> out1 = new ArrayList<>();
    for (String line : out.split("\n")) if (!line.isBlank()) out1.add(Json.mapper().readTree(line));
    return out1;
  }

  /** The text of every journal file the run wrote. */
  String journals() throws IOException {
    Path j = dir.resolve("journals");
    if (!Files.isDirectory(j)) return "";
    StringBuilder b = new StringBuilder();
    try (Stream<Path> files = Files.walk(j)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) b.append(Files.readString(f)).append('\n');
    }
    return b.toString();
  }

  public String exported() throws IOException {
    return Files.exists(export) ? Files.readString(export) : "";
  }

  /** {@code waymark run} of what this run exported, in this JVM, on the browser's current tab. */
  public Replay replay(BrowserClient client) throws IOException {
    Path workflow = dir.resolve("replay.yaml");
    Files.writeString(workflow, exported());
    StringWriter out1 = new StringWriter();
    StringWriter err1 = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(client));
    cl.setOut(new PrintWriter(out1, true));
    cl.setErr(new PrintWriter(err1, true));
    int code1 = cl.execute(workflow.toString(), "--output-dir", dir.toString());
    return new Replay(code1, out1.toString(), err1.toString());
  }

  /** What {@code run} left: exit code, stdout (one JSON line per step, then the result), stderr. */
  public record Replay(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}

package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Issue 25's three apps of different kinds — a sign-in with a secret and a redirect, a combobox of a widget library
 * (Tom Select), a framework's TodoMVC (Vue) — authored in one engine by the plan agent and replayed with {@code run}
 * in the other, each replay judged by the page's own text, read by extract steps appended to the export.
 */
final class CrossEngineApps {
  /** How a test loads a page in the authoring browser, outside Waymark (clearing the app's storage first). */
  interface Loader {
    void open(String url) throws Exception;

    void eval(String expression) throws Exception;
  }

  static final String LOGIN = "replay/login.html";
  static final String TOM_SELECT = "gallery/tom-select.html";
  static final String VUE_TODOS = "lib/todomvc/examples/vue/index.html";

  private final BrowserClient client;
  private final Loader loader;
  private final Path dir;

  CrossEngineApps(BrowserClient client, Loader loader, Path dir) {
    this.client = client;
    this.loader = loader;
    this.dir = dir;
  }

  /** Authors the sign-in, replays it with {@code runArgs}, checks the page's greeting and balance. */
  void signIn(String url, List<String> runArgs, String engineSaid) throws Exception {
    loader.open(url);
    String password = "pw-" + System.nanoTime();
    Map<String, String> values = Map.of("email", "ada@example.com", "password", password);
    AuthorRun authored = AuthorRun.inProcess(client, dir, url, "Sign in", List.of(
        Map.of("type", "fill", "name", "Email", "value", "{{ email }}"),
        Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
        Map.of("type", "click", "name", "Sign in"),
        Map.of("done", true, "reasoning", "signed in")), values, "", "--approve", "auto");
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);

    JsonNode stored = replay(authored, """
          - id: shown-user
            type: extract
            selector: {css: "#user"}
            store: user
          - id: shown-balance
            type: extract
            selector: {css: "#balance"}
            store: balance
        """, values, runArgs, engineSaid);
    // The page shows the address it was given, which every output masks back to its token.
    assertThat(stored.path("user").asText()).isEqualTo("Signed in as {{ email }}");
    assertThat(stored.path("balance").asText()).isEqualTo("$1,234.56");
  }

  /** Authors a Tom Select choice, replays it, checks the library's own value as the page prints it. */
  void comboboxChoice(String url, List<String> runArgs, String engineSaid) throws Exception {
    loader.open(url);
    AuthorRun authored = AuthorRun.inProcess(client, dir, url, "Plan a trip to Lisbon", List.of(
        Map.of("type", "select", "name", "Destination city", "value", "Lisbon"),
        Map.of("done", true, "reasoning", "Lisbon is chosen")), Map.of(), "", "--approve", "auto");
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);

    JsonNode stored = replay(authored, """
          - id: shown-choice
            type: extract
            selector: {css: "#chosen"}
            store: chosen
        """, Map.of(), runArgs, engineSaid);
    assertThat(stored.path("chosen").asText()).as("Tom Select's own value, as the page prints it").isEqualTo("Chosen: lisbon|Lisbon");
  }

  /** Authors three todos, one ticked, the Active filter; replays; checks the list and the count the app shows. */
  void vueTodoList(String url, List<String> runArgs, String engineSaid) throws Exception {
    loader.open(url);
    loader.eval("localStorage.clear(), sessionStorage.clear(), true");
    loader.open(url);
    AuthorRun authored = AuthorRun.inProcess(client, dir, url, "Add three todos, tick Walk the dog, show the active ones",
        List.of(Map.of("type", "fill", "name", "What needs to be done?", "value", "Buy milk"),
            Map.of("type", "press", "name", "What needs to be done?", "value", "Enter"),
            Map.of("type", "fill", "name", "What needs to be done?", "value", "Walk the dog"),
            Map.of("type", "press", "name", "What needs to be done?", "value", "Enter"),
            Map.of("type", "fill", "name", "What needs to be done?", "value", "Read a book"),
            Map.of("type", "press", "name", "What needs to be done?", "value", "Enter"),
            Map.of("type", "click", "role", "checkbox", "in", "Walk the dog"),
            Map.of("type", "click", "name", "Active"),
            Map.of("done", true, "reasoning", "two active todos are shown")),
        Map.of(), "", "--approve", "auto", "--budget", "20");
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);

    JsonNode stored = replay(authored, """
          - id: shown-rows
            type: extract
            selector: {css: "#todo-list, .todo-list"}
            store: rows
          - id: shown-count
            type: extract
            selector: {css: "#todo-count, .todo-count"}
            store: count
        """, Map.of(), runArgs, engineSaid);
    assertThat(stored.path("rows").asText()).contains("Buy milk", "Read a book").doesNotContain("Walk the dog");
    assertThat(stored.path("count").asText().replaceAll("\\s+", " ").strip()).isEqualTo("2 items left");
  }

  /** Runs the export with {@code reads} appended, as {@code run FILE runArgs…}; the result's stored slots. */
  private JsonNode replay(AuthorRun authored, String reads, Map<String, String> values, List<String> runArgs, String engineSaid)
      throws Exception {
    Path workflow = dir.resolve("authored.yaml");
    Files.writeString(workflow, authored.exported().stripTrailing() + "\n" + reads);
    List<String> args = new ArrayList<>(List.of(workflow.toString(), "--headless", "--output-dir", dir.toString()));
    args.addAll(runArgs);
    if (!values.isEmpty()) {
      Path file = dir.resolve("values.txt");
      Files.writeString(file, values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue() + "\n").reduce("", String::concat));
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      args.add("--values-file");
      args.add(file.toString());
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = new picocli.CommandLine(new RunCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args.toArray(String[]::new));
    String said = "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    assertThat(code).as(said).isZero();
    assertThat(err.toString()).as(said).containsPattern("replaying .* in " + engineSaid);
    for (String v : values.values()) assertThat(out + "" + err).as("no value in any output").doesNotContain(v);
    return Json.read(out.toString().strip().lines().reduce((a, b) -> b).orElse("{}"), JsonNode.class).path("stored");
  }
}

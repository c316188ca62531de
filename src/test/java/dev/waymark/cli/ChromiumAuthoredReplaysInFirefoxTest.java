package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 25: workflows authored in Chromium (the extension, the plan agent) replay in a fresh Firefox with
 * {@code run --browser firefox}, on three apps of different kinds: a sign-in with a secret and a redirect, a
 * combobox of a widget library (Tom Select), and a framework's TodoMVC (Vue). Each replay is judged by the page's own
 * text, read by extract steps added at the end of the exported workflow.
 */
@RealBrowser
class ChromiumAuthoredReplaysInFirefoxTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @TempDir Path dir;

  @Test
  void aSignInWithASecretReplaysInFirefox() throws Exception {
    String url = browser.pageUrl("replay/login.html");
    browser.open(url);
    String password = "pw-" + System.nanoTime();
    Map<String, String> values = Map.of("email", "ada@example.com", "password", password);
    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Sign in", List.of(
        Map.of("type", "fill", "name", "Email", "value", "{{ email }}"),
        Map.of("type", "fill", "name", "Password", "value", "{{ password }}"),
        Map.of("type", "click", "name", "Sign in"),
        Map.of("done", true, "reasoning", "signed in")), values, "", "--approve", "auto");
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);

    JsonNode stored = runInFirefox(authored, """
          - id: shown-user
            type: extract
            selector: {css: "#user"}
            store: user
          - id: shown-balance
            type: extract
            selector: {css: "#balance"}
            store: balance
        """, values);
    // The page shows the address it was given, which every output masks back to its token.
    assertThat(stored.path("user").asText()).isEqualTo("Signed in as {{ email }}");
    assertThat(stored.path("balance").asText()).isEqualTo("$1,234.56");
  }

  @Test
  void aComboboxChoiceReplaysInFirefoxWithTheLibrarysValue() throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
    String url = browser.pageUrl("gallery/tom-select.html");
    browser.open(url);
    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Plan a trip to Lisbon", List.of(
        Map.of("type", "select", "name", "Destination city", "value", "Lisbon"),
        Map.of("done", true, "reasoning", "Lisbon is chosen")), Map.of(), "", "--approve", "auto");
    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);

    JsonNode stored = runInFirefox(authored, """
          - id: shown-choice
            type: extract
            selector: {css: "#chosen"}
            store: chosen
        """, Map.of());
    assertThat(stored.path("chosen").asText()).as("Tom Select's own value, as the page prints it").isEqualTo("Chosen: lisbon|Lisbon");
  }

  @Test
  void aVueTodoListReplaysInFirefox() throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages (npm todomvc) are not installed");
    String url = browser.pageUrl("lib/todomvc/examples/vue/index.html");
    browser.open(url);
    browser.eval("localStorage.clear(), sessionStorage.clear(), true");
    browser.open(url);
    AuthorRun authored = AuthorRun.inProcess(browser.client(), dir, url, "Add three todos, tick Walk the dog, show the active ones",
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

    JsonNode stored = runInFirefox(authored, """
          - id: shown-rows
            type: extract
            selector: {css: "#todo-list, .todo-list"}
            store: rows
          - id: shown-count
            type: extract
            selector: {css: "#todo-count, .todo-count"}
            store: count
        """, Map.of());
    assertThat(stored.path("rows").asText()).contains("Buy milk", "Read a book").doesNotContain("Walk the dog");
    assertThat(stored.path("count").asText().replaceAll("\\s+", " ").strip()).isEqualTo("2 items left");
  }

  /** Runs the export with {@code reads} appended in a fresh headless Firefox; the result's stored slots. */
  private JsonNode runInFirefox(AuthorRun authored, String reads, Map<String, String> values) throws Exception {
    Path workflow = dir.resolve("authored-in-chromium.yaml");
    Files.writeString(workflow, authored.exported().stripTrailing() + "\n" + reads);
    List<String> args = new java.util.ArrayList<>(List.of(workflow.toString(), "--browser", "firefox", "--headless",
        "--output-dir", dir.toString()));
    if (!values.isEmpty()) {
      Path file = dir.resolve("values.txt");
      Files.writeString(file, values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue() + "\n").reduce("", String::concat));
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      args.add("--values-file");
      args.add(file.toString());
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args.toArray(String[]::new));
    String said = "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    assertThat(code).as(said).isZero();
    assertThat(err.toString()).as(said).containsPattern("replaying .* in Firefox 1\\d\\d");
    for (String v : values.values()) assertThat(out + "" + err).as("no value in any output").doesNotContain(v);
    return Json.read(out.toString().strip().lines().reduce((a, b) -> b).orElse("{}"), JsonNode.class).path("stored");
  }
}

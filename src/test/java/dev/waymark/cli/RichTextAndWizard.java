package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.workflow.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Widgets authored in person terms with {@code author} and a program, exported, and replayed with {@code run} on a
 * fresh load, on both input paths: a paragraph typed into a real Quill editor with one word made bold through its
 * toolbar (the editor's own contents checked), and a three-page form gone through with Next and Complete (the
 * form's own record of what it received checked).
 */
@RealBrowser
abstract class RichTextAndWizard {
  /** The browser the tests author and replay in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--trusted-input", "--page-input"})
  void aParagraphIsTypedAndOneWordMadeBoldThroughTheToolbar(String input) throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
    String url = browser().pageUrl("gallery/quill.html");
    browser().open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "Note", "value", "The quick brown fox"),
        Map.of("type", "select", "name", "Note", "value", "quick"),
        Map.of("type", "click", "name", "Bold"),
        Map.of("done", true, "reasoning", "the note is written with quick in bold"));
    String expected = "{\"text\":\"The quick brown fox\",\"bold\":[\"quick\"]}";

    AuthorRun authored = AuthorRun.inProcess(browser().client(), dir, url, "Write the note, quick in bold", plan, Map.of(), "",
        "--approve", "auto", input);

    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(browser().eval("noteState()").asText()).as("the editor's contents after authoring").isEqualTo(expected);
    browser().open(url);
    AuthorRun.Replay replay = authored.replay(browser().client());
    assertThat(replay.code()).as(replay.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(browser().eval("noteState()").asText()).as("the editor's contents after the replay").isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--trusted-input", "--page-input"})
  void aThreePageFormIsGoneThroughWithNextAndComplete(String input) throws Exception {
    String url = browser().pageUrl("gallery/wizard.html");
    browser().open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "fill", "name", "Full name", "value", "Ada Lovelace"),
        Map.of("type", "click", "name", "Next"),
        Map.of("type", "fill", "name", "Street", "value", "12 Analytical Row"),
        Map.of("type", "select", "name", "Country", "value", "Portugal"),
        Map.of("type", "click", "name", "Next"),
        Map.of("type", "click", "name", "I agree to the terms"),
        Map.of("type", "click", "name", "Complete"),
        Map.of("done", true, "reasoning", "the form says it was received"));

    AuthorRun authored = AuthorRun.inProcess(browser().client(), dir, url, "Complete the sign-up form", plan, Map.of(), "",
        "--approve", "auto", input);

    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    JsonNode sent = Json.mapper().readTree(browser().eval("JSON.stringify(window.__received)").asText());
    assertThat(sent.toString()).isEqualTo("{\"name\":\"Ada Lovelace\",\"street\":\"12 Analytical Row\",\"country\":\"pt\",\"terms\":true}");
    // the model read where the form stood, from its step indicator
    assertThat(String.join("\n", authored.prompts())).contains("form at step 2 of 3: Address").contains("form at step 3 of 3: Confirm");
    // the export names each Next by the page of the form it is on, not by its place among the three
    assertThat(authored.exported()).contains("Step 1 of 3").contains("Step 2 of 3");
    browser().open(url);
    AuthorRun.Replay replay = authored.replay(browser().client());
    assertThat(replay.code()).as(replay.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(browser().eval("JSON.stringify(window.__received)").asText()).isEqualTo(sent.toString());
  }
}

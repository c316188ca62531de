package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.WorkflowYaml;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A combobox of a real widget library authored with {@code author} and a program that speaks in person terms
 * ("select Lisbon in Destination city"), exported, and replayed with {@code run} on a fresh load, on both input
 * paths: the library's own record of its value ({@code window.__value}) is checked after authoring and after the
 * replay, and the export targets the widget (its role and name), not an option of its list.
 */
@RealBrowser
abstract class ComboboxAuthorThenRun {
  /** The browser the tests author and replay in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  @TempDir
  Path dir;

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  @ParameterizedTest(name = "{0} ({3})")
  @CsvSource({
      "tom-select.html, Destination city, lisbon|Lisbon, --trusted-input",
      "select2.html, Pick a city, lisbon|Lisbon, --trusted-input",
      "jquery-ui-autocomplete.html, Destination city, Lisbon, --trusted-input",
      "shadow-select.html, Destination city, lisbon|Lisbon, --trusted-input",
      "tom-select.html, Destination city, lisbon|Lisbon, --page-input",
      "select2.html, Pick a city, lisbon|Lisbon, --page-input",
      "jquery-ui-autocomplete.html, Destination city, Lisbon, --page-input",
  })
  void aComboboxChoiceIsAuthoredExportedAndReplayedWithTheLibrarysValue(String page, String name, String recorded, String input)
      throws Exception {
    String url = browser().pageUrl("gallery/" + page);
    browser().open(url);
    List<Map<String, Object>> plan = List.of(
        Map.of("type", "select", "name", name, "value", "Lisbon"),
        Map.of("type", "fill", "name", "Traveller name", "value", "Ada"),
        Map.of("done", true, "reasoning", "Lisbon is chosen and the traveller named"));

    AuthorRun authored = AuthorRun.inProcess(browser().client(), dir, url, "Plan a trip to Lisbon for Ada", plan, Map.of(), "",
        "--approve", "auto", input);

    assertThat(authored.code()).as(authored.toString()).isEqualTo(AuthorCommand.EXIT_DONE);
    assertThat(browser().eval("window.__value").asText()).as("the library's value after authoring").isEqualTo(recorded);
    List<Step> steps = WorkflowYaml.read(authored.exported()).steps();
    Step select = steps.stream().filter(s -> "select".equals(s.type())).findFirst().orElseThrow();
    assertThat(select.value()).isEqualTo("Lisbon");
    String exported = authored.exported();
    assertThat(exported).as("the target is the widget, never an option of its list").doesNotContain("role: option");

    browser().open(url);
    assertThat(browser().eval("window.__values.length").asInt()).as("a fresh load").isZero();
    AuthorRun.Replay replay = authored.replay(browser().client());
    assertThat(replay.code()).as(replay.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(browser().eval("window.__value").asText()).as("the library's value after the replay").isEqualTo(recorded);
    assertThat(browser().eval("window.__values.length").asInt()).as("one choice, made once").isEqualTo(1);
    String selectLine = replay.out().lines().filter(l -> l.contains("\"select\"")).findFirst().orElseThrow();
    assertThat(Json.mapper().readTree(selectLine).path("ok").asBoolean()).as(selectLine).isTrue();
  }
}

package dev.waymark.cli;

import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.Browsers;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.Main;
import dev.waymark.testing.PageServer;
import dev.waymark.workflow.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code waymark observe} end to end: headless Chromium with the extension, a real page server. */
@RealBrowser
class ObserveCommandTest {
  static PageServer pages;

  record Run(int code, String out, String err) {}

  @BeforeAll
  static void start() throws Exception {
    pages = new PageServer();
  }

  @AfterAll
  static void stop() {
    if (pages != null) pages.close();
  }

  static Run run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void printsTheObservationAsJsonAndItsSizeOnStderr() throws Exception {
    Run r = run("observe", pages.url("observer/listings.html"));
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode o = Json.mapper().readTree(r.out());
    assertThat(o.path("title").asText()).isEqualTo("Listings");
    assertThat(o.path("nodes").size()).isEqualTo(40);
    assertThat(o.path("lists").size()).isEqualTo(3);
    assertThat(r.err()).contains("observation: 40 nodes, JSON").contains("tokens");
  }

  @Test
  void observeWithBrowserFirefoxPrintsWhatChromiumPrints() throws Exception {
    Run inChromium = run("observe", pages.url("observer/listings.html"));
    Run inFirefox = run("observe", pages.url("observer/listings.html"), "--browser", "firefox");
    assertThat(inFirefox.code()).as(inFirefox.err()).isZero();
    JsonNode c = Json.mapper().readTree(inChromium.out());
    JsonNode f = Json.mapper().readTree(inFirefox.out());
    java.util.List<String> fields = new java.util.ArrayList<>();
    f.fieldNames().forEachRemaining(fields::add);
    java.util.List<String> chromiumFields = new java.util.ArrayList<>();
    c.fieldNames().forEachRemaining(chromiumFields::add);
    assertThat(fields).containsExactlyElementsOf(chromiumFields);
    // Each engine's headless window has its own default size (Chromium 780×437 inside, Firefox larger), so what is
    // off screen differs; ObserveOnFirefoxTest compares every field at one viewport size.
    assertThat(withoutOffscreen(f.path("nodes"))).isEqualTo(withoutOffscreen(c.path("nodes")));
    assertThat(f.path("lists")).isEqualTo(c.path("lists"));
    assertThat(inFirefox.err()).contains("observation: 40 nodes, JSON");
  }

  private static JsonNode withoutOffscreen(JsonNode nodes) {
    com.fasterxml.jackson.databind.node.ArrayNode out = nodes.deepCopy();
    out.forEach(n -> ((com.fasterxml.jackson.databind.node.ObjectNode) n).remove("offscreen"));
    return out;
  }

  @Test
  void waitsForTheNetworkToGoQuietEvenWhileTheDomStandsStill() {
    Run r = run("observe", "--text", pages.url("observer/slow-fetch.html"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"Arrived order\"");
  }

  @Test
  void waitsForContentThatArrivesAfterLoad() {
    Run r = run("observe", "--text", pages.url("observer/late.html"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("e1 button \"Late button\"").contains("# Results");
  }

  @Test
  void textPrintsTheCompactForm() {
    Run r = run("observe", "--text", "--with-text", pages.url("observer/consent.html"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("page \"News with consent wall\"");
    assertThat(r.out()).contains("modal: \"We value your privacy\"").contains("e5 button \"Accept all\"").contains("text:\n");
  }

  @Test
  void missingBrowserExitsWithAClearMessage() {
    Run r = run("observe", "--chromium", "/nonexistent/chromium", pages.url("observer/shop.html"));
    assertThat(r.code()).isEqualTo(ObserveCommand.EXIT_NO_BROWSER);
    assertThat(r.err()).contains("No browser executable at /nonexistent/chromium");
  }

  @Test
  void pageThatDoesNotLoadExitsWithAClearMessage() {
    Run r = run("observe", "--timeout", "15", "http://127.0.0.1:1/nothing-listens-here");
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ObserveCommand.EXIT_NOT_LOADED);
    assertThat(r.err()).startsWith("The page did not load: navigation to http://127.0.0.1:1/nothing-listens-here failed: net::ERR_UNSAFE_PORT");
  }

  @Test
  void notAWebAddressIsAUsageError() {
    Run r = run("observe", "ftp://example.com/");
    assertThat(r.code()).isEqualTo(ObserveCommand.EXIT_USAGE);
  }
}

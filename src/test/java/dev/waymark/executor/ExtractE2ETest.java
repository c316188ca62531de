package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.bridge.PerformResult;
import dev.waymark.workflow.ExtractField;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** extract, extractList (pagination, load more, infinite scroll, bounds) and captureUrl through the real bridge. */
@RealBrowser
class ExtractE2ETest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  private static JsonNode rows(PerformResult r) throws Exception {
    assertThat(r.ok()).as(r.error()).isTrue();
    return JSON.readTree(r.data().asText());
  }

  private static List<String> column(JsonNode rows, String name) {
    List<String> out = new ArrayList<>();
    rows.forEach(row -> out.add(row.get(name).asText()));
    return out;
  }

  @Test
  void extractReadsTextAttributesAsAbsoluteUrlsAndHtml() {
    browser.open("basic.html");

    assertThat(browser.data(step("extract").selector(css("#price")).build())).isEqualTo("Price: 12.50 EUR");
    assertThat(browser.data(step("extract").selector(css("#price")).attribute("data-sku").build())).isEqualTo("A-17");
    assertThat(browser.data(step("extract").selector(css("#rel-link")).attribute("href").build())).isEqualTo(browser.page("nav-b.html?x=1"));
    assertThat(browser.data(step("extract").selector(css("#price")).format("html").build()))
        .isEqualTo("<p id=\"price\" data-sku=\"A-17\" title=\"Price\">Price: <b>12.50</b> EUR</p>");
    assertThat(browser.data(step("extract").selector(css("#price")).format("inner_html").build())).isEqualTo("Price: <b>12.50</b> EUR");
    PerformResult missing = browser.perform(step("extract").selector(css("#price")).attribute("data-none").build());
    assertThat(missing.error()).startsWith("element has no attribute 'data-none': <p id=price>");
  }

  @Test
  void extractListFollowsNextLinksAcrossPagesWithColumnsInFieldOrder() throws Exception {
    browser.open("list-1.html");
    Map<String, ExtractField> fields = new LinkedHashMap<>();
    fields.put("name", new ExtractField(".name", null));
    fields.put("link", new ExtractField(".name", "href"));
    fields.put("price", new ExtractField(".price", null));
    fields.put("stock", new ExtractField(".stock", null));

    PerformResult r = browser.perform(step("extractList").selector(css("li.product")).fields(fields).build());
    JsonNode rows = rows(r);

    assertThat(rows).hasSize(12);
    List<String> keys = new ArrayList<>();
    rows.get(0).fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("name", "link", "price", "stock");
    assertThat(column(rows, "name")).startsWith("Product 1", "Product 2").endsWith("Product 12");
    assertThat(rows.get(0).get("link").asText()).isEqualTo(browser.page("product-1.html"));
    assertThat(column(rows, "stock")).containsExactly("", "", "sold out", "", "", "sold out", "", "", "sold out", "", "", "sold out");
    assertThat(r.url()).isEqualTo(browser.page("list-3.html"));
    assertThat(browser.lastPayload().path("pages").asInt()).isEqualTo(3);
    assertThat(browser.lastPayload().path("truncated").asBoolean()).isFalse();
  }

  @Test
  void extractListStopsAtItsLimitAndSaysItTruncated() throws Exception {
    browser.open("list-1.html");

    PerformResult r = browser.perform(step("extractList").selector(css("li.product"))
        .fields(Map.of("name", new ExtractField(".name", null))).limit(6).build());

    assertThat(column(rows(r), "name")).containsExactly("Product 1", "Product 2", "Product 3", "Product 4", "Product 5", "Product 6");
    assertThat(browser.lastPayload().path("truncated").asBoolean()).isTrue();
  }

  @Test
  void extractListClicksLoadMoreUntilItIsDisabled() throws Exception {
    browser.open("loadmore.html");
    Map<String, ExtractField> fields = new LinkedHashMap<>();
    fields.put("title", new ExtractField("h3", null));
    fields.put("id", new ExtractField(".tag", "data-id"));

    JsonNode rows = rows(browser.perform(step("extractList").selector(css(".card")).fields(fields).build()));

    assertThat(rows).hasSize(12);
    assertThat(column(rows, "id")).startsWith("c1", "c2").endsWith("c12").doesNotHaveDuplicates();
  }

  @Test
  void extractListScrollsAnInfiniteListUpToTheLimit() throws Exception {
    browser.open("infinite.html");

    JsonNode rows = rows(browser.perform(step("extractList").selector(css(".row")).limit(25).build()));

    assertThat(column(rows, "text")).hasSize(25).startsWith("Row 1").endsWith("Row 25").doesNotHaveDuplicates();
    assertThat(browser.lastPayload().path("truncated").asBoolean()).isTrue();
  }

  @Test
  void extractListWithoutALimitStopsAtTheExtensionsOwnBound() throws Exception {
    browser.open("big.html");
    Map<String, ExtractField> fields = new LinkedHashMap<>();
    fields.put("n", new ExtractField(".n", null));
    fields.put("square", new ExtractField(".sq", null));

    JsonNode rows = rows(browser.perform(step("extractList").selector(css("tr.r")).fields(fields).build()));

    assertThat(rows).hasSize(1000);
    assertThat(rows.get(999).get("square").asText()).isEqualTo("1000000");
    assertThat(browser.lastPayload().path("truncated").asBoolean()).isTrue();
    assertThat(browser.lastPayload().path("items").asInt()).isEqualTo(1000);
  }

  @Test
  void extractingTheSameListTwiceReadsItTwice() throws Exception {
    browser.open("basic.html");
    Step list = step("extractList").selector(css("li.it")).build();

    JsonNode first = rows(browser.perform(list));
    JsonNode second = rows(browser.perform(list));

    assertThat(column(first, "text")).containsExactly("one", "two", "three");
    assertThat(second).isEqualTo(first);
  }

  @Test
  void extractListOfNothingSaysSo() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("extractList").selector(css(".nothing")).timeoutMs(300).build());

    assertThat(r.error()).isEqualTo("no element matches css '.nothing' (waited 300 ms)");
  }

  @Test
  void capturedFileIsSavedByTheStudioUnderTheStepsFileName(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    browser.open("login");
    dev.waymark.bridge.BridgeBrowserPort port = new dev.waymark.bridge.BridgeBrowserPort(browser.harness().client(),
        new dev.waymark.bridge.CaptureFolder(dir));

    dev.waymark.workflow.StepResult r = port.perform(step("captureUrl").id("cap-1").url("/echo")
        .filename("report-{{ month }}.json").build(), Map.of("month", "2026-11"), 10_000);

    assertThat(r.ok()).as(r.error()).isTrue();
    java.nio.file.Path saved = dir.resolve("report-2026-11.json");
    assertThat(saved).exists();
    assertThat(JSON.readTree(java.nio.file.Files.readAllBytes(saved)).get("method").asText()).isEqualTo("GET");
    assertThat(r.data()).contains("saved").contains(saved.toString());
  }

  @Test
  void captureUrlGetsInThePagesSessionWithParamsInTheQuery() throws Exception {
    browser.open("login");

    PerformResult r = browser.perform(step("captureUrl").url("/echo").bodyParams(Map.of("who", "{{ who }}")).build(),
        Map.of("who", "zed zed"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.file().filename()).isEqualTo("echo.json");
    assertThat(r.file().mime()).isEqualTo("application/json");
    JsonNode echo = JSON.readTree(Base64.getDecoder().decode(r.file().base64()));
    assertThat(r.file().size()).isEqualTo(Base64.getDecoder().decode(r.file().base64()).length);
    assertThat(echo.get("method").asText()).isEqualTo("GET");
    assertThat(echo.get("query").asText()).isEqualTo("who=zed+zed");
    assertThat(echo.get("cookie").asText()).isEqualTo("sid=s3ss10n");
  }

  @Test
  void captureUrlPostsFormEncodedAndKeepsTheFilenameTokens() throws Exception {
    browser.open("login");
    Map<String, String> params = new LinkedHashMap<>();
    params.put("a", "1");
    params.put("b", "x y");

    PerformResult r = browser.perform(step("captureUrl").url(browser.page("echo?z=9")).method("POST").bodyParams(params)
        .filename("report-{{ who }}.json").build(), Map.of("who", "secret-name"));

    assertThat(r.ok()).as(r.error()).isTrue();
    JsonNode echo = JSON.readTree(new String(Base64.getDecoder().decode(r.file().base64()), StandardCharsets.UTF_8));
    assertThat(echo.get("method").asText()).isEqualTo("POST");
    assertThat(echo.get("query").asText()).isEqualTo("z=9");
    assertThat(echo.get("body").asText()).isEqualTo("a=1&b=x+y");
    assertThat(echo.get("content_type").asText()).startsWith("application/x-www-form-urlencoded");
    assertThat(r.file().filename()).isEqualTo("report-{{ who }}.json");
  }

  @Test
  void captureUrlOfAMissingFileFails() {
    browser.open("login");

    PerformResult r = browser.perform(step("captureUrl").url("/nothing-here").build());

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("GET " + browser.page("nothing-here") + " answered HTTP 404");
  }

  @Test
  void optionalAndStoreComeBackForTheStudioToDecide() {
    browser.open("basic.html");

    PerformResult failed = browser.perform(step("click").selector(css("#nope")).optional(true).timeoutMs(200).build());
    assertThat(failed.ok()).isFalse();
    assertThat(failed.error()).isEqualTo("no element matches css '#nope' (waited 200 ms)");
    assertThat(browser.lastPayload().path("optional").asBoolean()).isTrue();

    PerformResult stored = browser.perform(step("extract").selector(css("#price b")).store("price").build());
    assertThat(stored.data().asText()).isEqualTo("12.50");
    assertThat(browser.lastPayload().path("store").asText()).isEqualTo("price");
  }

  @Test
  void anExtractedEchoOfARealValueIsMasked() {
    browser.open("basic.html");
    browser.perform(click("#plain"));
    browser.perform(Steps.fill("#name", "{{ card }}"), Map.of("card", "4111111111111111"));

    PerformResult r = browser.perform(step("extract").selector(new Selector("#name", null, null, null, null, false)).attribute("value").build(),
        Map.of("card", "4111111111111111"));

    assertThat(r.data().asText()).isEqualTo("{{ card }}");
  }
}

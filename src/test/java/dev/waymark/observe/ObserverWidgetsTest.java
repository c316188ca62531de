package dev.waymark.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.RealBrowser;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The observer on the markup of real widgets (Swagger UI, documentation pages, Tabulator, AG Grid, ARIA tables,
 * TodoMVC), each rule checked on more than one family of pages, in real headless Chromium.
 */
@RealBrowser
class ObserverWidgetsTest {
  @RegisterExtension
  static ObserverBrowser browser = new ObserverBrowser();

  static PageObservation observe(String page) throws Exception {
    return browser.observe(page);
  }

  static ObservedNode byName(PageObservation o, String name) {
    return ObserverBrowser.byName(o, name);
  }

  static ObservedList listOf(PageObservation o, String selector) {
    return ObserverBrowser.listOf(o, selector);
  }

  @ParameterizedTest
  @ValueSource(strings = {"swagger.html", "docs-api.html", "tabulator.html", "ag-grid.html", "aria-table.html", "todomvc.html"})
  void everySelectorMatchesExactlyItsNode(String page) throws Exception {
    browser.chromium().open(browser.pages().url("observer/" + page));
    JsonNode r = browser.chromium().evalJson(ObserverPagesTest.RESOLVE_ALL);
    assertThat(r.get("count").asInt()).isPositive();
    assertThat(r.get("bad")).as("nodes whose selector does not resolve to them").isEmpty();
  }

  @Test
  void aLabelThatIsNotRenderedNamesNothingAsInChromeYetItsWordsStayAsTheControlsText() throws Exception {
    PageObservation page = observe("hidden-labels.html");
    // a visually hidden label is rendered: it names its field
    assertThat(byName(page, "Search todos").selector()).isEqualTo("#search");
    // display:none, under a hidden wrapper, visibility:hidden: Chrome names nothing by them
    for (String[] c : new String[][] {{"#toggle-all", "Mark all as complete"}, {"#email", "Email address"},
        {"#terms", "I accept the terms"}}) {
      assertThat(page.nodes()).filteredOn(n -> c[0].equals(n.selector())).singleElement()
          .satisfies(n -> assertThat(n.name()).isNull(), n -> assertThat(n.text()).isEqualTo(c[1]));
    }
    assertThat(page.nodes()).filteredOn(n -> "#bare".equals(n.selector())).singleElement()
        .satisfies(n -> assertThat(n.name()).isNull(), n -> assertThat(n.text()).isNull());
  }

  @Test
  void headingTextJoinsBlockChildrenWithASpaceAndInlineOnesWithout() throws Exception {
    PageObservation swagger = observe("swagger.html");
    assertThat(swagger.headings()).extracting(ObservedHeading::text)
        .contains("pets Pets of the clinic", "owners People who own pets", "visits Appointments", "Clinic API 1.0");
    PageObservation docs = observe("docs-api.html");
    assertThat(docs.headings()).extracting(ObservedHeading::text).contains("owners People who own pets", "Hello world");
    // names: accessible names and a clickable's shown text join blocks too
    assertThat(byName(docs, "Save draft").role()).isEqualTo("button");
    assertThat(ObserverBrowser.byText(docs, "Open settings").role()).isEqualTo("generic");
    assertThat(byName(swagger, "GET /pets List pets").role()).isEqualTo("button");
  }

  @Test
  void aNodesSectionIsTheHeadingItSitsUnderInsideItsLandmark() throws Exception {
    PageObservation swagger = observe("swagger.html");
    // tag sections are a run of page regions (they hold operations), not cards: their headings are sections
    assertThat(byName(swagger, "GET /pets List pets").section()).isEqualTo("pets Pets of the clinic");
    assertThat(byName(swagger, "GET /pets/{id} Find a pet").section()).isEqualTo("pets Pets of the clinic");
    assertThat(byName(swagger, "DELETE /owners/{id} Remove an owner").section()).isEqualTo("owners People who own pets");
    // a control after the last tag section is not under it
    assertThat(byName(swagger, "Schemas").section()).isNotIn("visits Appointments", "main");
    PageObservation docs = observe("docs-api.html");
    // inside a labelled main, the heading is the more specific
    assertThat(byName(docs, "Try it").section()).isEqualTo("owners People who own pets");
    assertThat(byName(docs, "Copy").section()).isEqualTo("Hello world");
    // a landmark titled by its own heading keeps its landmark name; card titles name no section
    assertThat(byName(docs, "Copy link").section()).isEqualTo("dialog \"Share this page\"");
    assertThat(docs.nodes().stream().filter(n -> "Edit".equals(n.name())))
        .hasSize(3).allSatisfy(n -> assertThat(n.section()).isEqualTo("region \"Guides\""));
    assertThat(byName(docs, "Docs home").section()).isEqualTo("banner");
  }

  @Test
  void controlsThatDoWhatAnotherControlOfTheirItemDoesAreListedOnce() throws Exception {
    PageObservation swagger = observe("swagger.html");
    List<String> names = swagger.nodes().stream().map(ObservedNode::name).toList();
    // six operations: one summary button each, neither its inner deep link nor its collapse arrow
    assertThat(names.stream().filter(n -> n != null && n.matches("(GET|POST|DELETE) .*"))).hasSize(6);
    assertThat(names).noneMatch(n -> n != null && n.replace("\u200b", "").matches("(get|post|delete) /.*"));
    assertThat(names).doesNotContain("/pets");
    // what acts differently stays: the lock of each operation, the tag's own link and collapse button
    assertThat(names.stream().filter("authorization button unlocked"::equals)).hasSize(6);
    assertThat(names).contains("pets", "owners", "visits");
    assertThat(swagger.nodes().stream().filter(n -> "Collapse operation".equals(n.name()))).hasSize(3);
    for (int i = 0; i < swagger.nodes().size(); i++) assertThat(swagger.nodes().get(i).ref()).isEqualTo("e" + (i + 1));

    PageObservation docs = observe("docs-api.html");
    List<String> docNames = docs.nodes().stream().map(ObservedNode::name).toList();
    // a link over the card beside its title link to the same address: the more descriptive one stays
    assertThat(docNames).contains("Getting started guide").doesNotContain("Getting started");
    // a card link wrapping its title link: the outer one stays
    ObservedNode testing = docs.nodes().stream().filter(n -> n.href() != null && n.href().endsWith("/guides/test")).findFirst().orElseThrow();
    assertThat(testing.name()).isEqualTo("Testing Check it");
    assertThat(docs.nodes().stream().filter(n -> n.href() != null && n.href().endsWith("/guides/test"))).hasSize(1);
    // a link to elsewhere in the same card is another action
    assertThat(docNames.stream().filter("Edit"::equals)).hasSize(3);
    assertThat(docNames).contains("Deploying");
    // the compact form still addresses every kept control, and the dropped ones are nowhere in it
    String compact = CompactObservation.render(swagger);
    for (ObservedNode n : swagger.nodes()) assertThat(compact).contains(n.ref() + " ");
    assertThat(compact).doesNotContain("\"get \u200b/pets\"");
  }

  @Test
  void aDivGridNamesItsFieldsByColumnHeadersAndItsButtonPagerIsNumberedPagination() throws Exception {
    PageObservation o = observe("tabulator.html");
    ObservedList rows = listOf(o, "div.tabulator-table > div.tabulator-row");
    assertThat(rows.count()).isEqualTo(20);
    assertThat(rows.fields()).extracting(ObservedListField::name).containsExactly("sku", "name", "category", "price", "in_stock");
    assertThat(rows.fields()).extracting(ObservedListField::css).contains("[tabulator-field=\"sku\"]");
    assertThat(rows.fields().get(0).sample()).isEqualTo("SKU-0001");
    ObservedPagination p = rows.pagination();
    assertThat(p).isNotNull();
    assertThat(p.kind()).isEqualTo("numbered");
    assertThat(p.pages()).isEqualTo(5);
    assertThat(p.label()).isEqualTo("Next");
    assertThat(p.selector()).isEqualTo("button[aria-label=\"Next Page\"]");
    // the header row is no list, and the keyboard-scroll box around the rows is no control
    assertThat(o.lists()).hasSize(1);
    assertThat(o.nodes()).noneSatisfy(n -> assertThat(n.name()).startsWith("SKU-0001"));
    assertThat(CompactObservation.render(o)).contains("  next: numbered 5 pages \"Next\" e");
    // the pager's selector is the control that turns the page
    browser.chromium().eval("document.querySelector(" + Json.quote(p.selector()) + ").click()");
    await().atMost(Duration.ofSeconds(5)).until(() -> browser.chromium().eval(
        "document.querySelector('#inventory [tabulator-field=\"sku\"][role=gridcell]').textContent").asText().equals("SKU-0021"));
  }

  @Test
  void ariaAndAgGridsNameFieldsByTheirHeadersByKeyOrPosition() throws Exception {
    PageObservation ag = observe("ag-grid.html");
    ObservedList cars = listOf(ag, "#car-rows > div.ag-row");
    assertThat(cars.count()).isEqualTo(4);
    // the cells come in another order than the columns: the key matches them, not the position
    assertThat(cars.fields()).extracting(ObservedListField::name).containsExactlyInAnyOrder("make", "model", "price");
    assertThat(cars.fields()).filteredOn(f -> f.name().equals("make")).extracting(ObservedListField::sample).containsExactly("Toyota");
    assertThat(cars.fields()).filteredOn(f -> f.name().equals("price")).extracting(ObservedListField::css).containsExactly("[col-id=\"price\"]");
    PageObservation staff = observe("aria-table.html");
    ObservedList people = listOf(staff, "#staff-rows > div.person");
    assertThat(people.fields()).extracting(ObservedListField::name).containsExactly("full_name", "team", "start_date");
    assertThat(people.fields().get(0).sample()).isEqualTo("Ada Lovelace");
    ObservedPagination p = people.pagination();
    assertThat(p.kind()).isEqualTo("numbered");
    assertThat(p.pages()).isEqualTo(3);
    assertThat(p.label()).isEqualTo("Next ›");
    assertThat(p.selector()).isEqualTo("button.next");
  }

  @Test
  void theToggleOfATodoIsNamedByItsItemsRecordIdNotItsPosition() throws Exception {
    PageObservation o = observe("todomvc.html");
    ObservedNode milk = o.nodes().stream().filter(n -> "checkbox".equals(n.role()) && "Buy milk".equals(n.context())).findFirst()
        .orElseThrow(() -> new AssertionError("no toggle in \"Buy milk\": " + o.nodes()));
    assertThat(milk.selector()).isEqualTo("li[data-id=\"1404812345002\"] input.toggle");
    assertThat(milk.positional()).isFalse();
    assertThat(byName(o, "What needs to be done?").selector()).isEqualTo("#new-todo");
    assertThat(byName(o, "Clear completed").selector()).isEqualTo("#clear-completed");
    // an implementation without record ids leaves positions only, and says so
    ObservedNode book = o.nodes().stream().filter(n -> "checkbox".equals(n.role()) && "Read a book".equals(n.context())).findFirst().orElseThrow();
    assertThat(book.positional()).isTrue();
    assertThat(book.selector()).contains(":nth-of-type(");
    assertThat(CompactObservation.render(o)).contains(book.ref() + " checkbox").contains("\"Read a book\" positional");
    // the selector ticks that todo, and still names it after the list re-rendered
    browser.chromium().eval("document.querySelector(" + Json.quote(milk.selector()) + ").click()");
    await().atMost(Duration.ofSeconds(5)).until(() -> browser.chromium().eval(
        "document.querySelector(" + Json.quote(milk.selector()) + ").checked").asBoolean());
    assertThat(browser.chromium().eval("document.querySelector('#todo-count').textContent").asText()).isEqualTo("1 items left");
  }

  /** JavaScript string literals for selectors put into evaluated expressions. */
  static final class Json {
    static String quote(String s) {
      return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
  }
}

package dev.waymark.gallery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.PerformResult;
import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.PagesInABrowser;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real Tabulator grid: its sortable column headers are controls that say how the grid is sorted by them, its
 * header filter is known by its column, and a fill of a cell named by its row's key edits it through the grid's
 * editor. Each step is judged by the grid's own API (sorters, header filters, the rows shown, its data).
 */
abstract class GridWidgets {
  /** The browser the tests run in: each engine's class gives its harness. */
  abstract PagesInABrowser browser();

  @BeforeAll
  static void libraries() {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery's libraries are installed by Maven's npm ci (src/test/node/gallery)");
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aSortableHeaderSortsTheGridAndSaysHowItIsSorted(String input) throws Exception {
    open(input);
    PageObservation o = WidgetSteps.observe(browser());
    ObservedNode price = WidgetSteps.one(o, n -> "columnheader".equals(n.role()) && "Price".equals(n.name()));
    assertThat(price.widget().kind()).isEqualTo("sortable");
    assertThat(price.widget().sort()).isEqualTo("none");
    // a column the grid does not sort by is no control
    assertThat(o.nodes()).noneMatch(n -> "columnheader".equals(n.role()) && "SKU".equals(n.name()));
    assertThat(CompactObservation.render(o)).contains(price.ref() + " columnheader \"Price\" [sortable sort=none]");

    PerformResult first = WidgetSteps.perform(browser(), "click", price, null, 8000);
    assertThat(first.ok()).as(first.error()).isTrue();
    assertThat(grid().path("sorters").toString()).isEqualTo("[\"price:asc\"]");
    assertThat(WidgetSteps.one(WidgetSteps.observe(browser()), n -> "Price".equals(n.name()) && "columnheader".equals(n.role())).widget().sort()).isEqualTo("ascending");

    PerformResult second = WidgetSteps.perform(browser(), "click", price, null, 8000);
    assertThat(second.ok()).as(second.error()).isTrue();
    assertThat(grid().path("sorters").toString()).isEqualTo("[\"price:desc\"]");
    assertThat(grid().path("shown").get(0).asText()).isEqualTo("Kettle");
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aHeaderFilterIsKnownByItsColumnAndFiltersTheRows(String input) throws Exception {
    open(input);
    ObservedNode filter = WidgetSteps.one(WidgetSteps.observe(browser()), n -> "searchbox".equals(n.role()));
    assertThat(filter.name()).as("Chrome names the filter nothing").isNull();
    assertThat(filter.context()).isEqualTo("Name");

    PerformResult r = WidgetSteps.perform(browser(), "fill", filter, "Tea", 8000);

    assertThat(r.ok()).as(r.error()).isTrue();
    // Tabulator filters 300 ms after the last key (at once on change, which only page-script typing sends)
    await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(3)).untilAsserted(() -> {
      JsonNode g = grid();
      assertThat(g.path("filters").toString()).isEqualTo("[\"name=Tea\"]");
      assertThat(g.path("shown").toString()).isEqualTo("[\"Teapot\"]");
    });
  }

  @ParameterizedTest(name = "{0} input")
  @ValueSource(strings = {"page", "trusted"})
  void aCellNamedByItsRowsKeyIsEditedThroughTheGridsEditor(String input) throws Exception {
    open(input);
    ObservedNode kettleStock = WidgetSteps.one(WidgetSteps.observe(browser()), n -> "gridcell".equals(n.role()) && "3".equals(n.name())
        && n.context() != null && n.context().startsWith("A-102"));

    PerformResult r = WidgetSteps.perform(browser(), "fill", kettleStock, "9", 8000);

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.effect()).isEqualTo("the cell now shows '9'");
    assertThat(grid().path("data").toString()).contains("\"A-102:9\"").contains("\"A-101:7\"");
  }

  @org.junit.jupiter.api.Test
  void aVirtualizedGridSaysHowManyRowsItHasBesideTheOnesItDraws() throws Exception {
    browser().open(browser().pageUrl("gallery/ag-grid-virtual.html"));
    await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(5)).until(() -> browser().eval("document.querySelectorAll('.ag-row').length > 0").asBoolean());
    PageObservation o = WidgetSteps.observe(browser());
    assertThat(browser().eval("api.getDisplayedRowCount()").asInt()).as("the grid's own count").isEqualTo(1000);
    dev.waymark.observe.ObservedList rows = o.lists().stream().filter(l -> l.total() > 0).findFirst()
        .orElseThrow(() -> new AssertionError("no list with a total in " + CompactObservation.render(o)));
    assertThat(rows.total()).isEqualTo(1000);
    assertThat(rows.count()).isLessThan(100);
    assertThat(CompactObservation.render(o)).contains(rows.ref() + " ×" + rows.count() + " of 1000");
  }

  private void open(String input) throws Exception {
    browser().open(browser().pageUrl("gallery/tabulator.html"));
    WidgetSteps.useInput(browser(), input);
  }

  private JsonNode grid() throws Exception {
    return Json.mapper().readTree(browser().eval("gridState()").asText());
  }

}
